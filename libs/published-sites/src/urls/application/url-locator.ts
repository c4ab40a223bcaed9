import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PlatformConfig } from '@app/platform';
import { FindPublishedSiteQuery } from '@app/sites';
import { PublishedResolution, PublishedResolver, type VisitorCredentials } from '../../ports';
import { ownAddress, type OwnAddress } from '../domain/own-url';

export type ApiAddress = Exclude<OwnAddress, { kind: 'published' } | { kind: 'unknown' }>;

/** Where a URL leads, before anything is read as the caller. */
export type Located =
  /** A resource of this API (space, page, change request, revision, collection, site). */
  | { kind: 'address'; address: ApiAddress }
  /** A published page, as a visitor with what the URL carries sees it. */
  | { kind: 'published'; resolution: Extract<PublishedResolution, { kind: 'content' }> }
  /** Not this server's. */
  | { kind: 'external'; url: URL }
  /** This server's, but nothing is there (or not for a visitor with what the URL carries). */
  | { kind: 'nothing' };

/** Site redirects followed while resolving a published URL. */
const MAX_REDIRECTS = 3;
const CREDENTIAL_PARAMS = ['jwt_token', 'visitorAuthToken'];

/**
 * Tells this server's URLs from others: PUBLIC_URL's host (app, location and published URLs)
 * and the custom hostnames of sites. Published URLs go through the published-URL resolver
 * (reading/), with the credentials the URL itself carries — a share link's `shareKey`, a
 * visitor token in `jwt_token`/`visitorAuthToken` — and the site's redirects are followed.
 */
@Injectable()
export class UrlLocator {
  constructor(
    private readonly config: PlatformConfig,
    private readonly queries: QueryBus,
    private readonly resolver: PublishedResolver,
  ) {}

  async locate(url: URL, redirects = 0): Promise<Located> {
    const own = ownAddress(url, this.config.publicUrl);
    if (own === null) {
      const site = await this.queries.execute(new FindPublishedSiteQuery({ hostname: url.hostname.toLowerCase() }));
      return site ? this.published(url, redirects) : { kind: 'external', url };
    }
    if (own.kind === 'unknown') return { kind: 'nothing' };
    if (own.kind === 'published') return this.published(url, redirects);
    return { kind: 'address', address: own };
  }

  private async published(url: URL, redirects: number): Promise<Located> {
    const credentials: VisitorCredentials = {};
    const token = CREDENTIAL_PARAMS.map((p) => url.searchParams.get(p)).find((v) => v);
    if (token) credentials.jwtToken = token;
    const r = await this.resolver.resolve(url.href, credentials);
    if (r.kind === 'content') return { kind: 'published', resolution: r };
    if (r.kind === 'redirect' && redirects < MAX_REDIRECTS) {
      const next = safeUrl(r.location, url);
      if (next) return this.locate(next, redirects + 1);
    }
    return { kind: 'nothing' };
  }
}

const safeUrl = (location: string, base: URL): URL | null => {
  try {
    const u = new URL(location, base);
    return /^https?:$/.test(u.protocol) ? u : null;
  } catch {
    return null;
  }
};
