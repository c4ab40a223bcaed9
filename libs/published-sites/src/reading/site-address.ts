/**
 * Where a request or a URL points on a published site, before anything is looked up. Three
 * forms reach a site (libs/sites/src/application/site-urls.ts produces them):
 *   - path form   PUBLIC_URL/published/<organizationId>/<basename>/<rest>
 *   - preview     PUBLIC_URL/published/~preview/<siteId>/<rest>
 *   - host form   https://<custom hostname>/<rest>
 */
export type SiteLocator = { organizationId: string; basename: string } | { hostname: string } | { siteId: string };

export interface SiteAddress {
  locator: SiteLocator;
  mode: 'path' | 'host' | 'preview';
  /** The site's root path on its host, without a trailing slash ('' at a custom hostname's root). */
  basePath: string;
  /** The decoded path segments after the site's root (empty segments dropped). */
  segments: string[];
}

export const PUBLISHED_PREFIX = '/published/';
export const PREVIEW_SEGMENT = '~preview';

/** Decoded segments of a path, or null when one is not valid percent-encoding. */
export function pathSegments(path: string): string[] | null {
  const out: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return out;
}

/** The address of a path under the published prefix (`/published/…` relative to the server's root), or null. */
export function pathFormAddress(pathname: string): SiteAddress | null {
  if (!pathname.startsWith(PUBLISHED_PREFIX)) return null;
  const segments = pathSegments(pathname.slice(PUBLISHED_PREFIX.length));
  if (!segments || segments.length < 2) return null;
  if (segments[0] === PREVIEW_SEGMENT) {
    const siteId = segments[1];
    return {
      locator: { siteId },
      mode: 'preview',
      basePath: `${PUBLISHED_PREFIX}${PREVIEW_SEGMENT}/${encodeURIComponent(siteId)}`,
      segments: segments.slice(2),
    };
  }
  const [organizationId, basename] = segments;
  return {
    locator: { organizationId, basename },
    mode: 'path',
    basePath: `${PUBLISHED_PREFIX}${encodeURIComponent(organizationId)}/${encodeURIComponent(basename)}`,
    segments: segments.slice(2),
  };
}

/** The address of a path on a custom hostname, or null when the path is not valid. */
export function hostFormAddress(hostname: string, pathname: string): SiteAddress | null {
  const segments = pathSegments(pathname);
  return segments ? { locator: { hostname }, mode: 'host', basePath: '', segments } : null;
}

/** The hostname of a Host header (lower case, without the port), or null when it is not one. */
export function hostnameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  const m = /^([a-z0-9.-]+)(?::\d{1,5})?$/i.exec(hostHeader.trim());
  return m ? m[1].toLowerCase().replace(/\.$/, '') : null;
}

/**
 * The address of an absolute URL (the URL resolver): the path form when it is under
 * PUBLIC_URL's published prefix, otherwise the host form on the URL's hostname. Preview URLs
 * are for members and are not resolved here (null).
 */
export function urlAddress(url: URL, publicUrl: string): SiteAddress | null {
  const pub = new URL(publicUrl);
  const prefix = `${pub.pathname.replace(/\/$/, '')}${PUBLISHED_PREFIX}`;
  if (url.host.toLowerCase() === pub.host.toLowerCase()) {
    if (!url.pathname.startsWith(prefix)) return null;
    const address = pathFormAddress(url.pathname.slice(prefix.length - PUBLISHED_PREFIX.length));
    return address && address.mode === 'path' ? address : null;
  }
  return hostFormAddress(url.hostname.toLowerCase(), url.pathname);
}
