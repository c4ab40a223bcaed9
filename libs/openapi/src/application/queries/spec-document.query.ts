import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { readDocument } from '../processing/spec-parser';
import { SpecContent } from '../spec-content';
import { SpecDoc, SPECS, SPEC_VERSIONS, SpecVersionDoc } from './specs.projection';

/** What other contexts read of a spec: its identity and the parsed document of its latest version. */
export interface OpenAPISpecDocument {
  spec: { id: string; slug: string; lastVersion: string | null };
  /** The latest processed version's document; null while the spec has no version (never processed, or every run failed). */
  document: Record<string, unknown> | null;
}

/**
 * The latest version of an organization's spec, parsed (computed OpenAPI pages of the content
 * context). No caller check beyond the organization: the caller has already decided that the
 * reader may see a space of this organization. Null when the organization has no such slug.
 */
export class GetOpenAPISpecDocumentQuery extends Query<OpenAPISpecDocument | null> {
  constructor(
    readonly organizationId: string,
    readonly slug: string,
  ) {
    super();
  }
}

@QueryHandler(GetOpenAPISpecDocumentQuery)
export class GetOpenAPISpecDocumentHandler implements IQueryHandler<GetOpenAPISpecDocumentQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly content: SpecContent,
  ) {}
  async execute({ organizationId, slug }: GetOpenAPISpecDocumentQuery): Promise<OpenAPISpecDocument | null> {
    const [spec] = await this.store.find<SpecDoc>(SPECS, { organizationId, slug }, { limit: 1 });
    if (!spec) return null;
    const found = { id: spec.id, slug: spec.slug, lastVersion: spec.lastVersion };
    const version = spec.lastVersion ? await this.store.get<SpecVersionDoc>(SPEC_VERSIONS, spec.lastVersion) : null;
    const bytes = version ? await this.content.read(organizationId, version.contentKey) : null;
    if (!bytes) return { spec: found, document: null };
    // A version is made only from a document that parsed and validated, so this reads.
    return { spec: found, document: readDocument(bytes).value as Record<string, unknown> };
  }
}
