import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'crypto';
import type { Request } from 'express';
import { SiteEventRecorder, type SiteInsightsEventInput } from '../ports';
import type { OpenedSite } from './published-site.reader';
import type { SiteAddress } from './site-address';
import type { PageViewLocation } from './site-response';
import { COOKIES, parseCookies, serializeCookie } from './visitor-credentials';

const YEAR = 365 * 24 * 3600;
/** A session ends after 30 minutes without a page view (the usual analytics definition). */
const SESSION = 30 * 60;
const ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Records a `page_view` (the reference's SiteInsightsEventPageView) for every page the site
 * renders, server-side: no script on the page. The visitor and session ids live in cookies of
 * the site's path; the IP goes to the insights part, which stores it truncated. The visitor's
 * cookies are not passed on: some of them are credentials.
 */
@Injectable()
export class PageViews {
  private readonly logger = new Logger('PageViews');

  constructor(private readonly recorder: SiteEventRecorder) {}

  /** Records the view and answers the Set-Cookie values that keep the visitor and session ids. */
  async record(
    req: Request,
    opened: Extract<OpenedSite, { kind: 'open' }>,
    address: SiteAddress,
    location: PageViewLocation,
    secure: boolean,
  ): Promise<string[]> {
    const cookies = parseCookies(req.headers.cookie);
    const visitorId = ID.test(cookies[COOKIES.visitorId] ?? '') ? cookies[COOKIES.visitorId] : newId();
    const sessionId = ID.test(cookies[COOKIES.sessionId] ?? '') ? cookies[COOKIES.sessionId] : newId();
    const claims = opened.view.claims;
    const event: SiteInsightsEventInput = {
      type: 'page_view',
      session: {
        visitorId,
        sessionId,
        cookies: {},
        ...(req.ip ? { ip: req.ip } : {}),
        userAgent: req.headers['user-agent'] ?? '',
        language: language(req.headers['accept-language']),
        referrer: referrer(req.headers.referer),
        ...(Object.keys(claims).length ? { visitorAuthClaims: claims } : {}),
      },
      location: {
        url: location.url,
        displayContext: 'site',
        siteSection: location.siteSection,
        siteSpace: location.siteSpace,
        siteShareKey: null,
        space: location.space,
        revision: location.revision,
        page: location.page,
      },
    };
    try {
      await this.recorder.record(opened.site.organizationId, opened.site.siteId, [event]);
    } catch (e) {
      // Analytics never cost a reader their page.
      this.logger.warn(`page_view not recorded: ${e instanceof Error ? e.message : String(e)}`);
    }
    const path = address.basePath || '/';
    return [
      serializeCookie(COOKIES.visitorId, visitorId, { path, secure, maxAge: YEAR }),
      serializeCookie(COOKIES.sessionId, sessionId, { path, secure, maxAge: SESSION }),
    ];
  }
}

const newId = () => randomBytes(16).toString('base64url');

/** The first language of Accept-Language (`fr-CH`), null when there is none. */
function language(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(first) ? first : null;
}

/** The Referer when it is an http(s) URL, else null. */
function referrer(header: string | undefined): string | null {
  if (!header || header.length > 2048) return null;
  try {
    const u = new URL(header);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}
