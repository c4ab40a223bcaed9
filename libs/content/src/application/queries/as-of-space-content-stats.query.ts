import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AsOfEvents, foldProjection, MemoryReadStore, ReadStore } from '@app/platform';
import { SpaceContentStats, SpaceContentStatsAsOfQuery, SpaceContentStatsQuery } from '@app/spaces/contracts';
import { changeRequestStream, spaceContentStream } from '../../domain/change-request.events';
import { ContentAsOf } from './as-of-content';
import { CHANGE_REQUESTS, ChangeRequestDoc } from './change-requests.projection';
import { revisionsProjection } from './content.projection';
import { spaceChangeRequestStatsProjection } from './space-change-request-stats.projection';
import { SpaceContentStatsHandler } from './space-content-stats.query';

/**
 * Answers the spaces context's `SpaceContentStatsAsOfQuery`: a space's content figures as they
 * were at a point (a Space read with `asOf`). The spaces' content streams and their change
 * requests' streams, up to the point, are folded with the present's projections into a store of
 * the past, which the present's SpaceContentStatsHandler then reads. Change requests are never
 * deleted, so today's list of a space's change requests names every one it ever had.
 */
@QueryHandler(SpaceContentStatsAsOfQuery)
export class SpaceContentStatsAsOfHandler implements IQueryHandler<SpaceContentStatsAsOfQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly events: AsOfEvents,
    private readonly asOf: ContentAsOf,
  ) {}

  async execute(q: SpaceContentStatsAsOfQuery): Promise<Map<string, SpaceContentStats>> {
    const ids = [...new Set(q.spaceIds)];
    if (!ids.length) return new Map();
    const changeRequests = await this.store.find<ChangeRequestDoc>(CHANGE_REQUESTS, { spaceId: { $in: ids } });
    const past = new MemoryReadStore();
    await foldProjection(revisionsProjection, await this.events.streams(ids.map(spaceContentStream), q.point), past);
    await foldProjection(
      spaceChangeRequestStatsProjection,
      await this.events.streams(
        changeRequests.map((c) => changeRequestStream(c.id)),
        q.point,
      ),
      past,
    );
    const stats = await new SpaceContentStatsHandler(past).execute(new SpaceContentStatsQuery(ids));
    // Spaces ask only about spaces that existed then: before content's saga ran, main was their initial revision.
    for (const [id, s] of stats) if (s.revision === null) stats.set(id, { ...s, revision: await this.asOf.mainHead(id, q.point, true) });
    return stats;
  }
}
