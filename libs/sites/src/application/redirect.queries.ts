import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, ListResponse, NotFound, PageQuery, paginate, ReadStore } from '@app/platform';
import { RedirectDestination, RedirectNotFound } from '../domain/redirect';
import { RedirectScope } from './redirect.commands';
import { REDIRECTS, RedirectDoc } from './redirect.projection';
import { RedirectTargets } from './redirect-targets';
import { SiteAccess } from './site-access';

/** Reference SiteRedirect. */
export interface RedirectView {
  object: 'site-redirect';
  id: string;
  source: string;
  destination: RedirectDestination;
}

const view = (d: RedirectDoc): RedirectView => ({ object: 'site-redirect', id: d.id, source: d.source, destination: d.destination });

/** listSiteRedirects: oldest first; `search` is a case-insensitive part of the source path. */
export class ListRedirectsQuery extends Query<ListResponse<RedirectView>> {
  constructor(
    readonly scope: RedirectScope,
    readonly search: string | undefined,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListRedirectsQuery)
export class ListRedirectsHandler implements IQueryHandler<ListRedirectsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
  ) {}
  async execute({ scope, search, page }: ListRedirectsQuery): Promise<ListResponse<RedirectView>> {
    const site = await this.access.requireRead(scope.caller, scope.siteId, scope.organizationId);
    const filter: Filter = { siteId: site.id, ...(search ? { source: { $contains: search } } : {}) };
    return paginate<RedirectDoc, RedirectView>(this.store, REDIRECTS, filter, [['seq', 1]], page, view);
  }
}

/** One redirect of the site by id (what create and update answer). */
export class GetRedirectQuery extends Query<RedirectView> {
  constructor(
    readonly scope: RedirectScope,
    readonly redirectId: string,
  ) {
    super();
  }
}

@QueryHandler(GetRedirectQuery)
export class GetRedirectHandler implements IQueryHandler<GetRedirectQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
  ) {}
  async execute({ scope, redirectId }: GetRedirectQuery): Promise<RedirectView> {
    const site = await this.access.requireRead(scope.caller, scope.siteId, scope.organizationId);
    const doc = await this.store.get<RedirectDoc>(REDIRECTS, redirectId);
    if (!doc || doc.siteId !== site.id) throw new RedirectNotFound(redirectId);
    return view(doc);
  }
}

/** getSiteRedirectBySource: the redirect of a source path and the URL it leads to. */
export class GetRedirectBySourceQuery extends Query<{ redirect: RedirectView; target: string }> {
  constructor(
    readonly scope: RedirectScope,
    readonly source: string,
  ) {
    super();
  }
}

@QueryHandler(GetRedirectBySourceQuery)
export class GetRedirectBySourceHandler implements IQueryHandler<GetRedirectBySourceQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
    private readonly targets: RedirectTargets,
  ) {}
  async execute({ scope, source }: GetRedirectBySourceQuery) {
    const site = await this.access.requireRead(scope.caller, scope.siteId, scope.organizationId);
    const [doc] = await this.store.find<RedirectDoc>(REDIRECTS, { siteId: site.id, source }, { limit: 1 });
    if (!doc) throw new NotFound(`source: the site has no redirect from ${source}`);
    const target = await this.targets.url(site.id, doc.destination);
    if (target === null) throw new NotFound(`source: the redirect from ${source} leads to a destination that is no longer in the site`);
    return { redirect: view(doc), target };
  }
}
