import type { PublishedSiteView } from '@app/sites';
import { bareMessagePage } from './html/site-pages';
import type { OpenedSite } from './published-site.reader';
import type { SiteAddress } from './site-address';
import { HTML, type SiteResponse } from './site-response';
import { isCredentialParam, queryString, type QueryValues } from './visitor-credentials';

/** What the router answers: a response, with the cookies to set and, for page views, who saw what where. */
export type SiteAnswer = SiteResponse & { cookies?: string[]; site?: PublishedSiteView; opened?: Extract<OpenedSite, { kind: 'open' }>; address?: SiteAddress };

export const missing = (): SiteAnswer => ({
  status: 404,
  contentType: HTML,
  body: bareMessagePage({ status: 404, heading: 'Page not found', message: 'There is no published site at this address.' }),
  noindex: true,
});

export function denied(opened: Exclude<OpenedSite, { kind: 'open' }>, address: SiteAddress): SiteAnswer {
  if (opened.kind === 'denied' && opened.status === 401) {
    if (opened.fallbackURL) {
      const to = new URL(opened.fallbackURL);
      to.searchParams.set('location', `/${address.segments.map(encodeURIComponent).join('/')}`);
      return { status: 302, contentType: HTML, body: '', headers: { Location: to.toString(), 'Cache-Control': 'no-store' }, noindex: true };
    }
    const body = bareMessagePage({ status: 401, heading: 'Sign in to read this site', message: 'This site is only for authenticated visitors.' });
    return { status: 401, contentType: HTML, body, noindex: true };
  }
  return missing();
}

/** The query string without the credential parameters ('' when nothing is left). */
export function withoutCredentials(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (isCredentialParam(name)) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** A preview's visitor claims (`?claims=<JSON object>`, as GetPublishingPreviewQuery builds the URL). */
export function previewClaims(query: QueryValues): Record<string, unknown> {
  const raw = queryString(query, 'claims');
  if (!raw) return {};
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const previewQuery = (query: QueryValues): string => {
  const raw = queryString(query, 'claims');
  return raw ? `?claims=${encodeURIComponent(raw)}` : '';
};
