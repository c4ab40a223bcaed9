import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { SpaceContentStats, SpaceContentStatsQuery } from '@app/spaces/contracts';
import { HEADS, HeadDoc } from './content.projection';
import { SPACE_CHANGE_REQUEST_STATS, SpaceChangeRequestStatsDoc } from './space-change-request-stats.projection';

/**
 * Answers the spaces context's `SpaceContentStatsQuery` (declared in its contracts) from
 * content's own read models: main's head and the change-request counters. Two reads per page of
 * spaces, whatever its size.
 */
@QueryHandler(SpaceContentStatsQuery)
export class SpaceContentStatsHandler implements IQueryHandler<SpaceContentStatsQuery> {
  constructor(private readonly store: ReadStore) {}

  async execute(q: SpaceContentStatsQuery): Promise<Map<string, SpaceContentStats>> {
    const ids = [...new Set(q.spaceIds)];
    if (!ids.length) return new Map();
    const [heads, stats] = await Promise.all([
      this.store.find<HeadDoc>(HEADS, { id: { $in: ids } }),
      this.store.find<SpaceChangeRequestStatsDoc>(SPACE_CHANGE_REQUEST_STATS, { id: { $in: ids } }),
    ]);
    const headOf = new Map(heads.map((h) => [h.id, h.revision]));
    const statsOf = new Map(stats.map((s) => [s.id, s]));
    return new Map(
      ids.map((id) => {
        const s = statsOf.get(id);
        return [
          id,
          { revision: headOf.get(id) ?? null, changeRequests: s?.changeRequests ?? 0, changeRequestsOpen: s?.open ?? 0, changeRequestsDraft: s?.draft ?? 0 },
        ];
      }),
    );
  }
}
