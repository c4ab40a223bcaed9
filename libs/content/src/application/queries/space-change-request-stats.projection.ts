import { ProjectionDefinition } from '@app/platform';
import { ChangeRequestEvent, ChangeRequestStatus } from '../../domain/change-request.events';

/** Per space: how many change requests it has, and how many of them are open or draft. */
export const SPACE_CHANGE_REQUEST_STATS = 'content_space_change_request_stats';

export interface SpaceChangeRequestStatsDoc {
  /** The space id. */
  id: string;
  changeRequests: number;
  open: number;
  draft: number;
  [k: string]: unknown;
}

type Counted = Extract<ChangeRequestEvent, { type: 'ChangeRequestCreated' | 'ChangeRequestStatusChanged' | 'ChangeRequestMerged' }>;
const COUNTED: Array<Counted['type']> = ['ChangeRequestCreated', 'ChangeRequestStatusChanged', 'ChangeRequestMerged'];

/** Moves one change request from status `from` (null: new) to `to` in a space's counters. */
export function countTransition(s: SpaceChangeRequestStatsDoc, from: ChangeRequestStatus | null, to: ChangeRequestStatus): SpaceChangeRequestStatsDoc {
  const delta = (status: ChangeRequestStatus) => (to === status ? 1 : 0) - (from === status ? 1 : 0);
  return { ...s, changeRequests: s.changeRequests + (from === null ? 1 : 0), open: s.open + delta('open'), draft: s.draft + delta('draft') };
}

/**
 * The figures the spaces context shows on a `Space` (changeRequests, changeRequestsOpen,
 * changeRequestsDraft), kept by content from its own events and handed to spaces through its
 * `SpaceContentStatsQuery` (space-content-stats.query.ts). Query-serving: read-your-writes waits for it.
 */
export const spaceChangeRequestStatsProjection: ProjectionDefinition = {
  name: 'content-space-change-request-stats',
  collections: [{ name: SPACE_CHANGE_REQUEST_STATS }],
  handles: COUNTED,
  async apply(e, ctx) {
    const event = { type: e.type, data: e.data } as Counted;
    const { spaceId } = event.data;
    const current = (await ctx.get<SpaceChangeRequestStatsDoc>(SPACE_CHANGE_REQUEST_STATS, spaceId)) ?? { id: spaceId, changeRequests: 0, open: 0, draft: 0 };
    switch (event.type) {
      case 'ChangeRequestCreated':
        return ctx.put(SPACE_CHANGE_REQUEST_STATS, countTransition(current, null, event.data.status));
      case 'ChangeRequestStatusChanged':
        return ctx.put(SPACE_CHANGE_REQUEST_STATS, countTransition(current, event.data.from, event.data.to));
      case 'ChangeRequestMerged':
        return ctx.put(SPACE_CHANGE_REQUEST_STATS, countTransition(current, event.data.from, 'merged'));
    }
  },
};
