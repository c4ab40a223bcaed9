import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFound, ReadStore } from '@app/platform';
import { SpecFormat } from '../../domain/openapi-spec.events';
import { SpecContent } from '../spec-content';
import { SpecDoc, SPECS, SPEC_VERSIONS, SpecVersionDoc } from './specs.projection';

export interface SpecBytes {
  bytes: Buffer;
  format: SpecFormat;
  contentHash: string;
}

/**
 * The latest version of a public spec, for anyone (its `urls.published`). A private spec, or
 * one without a version yet, is not found: the same answer as for a slug that does not exist.
 */
export class GetPublishedSpecQuery extends Query<SpecBytes> {
  constructor(
    readonly organizationId: string,
    readonly slug: string,
  ) {
    super();
  }
}

@QueryHandler(GetPublishedSpecQuery)
export class GetPublishedSpecHandler implements IQueryHandler<GetPublishedSpecQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly content: SpecContent,
  ) {}
  async execute({ organizationId, slug }: GetPublishedSpecQuery): Promise<SpecBytes> {
    const [spec] = await this.store.find<SpecDoc>(SPECS, { organizationId, slug, visibility: 'public' }, { limit: 1 });
    const version = spec?.lastVersion ? await this.store.get<SpecVersionDoc>(SPEC_VERSIONS, spec.lastVersion) : null;
    const bytes = version ? await this.content.read(organizationId, version.contentKey) : null;
    if (!version || !bytes) throw new NotFound(`No public OpenAPI specification "${slug}" here`);
    return { bytes, format: version.format, contentHash: version.contentHash };
  }
}
