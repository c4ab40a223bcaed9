import { Injectable } from '@nestjs/common';
import { PlatformConfig } from '@app/platform';
import { PublishedResolution, PublishedResolver, type VisitorCredentials } from '../ports';
import { NO_SITE, pageSitePath, PublishedSiteReader } from './published-site.reader';
import { urlAddress, type SiteAddress } from './site-address';
import { siteSpacePath, type SiteLocation } from './site-matcher';
import { canonical } from './site-response';

/** A resolution with where it sits in the input URL (for the reference's PublishedSiteContent). */
export interface DetailedResolution {
  resolution: PublishedResolution;
  address?: SiteAddress;
  location?: SiteLocation;
  /** The share key that admitted the visitor (the canonical URL carries it too). */
  shareKey?: string;
  /** Path of the site space below the site's root ('' for the defaults). */
  siteSpacePath?: string;
  /** What the visitor's claims change in what they see (VisitorView.fingerprint), for visitors with claims. */
  contextId?: string;
  /** Whether a redirect stays on the site. */
  redirectTarget?: 'content' | 'external';
}

/**
 * Resolves any published URL this server produces (path form under PUBLIC_URL, or a custom
 * hostname) for a visitor, with the same checks and the same matching as the HTML site: the
 * share key may come with the URL (`?shareKey=`), as share links' URLs carry it. Preview URLs
 * are for members and are not resolved here.
 */
@Injectable()
export class PublishedUrlResolver extends PublishedResolver {
  constructor(
    private readonly reader: PublishedSiteReader,
    private readonly config: PlatformConfig,
  ) {
    super();
  }

  async resolve(url: string, credentials: VisitorCredentials): Promise<PublishedResolution> {
    return (await this.resolveDetailed(url, credentials)).resolution;
  }

  async resolveDetailed(url: string, credentials: VisitorCredentials): Promise<DetailedResolution> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { resolution: { kind: 'not-found', message: 'url: not a URL' } };
    }
    const address = urlAddress(parsed, this.config.publicUrl);
    if (!address) return { resolution: { kind: 'not-found', message: NO_SITE } };
    const shareKey = credentials.shareKey ?? parsed.searchParams.get('shareKey') ?? undefined;
    const opened = await this.reader.open(await this.reader.findSite(address.locator), { ...credentials, ...(shareKey ? { shareKey } : {}) });
    if (opened.kind === 'not-found') return { resolution: opened };
    if (opened.kind === 'denied')
      return {
        resolution: { kind: 'denied', status: opened.status, message: opened.message, ...(opened.fallbackURL ? { fallbackURL: opened.fallbackURL } : {}) },
      };
    const { site, view } = opened;
    const resolved = await this.reader.resolve(view, address.segments);
    if (resolved.kind === 'not-found') return { resolution: { kind: 'not-found', message: resolved.message } };
    if (resolved.kind === 'redirect') {
      const location = 'url' in resolved.to ? resolved.to.url : canonical(site, resolved.to.sitePath || '/');
      return { resolution: { kind: 'redirect', location, status: resolved.status }, redirectTarget: 'url' in resolved.to ? 'external' : 'content' };
    }
    const { location, content, match, visible } = resolved;
    const page = match.kind === 'page' ? match.page : null;
    const canonicalUrl = new URL(canonical(site, (page ? pageSitePath(view, location, page.path) : siteSpacePath(view, location.siteSpace)) || '/'));
    const usedKey = opened.via === 'share-link' && shareKey ? shareKey : undefined;
    if (usedKey) canonicalUrl.searchParams.set('shareKey', usedKey);
    return {
      resolution: {
        kind: 'content',
        site,
        claims: view.claims,
        sectionId: location.section?.id ?? null,
        siteSpaceId: location.siteSpace.id,
        spaceId: location.siteSpace.spaceId,
        revisionId: content.revisionId,
        page,
        canonicalUrl: canonicalUrl.toString(),
      },
      address,
      location,
      siteSpacePath: siteSpacePath(view, location.siteSpace),
      ...(usedKey ? { shareKey: usedKey } : {}),
      ...(view.hasClaims ? { contextId: view.fingerprint(visible) } : {}),
    };
  }
}
