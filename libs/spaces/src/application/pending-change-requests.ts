import { QueryBus } from '@nestjs/cqrs';
import { SpaceContentStats, SpaceContentStatsQuery } from '../contracts';

/**
 * Open plus draft change requests of each space (a transfer waits until there are none): the
 * content context's figures, asked through the query spaces declares in its contracts.
 */
export async function pendingChangeRequests(queries: QueryBus, spaceIds: string[]): Promise<Map<string, number>> {
  const stats = spaceIds.length ? await queries.execute(new SpaceContentStatsQuery(spaceIds)) : new Map<string, SpaceContentStats>();
  return new Map(
    spaceIds.map((id) => {
      const s = stats.get(id);
      return [id, (s?.changeRequestsOpen ?? 0) + (s?.changeRequestsDraft ?? 0)];
    }),
  );
}
