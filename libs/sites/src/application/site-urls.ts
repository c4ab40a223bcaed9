import { Urls } from '@app/platform';

/**
 * The URLs of a site. Published sites are served under PUBLIC_URL by the published-sites
 * context: `/published/<organizationId>/<basename>`, then the path of the section and of the
 * site space when they are not the defaults (a default lives at its parent's URL).
 */
export const sitePublishedUrl = (urls: Urls, site: { organizationId: string; basename: string }): string =>
  urls.published(`/${encodeURIComponent(site.organizationId)}/${encodeURIComponent(site.basename)}`);

/** `base` followed by the path segments of the items that are not the default of their level. */
export const publishedPathUnder = (base: string, ...steps: Array<{ path: string; isDefault: boolean } | null>): string =>
  [base, ...steps.filter((s) => s !== null && !s.isDefault).map((s) => s!.path)].join('/');

export const siteApiUrl = (urls: Urls, organizationId: string, siteId: string) => urls.api(`/orgs/${organizationId}/sites/${siteId}`);
export const siteAppUrl = (urls: Urls, organizationId: string, siteId: string) => urls.app(`/o/${organizationId}/sites/${siteId}`);
