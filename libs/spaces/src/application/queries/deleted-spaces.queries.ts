import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Clock, ReadStore } from '@app/platform';
import { restoreDeadline } from '../../domain/space';
import { SPACES, SpaceDoc } from './spaces.projection';

export interface DeletedSpace {
  spaceId: string;
  title: string;
  deletedAt: string;
  /** Until when `POST /v1/spaces/{id}/restore` works; the space is purged after it. */
  restoreDeadline: string;
  restorable: boolean;
}

/**
 * Deleted spaces of an organization that are not purged yet, most recently deleted first
 * (operators: what can still be restored, and until when).
 */
export class ListDeletedSpacesQuery extends Query<DeletedSpace[]> {
  constructor(readonly organizationId: string) {
    super();
  }
}

@QueryHandler(ListDeletedSpacesQuery)
export class ListDeletedSpacesHandler implements IQueryHandler<ListDeletedSpacesQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly clock: Clock,
  ) {}
  async execute(q: ListDeletedSpacesQuery): Promise<DeletedSpace[]> {
    const now = this.clock.now().getTime();
    const docs = await this.store.find<SpaceDoc>(SPACES, { organizationId: q.organizationId, status: 'deleted' }, { sort: [['deletedAt', -1]] });
    return docs.map((s) => {
      const deadline = restoreDeadline(s.deletedAt!);
      return { spaceId: s.id, title: s.title, deletedAt: s.deletedAt!, restoreDeadline: deadline.toISOString(), restorable: now < deadline.getTime() };
    });
  }
}
