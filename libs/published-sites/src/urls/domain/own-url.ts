import { pathSegments } from '../../reading/site-address';

/**
 * What a URL of this server names, read from its path alone (nothing is looked up here). The
 * forms are the ones the contexts produce under PUBLIC_URL:
 *   app        /app/s/<space>[/<page path>], /app/s/<space>/~/changes/<number>[/<page path>],
 *              /app/s/<space>/~/revisions/<revision>[/<page path>], /app/collections/<id>,
 *              /app/o/<organization>/sites/<site>
 *   location   /v1/spaces/<space>[/content[/page/<id>|/path/<path>]],
 *              /v1/spaces/<space>/change-requests/<id>[/content[/page/<id>|/path/<path>]],
 *              /v1/spaces/<space>/revisions/<revision>[/page/<id>|/path/<path>], /v1/collections/<id>,
 *              /v1/orgs/<organization>/sites/<site>[/site-spaces/<id>|/sections/<id>]
 *   published  /published/s/<space>[/<page path>] (a space's urls.published),
 *              /published/~preview/<site>[/…] (a site's preview), /published/<organization>/<basename>[/…]
 * Custom hostnames of sites are another host: the caller looks them up.
 */
export type ContentTarget = { kind: 'main' } | { kind: 'change-request'; ref: string } | { kind: 'revision'; revisionId: string };
export type PageRef = { id: string } | { path: string };
export type SitePart = { siteSpaceId: string } | { sectionId: string } | null;

export type OwnAddress =
  | { kind: 'space'; spaceId: string; target: ContentTarget; page: PageRef | null }
  | { kind: 'collection'; collectionId: string }
  | { kind: 'site'; organizationId: string; siteId: string; part: SitePart }
  | { kind: 'preview'; siteId: string; rest: string[] }
  /** A site's path form: the published-URL resolver reads the rest. */
  | { kind: 'published' }
  /** On this server, but not a URL it produces for content. */
  | { kind: 'unknown' };

const UNKNOWN: OwnAddress = { kind: 'unknown' };

/** The address of `url` when it is on PUBLIC_URL's host (null for any other host). */
export function ownAddress(url: URL, publicUrl: string): OwnAddress | null {
  const pub = new URL(publicUrl);
  if (url.host.toLowerCase() !== pub.host.toLowerCase()) return null;
  const prefix = pub.pathname.replace(/\/+$/, '');
  if (prefix && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return UNKNOWN;
  const segments = pathSegments(url.pathname.slice(prefix.length));
  if (!segments) return UNKNOWN;
  const [root, ...rest] = segments;
  if (root === 'app') return appAddress(rest);
  if (root === 'v1') return locationAddress(rest);
  if (root === 'published') return publishedAddress(rest);
  return UNKNOWN;
}

const pagePath = (segments: string[]): PageRef | null => (segments.length ? { path: segments.join('/') } : null);
const space = (spaceId: string, target: ContentTarget, page: PageRef | null): OwnAddress => ({ kind: 'space', spaceId, target, page });

function appAddress(s: string[]): OwnAddress {
  if (s[0] === 's' && s.length >= 2) {
    const [, spaceId, ...rest] = s;
    if (rest[0] !== '~') return space(spaceId, { kind: 'main' }, pagePath(rest));
    const [, kind, ref, ...path] = rest;
    if (!ref) return UNKNOWN;
    if (kind === 'changes') return space(spaceId, { kind: 'change-request', ref }, pagePath(path));
    if (kind === 'revisions') return space(spaceId, { kind: 'revision', revisionId: ref }, pagePath(path));
    return UNKNOWN;
  }
  if (s[0] === 'collections' && s.length === 2) return { kind: 'collection', collectionId: s[1] };
  if (s[0] === 'o' && s[2] === 'sites' && s.length === 4) return { kind: 'site', organizationId: s[1], siteId: s[3], part: null };
  return UNKNOWN;
}

/** `page/<id>` or `path/<path…>` after a content root; `[]` is the content itself. */
function pageRef(s: string[]): PageRef | null | undefined {
  if (s.length === 0) return null;
  if (s[0] === 'page' && s.length === 2) return { id: s[1] };
  if (s[0] === 'path' && s.length >= 2) return { path: s.slice(1).join('/') };
  return undefined;
}

function locationAddress(s: string[]): OwnAddress {
  if (s[0] === 'collections' && s.length === 2) return { kind: 'collection', collectionId: s[1] };
  if (s[0] === 'orgs' && s[2] === 'sites' && s.length >= 4) {
    const [, organizationId, , siteId, kind, id, ...more] = s;
    if (s.length === 4) return { kind: 'site', organizationId, siteId, part: null };
    if (!id || more.length) return UNKNOWN;
    if (kind === 'site-spaces') return { kind: 'site', organizationId, siteId, part: { siteSpaceId: id } };
    if (kind === 'sections') return { kind: 'site', organizationId, siteId, part: { sectionId: id } };
    return UNKNOWN;
  }
  if (s[0] !== 'spaces' || s.length < 2) return UNKNOWN;
  const [, spaceId, kind, ref, ...rest] = s;
  let target: ContentTarget;
  let below: string[];
  if (kind === undefined) return space(spaceId, { kind: 'main' }, null);
  if (kind === 'content') [target, below] = [{ kind: 'main' }, s.slice(3)];
  else if (kind === 'change-requests' && ref !== undefined) {
    target = { kind: 'change-request', ref };
    if (rest.length && rest[0] !== 'content') return UNKNOWN;
    below = rest.slice(1);
  } else if (kind === 'revisions' && ref !== undefined) [target, below] = [{ kind: 'revision', revisionId: ref }, rest];
  else return UNKNOWN;
  const page = pageRef(below);
  return page === undefined ? UNKNOWN : space(spaceId, target, page);
}

function publishedAddress(s: string[]): OwnAddress {
  if (s[0] === 's' && s.length >= 2) return space(s[1], { kind: 'main' }, pagePath(s.slice(2)));
  if (s[0] === '~preview' && s.length >= 2) return { kind: 'preview', siteId: s[1], rest: s.slice(2) };
  return s.length >= 2 ? { kind: 'published' } : UNKNOWN;
}

/** A URL as messages show it: no credentials, no query (either may carry a secret). */
export const shownUrl = (u: URL): string => `${u.protocol}//${u.host}${u.pathname}`;
