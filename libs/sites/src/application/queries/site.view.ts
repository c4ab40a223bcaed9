import { Role, Urls } from '@app/platform';
import { SITE_FEATURES } from '../../domain/site-features';
import { sitePermissions } from '../../domain/site-permissions';
import { sitePublishedUrl, siteApiUrl, siteAppUrl } from '../site-urls';
import { SiteDoc } from './sites.read-model';

/** The reference `Site` (with the newer reference's `permissions`, as the contract asks of every resource). */
export function toSiteView(d: SiteDoc, role: Role | null, urls: Urls) {
  const published = sitePublishedUrl(urls, d);
  return {
    object: 'site' as const,
    id: d.id,
    type: d.type,
    // No site is frozen on this server: the applied type is the type.
    appliedType: d.type,
    title: d.title,
    ...(d.hostname ? { hostname: d.hostname } : {}),
    basename: d.basename,
    ...(d.proxy ? { proxy: { origin: d.proxy, target: published } } : {}),
    visibility: d.visibility,
    published: d.published,
    siteSpaces: d.siteSpaces,
    createdAt: d.createdAt,
    adaptiveContent: { enabled: d.adaptiveContent },
    agentsContext: d.agentsContext,
    features: SITE_FEATURES.map((f) => ({ ...f, plan: d.type, frozen: false })),
    permissions: sitePermissions(role),
    urls: {
      location: siteApiUrl(urls, d.organizationId, d.id),
      app: siteAppUrl(urls, d.organizationId, d.id),
      ...(d.published ? { published } : {}),
    },
  };
}

export type SiteView = ReturnType<typeof toSiteView>;
