import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, NotFound, PageQuery, paginate, Principal, ReadStore } from '@app/platform';
import { OpenApiSpecVersionNotFound } from '../../domain/spec-rules';
import { readDocument } from '../processing/spec-parser';
import { SpecAccess } from '../spec-access';
import { SpecContent } from '../spec-content';
import { SpecLinks } from '../spec-links';
import { findSpec } from './spec.queries';
import { SpecVersionView, SpecViews } from './spec.views';
import { SpecDoc, SPEC_VERSIONS, SpecVersionDoc } from './specs.projection';

/** The reference OpenAPISpecContent: the parsed document by file name, and where its bytes are. */
export interface SpecContentView {
  filesystem: Record<string, unknown>;
  url: string;
}

/** listOpenAPISpecVersions: newest first. */
export class ListSpecVersionsQuery extends Query<ListResponse<SpecVersionView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly slug: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

/** getLatestOpenAPISpecVersion (versionId `latest`) and getOpenAPISpecVersionById. */
export class GetSpecVersionQuery extends Query<SpecVersionView> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly slug: string,
    readonly versionId: string,
  ) {
    super();
  }
}

/** getLatestOpenAPISpecVersionContent and getOpenAPISpecVersionContentById. */
export class GetSpecVersionContentQuery extends Query<SpecContentView> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly slug: string,
    readonly versionId: string,
  ) {
    super();
  }
}

@QueryHandler(ListSpecVersionsQuery)
export class ListSpecVersionsHandler implements IQueryHandler<ListSpecVersionsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpecAccess,
    private readonly views: SpecViews,
  ) {}
  async execute(q: ListSpecVersionsQuery): Promise<ListResponse<SpecVersionView>> {
    const { spec } = await findSpec(this.store, this.access, q.caller, q.organizationId, q.slug);
    return paginate<SpecVersionDoc, SpecVersionView>(this.store, SPEC_VERSIONS, { specId: spec.id }, [['seq', -1]], q.page, (v) => this.views.version(spec, v));
  }
}

/** A version of the spec the path names; `latest` is its last version. */
async function findVersion(store: ReadStore, spec: SpecDoc, slug: string, versionId: string): Promise<SpecVersionDoc> {
  const id = versionId === 'latest' ? spec.lastVersion : versionId;
  const version = id ? await store.get<SpecVersionDoc>(SPEC_VERSIONS, id) : null;
  if (!version || version.specId !== spec.id) throw new OpenApiSpecVersionNotFound(slug, versionId);
  return version;
}

@QueryHandler(GetSpecVersionQuery)
export class GetSpecVersionHandler implements IQueryHandler<GetSpecVersionQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpecAccess,
    private readonly views: SpecViews,
  ) {}
  async execute(q: GetSpecVersionQuery): Promise<SpecVersionView> {
    const { spec } = await findSpec(this.store, this.access, q.caller, q.organizationId, q.slug);
    return this.views.version(spec, await findVersion(this.store, spec, q.slug, q.versionId));
  }
}

@QueryHandler(GetSpecVersionContentQuery)
export class GetSpecVersionContentHandler implements IQueryHandler<GetSpecVersionContentQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpecAccess,
    private readonly content: SpecContent,
    private readonly links: SpecLinks,
  ) {}
  async execute(q: GetSpecVersionContentQuery): Promise<SpecContentView> {
    const { spec } = await findSpec(this.store, this.access, q.caller, q.organizationId, q.slug);
    const version = await findVersion(this.store, spec, q.slug, q.versionId);
    const bytes = await this.content.read(version.organizationId, version.contentKey);
    if (!bytes) throw new NotFound(`The content of version ${version.id} is no longer stored`);
    const { value } = readDocument(bytes);
    return {
      filesystem: { [`openapi.${version.format}`]: value },
      url: this.links.raw({ k: version.contentKey, o: version.organizationId, f: version.format }),
    };
  }
}
