import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore, Urls } from '@app/platform';
import { CUSTOM_HOSTNAMES, CustomHostnameDoc } from '../hostname.projection';
import { REDIRECTS, RedirectDoc } from '../redirect.projection';
import { RedirectTargets } from '../redirect-targets';
import { SITE_STATES, SiteDoc, SITES, SiteStateDoc } from '../queries/sites.read-model';
import { AdmitVisitorQuery, FindPublishedSiteQuery, FindSiteRedirectQuery, PublishedSiteView, VisitorAdmission } from './published-site.queries';
import { publishedSiteView } from './published-site.view';
import { SpaceTitles } from './space-titles';
import { VisitorAdmissions } from './visitor-admissions';

/** A site by its basename in an organization, its custom hostname or its id; unpublished sites too (`published` says). */
@QueryHandler(FindPublishedSiteQuery)
export class FindPublishedSiteHandler implements IQueryHandler<FindPublishedSiteQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly titles: SpaceTitles,
    private readonly urls: Urls,
  ) {}

  async execute({ by }: FindPublishedSiteQuery): Promise<PublishedSiteView | null> {
    const siteId = await this.siteIdOf(by);
    const doc = siteId === null ? null : await this.store.get<SiteStateDoc>(SITE_STATES, siteId);
    if (!doc?.state.site || doc.state.status !== 'active') return null;
    const titles = await this.titles.of(Object.values(doc.state.structure.siteSpaces).map((n) => n.spaceId));
    return publishedSiteView(doc.state, doc.position ?? 0, titles, this.urls);
  }

  private async siteIdOf(by: FindPublishedSiteQuery['by']): Promise<string | null> {
    if ('siteId' in by) return by.siteId;
    if ('hostname' in by) {
      // Hostnames are case-insensitive; the Host header may carry a port or a final dot.
      const host = by.hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
      return (await this.store.get<CustomHostnameDoc>(CUSTOM_HOSTNAMES, host))?.siteId ?? null;
    }
    const [site] = await this.store.find<SiteDoc>(SITES, { organizationId: by.organizationId, basename: by.basename }, { limit: 1 });
    return site?.id ?? null;
  }
}

@QueryHandler(AdmitVisitorQuery)
export class AdmitVisitorHandler implements IQueryHandler<AdmitVisitorQuery> {
  constructor(private readonly admissions: VisitorAdmissions) {}
  execute({ siteId, credentials }: AdmitVisitorQuery): Promise<VisitorAdmission> {
    return this.admissions.admit(siteId, credentials);
  }
}

/**
 * A site's redirect for a path under the site's root (`/old/page`, as the redirect's `source`
 * is written), leading to the published URL of its destination; null when none matches or the
 * destination left the site. A trailing slash and the percent-encoding of the path do not matter.
 */
@QueryHandler(FindSiteRedirectQuery)
export class FindSiteRedirectHandler implements IQueryHandler<FindSiteRedirectQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly targets: RedirectTargets,
  ) {}

  async execute({ siteId, source }: FindSiteRedirectQuery): Promise<{ destination: string } | null> {
    for (const candidate of sourceForms(source)) {
      const [doc] = await this.store.find<RedirectDoc>(REDIRECTS, { siteId, source: candidate }, { limit: 1 });
      if (!doc) continue;
      const destination = await this.targets.url(siteId, doc.destination);
      return destination === null ? null : { destination };
    }
    return null;
  }
}

/** The ways one path may be written in a redirect's source: as given, and percent-encoded the canonical way. */
export function sourceForms(source: string): string[] {
  if (typeof source !== 'string') return [];
  const path = `/${source.split(/[?#]/)[0].replace(/^\/+/, '').replace(/\/+$/, '')}`;
  if (path === '/') return [];
  let canonical: string | null;
  try {
    canonical = path
      .split('/')
      .map((s) => encodeURIComponent(decodeURIComponent(s)))
      .join('/');
  } catch {
    canonical = null;
  }
  return canonical === null || canonical === path ? [path] : [path, canonical];
}
