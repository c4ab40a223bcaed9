import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, ListResponse, PageQuery, paginate, ReadStore } from '@app/platform';
import { ShareLinkNotFound } from '../domain/share-link';
import { ShareLinkScope } from './share-link.commands';
import { hashShareKey } from './share-link-keys';
import { SHARE_LINKS, ShareLinkDoc } from './share-link.projection';
import { ShareLinkView, ShareLinkViews } from './share-link.view';
import { SiteAccess } from './site-access';

/**
 * A site's share links, oldest first. `search` matches a link's key exactly (the whole key, as
 * it appears in a URL) or else its name (case-insensitive substring): a key is 256 random bits,
 * so a name never matches by accident, and the key is compared by its hash.
 */
export class ListShareLinksQuery extends Query<ListResponse<ShareLinkView>> {
  constructor(
    readonly scope: ShareLinkScope,
    readonly search: string | undefined,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListShareLinksQuery)
export class ListShareLinksHandler implements IQueryHandler<ListShareLinksQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
    private readonly views: ShareLinkViews,
  ) {}
  async execute({ scope, search, page }: ListShareLinksQuery): Promise<ListResponse<ShareLinkView>> {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    const filter: Filter = { siteId: site.id };
    if (search) {
      const keyHash = hashShareKey(search);
      const byKey = await this.store.count(SHARE_LINKS, { siteId: site.id, keyHash });
      if (byKey > 0) filter.keyHash = keyHash;
      else filter.name = { $contains: search };
    }
    // The cursor is bound to the site and the search as asked (not to the hash it turned into).
    return paginate<ShareLinkDoc, ShareLinkView>(this.store, SHARE_LINKS, filter, [['seq', 1]], page, (d) => this.views.render(site, d), {
      siteId: site.id,
      search: search ?? null,
    });
  }
}

/** One link of the site (what create and update answer). */
export class GetShareLinkQuery extends Query<ShareLinkView> {
  constructor(
    readonly scope: ShareLinkScope,
    readonly shareLinkId: string,
  ) {
    super();
  }
}

@QueryHandler(GetShareLinkQuery)
export class GetShareLinkHandler implements IQueryHandler<GetShareLinkQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
    private readonly views: ShareLinkViews,
  ) {}
  async execute({ scope, shareLinkId }: GetShareLinkQuery): Promise<ShareLinkView> {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    const doc = await this.store.get<ShareLinkDoc>(SHARE_LINKS, shareLinkId);
    if (!doc || doc.siteId !== site.id) throw new ShareLinkNotFound(shareLinkId);
    return this.views.render(site, doc);
  }
}
