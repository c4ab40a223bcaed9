import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, PageQuery, paginate, Principal, ReadStore } from '@app/platform';
import { OpenApiSpecNotFound } from '../../domain/spec-rules';
import { SpecAccess, SpecPermissions } from '../spec-access';
import { SpecView, SpecViews } from './spec.views';
import { SpecDoc, SPECS } from './specs.projection';

/** The spec a path names, for a caller who may read the organization's specs (404 otherwise). */
export async function findSpec(
  store: ReadStore,
  access: SpecAccess,
  caller: Principal,
  organizationId: string,
  slug: string,
): Promise<{ spec: SpecDoc; permissions: SpecPermissions }> {
  const permissions = await access.permissions(caller, organizationId);
  const [spec] = await store.find<SpecDoc>(SPECS, { organizationId, slug }, { limit: 1 });
  if (!spec) throw new OpenApiSpecNotFound(slug);
  return { spec, permissions };
}

/** listOpenAPISpecs: the organization's specs in the order they were created. */
export class ListSpecsQuery extends Query<ListResponse<SpecView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSpecsQuery)
export class ListSpecsHandler implements IQueryHandler<ListSpecsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpecAccess,
    private readonly views: SpecViews,
  ) {}
  async execute({ caller, organizationId, page }: ListSpecsQuery): Promise<ListResponse<SpecView>> {
    const permissions = await this.access.permissions(caller, organizationId);
    return paginate<SpecDoc, SpecView>(this.store, SPECS, { organizationId }, [['seq', 1]], page, (d) => this.views.spec(d, permissions));
  }
}

/** getOpenAPISpecBySlug. */
export class GetSpecQuery extends Query<SpecView> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly slug: string,
  ) {
    super();
  }
}

@QueryHandler(GetSpecQuery)
export class GetSpecHandler implements IQueryHandler<GetSpecQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpecAccess,
    private readonly views: SpecViews,
  ) {}
  async execute({ caller, organizationId, slug }: GetSpecQuery): Promise<SpecView> {
    const { spec, permissions } = await findSpec(this.store, this.access, caller, organizationId, slug);
    return this.views.spec(spec, permissions);
  }
}
