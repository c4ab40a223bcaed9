import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { BadRequest, Urls } from '@app/platform';
import { GetOpenAPISpecDocumentQuery, OpenAPISpecDocument } from '@app/openapi';
import { ComputedKind, OpenAPIRef, readComputedSource } from '../../domain/computed-content';
import { openAPIDocument, openAPIPages } from '../../domain/computed-content-openapi';
import { ContentAccess } from '../content-access';
import { DEFAULT_LAYOUT } from './page.view';

/**
 * getComputedDocument / getComputedRevision: the space must be readable (404), then the source
 * decides (400 for what this server does not compute, or a spec it cannot read).
 */
export class GetComputedContentQuery extends Query<unknown> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
    readonly kind: ComputedKind,
    readonly source: Record<string, unknown>,
    /** The reference's seed of generated ids (keys, page ids). */
    readonly seed = '',
  ) {
    super();
  }
}

@QueryHandler(GetComputedContentQuery)
export class GetComputedContentHandler implements IQueryHandler<GetComputedContentQuery> {
  constructor(
    private readonly access: ContentAccess,
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}

  async execute(q: GetComputedContentQuery) {
    const space = await this.access.space(q.spaceId, q.userId);
    if (q.kind === 'document') {
      const source = readComputedSource(q.source, 'document');
      return openAPIDocument(await this.spec(space.organizationId, source.dependencies.spec.ref), source, q.seed);
    }
    const source = readComputedSource(q.source, 'revision');
    const api = await this.spec(space.organizationId, source.dependencies.spec.ref);
    // Where the pages would sit at the root of the space (they are not stored: nothing to open yet).
    const pages = openAPIPages(api, source, q.seed).map((p) => ({
      id: p.id,
      title: p.title,
      kind: 'sheet',
      type: 'document',
      urls: { app: this.urls.app(`/s/${q.spaceId}/${p.slug}`) },
      slug: p.slug,
      path: p.slug,
      pages: [],
      layout: DEFAULT_LAYOUT,
      computed: p.computed,
      computedSeed: p.computedSeed,
    }));
    return { pages, files: [], reusableContents: [] };
  }

  /** The latest processed version of the organization's spec (the space's organization only). */
  private async spec(organizationId: string, ref: OpenAPIRef): Promise<Record<string, unknown>> {
    const found: OpenAPISpecDocument | null = await this.queries.execute(new GetOpenAPISpecDocumentQuery(organizationId, ref.spec));
    if (!found) throw new BadRequest(`source.dependencies.spec.ref.spec: no OpenAPI specification "${ref.spec}" in the space's organization`);
    if (!found.document)
      throw new BadRequest(
        `source.dependencies.spec.ref.spec: OpenAPI specification "${ref.spec}" has no processed version yet (processing is pending or failed: see its processingState)`,
      );
    return found.document;
  }
}
