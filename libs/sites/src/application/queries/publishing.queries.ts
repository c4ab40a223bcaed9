import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { BadRequest, NotFound, Principal, ReadStore, Urls } from '@app/platform';
import { SiteAccess } from '../site-access';
import { publishedPathUnder } from '../site-urls';
import { levelDefault } from '../../domain/structure/structure';
import { settingsOf } from './customization.queries';
import { StructureReader } from './structure-reader';
import { toSiteView } from './site.view';
import { SiteDoc, SITES } from './sites.read-model';

/** The reference PublishedContentSite of a published site: the site, its structure and every customization. */
export class GetPublishedContentSiteQuery extends Query<object> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetPublishedContentSiteQuery)
export class GetPublishedContentSiteHandler implements IQueryHandler<GetPublishedContentSiteQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
    private readonly reader: StructureReader,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetPublishedContentSiteQuery) {
    const { role } = await this.access.resolve(q.caller, q.siteId, q.organizationId);
    const { state, view } = await this.reader.read(q.caller, q.organizationId, q.siteId);
    if (!state.published) throw new NotFound(`Site ${q.siteId} is not published`);
    const doc = (await this.store.get<SiteDoc>(SITES, q.siteId))!;
    const siteSpaces = Object.fromEntries(Object.keys(state.structure.siteSpaces).map((id) => [id, settingsOf(state, id)]));
    return {
      object: 'published-content-site',
      site: toSiteView(doc, role, this.urls),
      structure: view.structure(),
      customizations: { site: settingsOf(state), siteSpaces },
      // Integrations are not served here: no scripts.
      scripts: [],
    };
  }
}

/**
 * Where to preview the site as it would be published: its URL under the preview prefix, at a
 * site space when one is given, with visitor claims (a JSON object) to preview adaptive content.
 */
export class GetPublishingPreviewQuery extends Query<{ url: string }> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
    readonly siteSpaceId?: string,
    readonly claims?: string,
  ) {
    super();
  }
}

@QueryHandler(GetPublishingPreviewQuery)
export class GetPublishingPreviewHandler implements IQueryHandler<GetPublishingPreviewQuery> {
  constructor(
    private readonly reader: StructureReader,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetPublishingPreviewQuery) {
    const { state } = await this.reader.read(q.caller, q.organizationId, q.siteId);
    const s = state.structure;
    let url = this.urls.published(`/~preview/${encodeURIComponent(q.siteId)}`);
    if (q.siteSpaceId !== undefined) {
      const n = s.siteSpaces[q.siteSpaceId];
      if (!n) throw new BadRequest(`siteSpace: no site space with id ${q.siteSpaceId} in this site`);
      const sec = n.section ? s.sections[n.section] : null;
      url = publishedPathUnder(url, sec && { path: sec.path, isDefault: s.defaultSection === sec.id }, {
        path: n.path,
        isDefault: levelDefault(s, n.section) === n.id,
      });
    }
    if (q.claims !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(q.claims);
      } catch {
        parsed = undefined;
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BadRequest('claims: must be a JSON object of visitor claims');
      url += `?claims=${encodeURIComponent(JSON.stringify(parsed))}`;
    }
    return { url };
  }
}
