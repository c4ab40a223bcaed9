import { Injectable } from '@nestjs/common';
import { BadRequest, ReadStore, Urls } from '@app/platform';
import type { SiteState } from '../domain/site';
import type { RedirectDestination } from '../domain/redirect';
import { levelDefault } from '../domain/structure/structure';
import { SITE_STATES, SiteStateDoc } from './queries/sites.read-model';
import { publishedPathUnder, sitePublishedUrl } from './site-urls';

/**
 * Where a redirect may lead and the URL it leads to, from the site's folded state (the sites
 * read model). Pages are checked no further than their site space: which pages a space has is
 * the content context's, which does not publish a lookup yet.
 */
@Injectable()
export class RedirectTargets {
  constructor(
    private readonly store: ReadStore,
    private readonly urls: Urls,
  ) {}

  private async state(siteId: string): Promise<SiteState | null> {
    return (await this.store.get<SiteStateDoc>(SITE_STATES, siteId))?.state ?? null;
  }

  /** 400 naming the field when the destination is not in the site. */
  async check(siteId: string, d: RedirectDestination, field = 'destination'): Promise<void> {
    const s = (await this.state(siteId))?.structure;
    if (d.kind === 'site-section') {
      if (!s?.sections[d.siteSectionId]) throw new BadRequest(`${field}.siteSectionId: the site has no section ${d.siteSectionId}`);
    } else if (!s?.siteSpaces[d.siteSpaceId]) {
      throw new BadRequest(`${field}.siteSpaceId: the site has no site space ${d.siteSpaceId}`);
    }
  }

  /** The published URL of the destination, or null when it has left the site since. */
  async url(siteId: string, d: RedirectDestination): Promise<string | null> {
    const state = await this.state(siteId);
    if (!state?.site) return null;
    const s = state.structure;
    const base = sitePublishedUrl(this.urls, state.site);
    const sectionStep = (id: string) => ({ path: s.sections[id].path, isDefault: s.defaultSection === id });
    if (d.kind === 'site-section') return s.sections[d.siteSectionId] ? publishedPathUnder(base, sectionStep(d.siteSectionId)) : null;
    const n = s.siteSpaces[d.siteSpaceId];
    if (!n) return null;
    const spaceUrl = publishedPathUnder(base, n.section ? sectionStep(n.section) : null, { path: n.path, isDefault: levelDefault(s, n.section) === n.id });
    // A page's path is the content context's: the published side resolves the page id under its site space.
    return d.kind === 'site-page' ? `${spaceUrl}?pageId=${encodeURIComponent(d.pageId)}` : spaceUrl;
  }
}
