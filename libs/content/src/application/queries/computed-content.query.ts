import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertComputable, ComputedKind } from '../../domain/computed-content';
import { ContentAccess } from '../content-access';

/** getComputedDocument / getComputedRevision: the space must be readable (404), then the source decides (400). */
export class GetComputedContentQuery extends Query<unknown> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
    readonly kind: ComputedKind,
    readonly source: Record<string, unknown>,
  ) {
    super();
  }
}

@QueryHandler(GetComputedContentQuery)
export class GetComputedContentHandler implements IQueryHandler<GetComputedContentQuery> {
  constructor(private readonly access: ContentAccess) {}
  async execute(q: GetComputedContentQuery) {
    await this.access.space(q.spaceId, q.userId);
    return assertComputable(q.source, q.kind);
  }
}
