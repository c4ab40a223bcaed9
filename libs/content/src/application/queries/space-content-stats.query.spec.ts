import { projectEvents, withEmbeddedReadStore } from '@app/platform/testing/projection-spec';
import { SpaceContentStatsQuery } from '@app/spaces/contracts';
import { revisionsProjection } from './content.projection';
import { spaceChangeRequestStatsProjection } from './space-change-request-stats.projection';
import { SpaceContentStatsHandler } from './space-content-stats.query';

const events = [
  { type: 'SpaceCreated', data: { spaceId: 's1', organizationId: 'o1', revision: 'r0', duplicatedFrom: null, createdAt: '2026-01-01T00:00:00.000Z' } },
  { type: 'SpaceCreated', data: { spaceId: 's2', organizationId: 'o1', revision: 'q0', duplicatedFrom: null, createdAt: '2026-01-01T00:00:00.000Z' } },
  {
    type: 'ChangeRequestCreated',
    data: {
      spaceId: 's1',
      changeRequestId: 'c1',
      organizationId: 'o1',
      number: 1,
      status: 'open',
      subject: 's',
      createdBy: 'u1',
      createdAt: '2026-01-01T00:00:00.000Z',
      base: { revision: 'r0', root: 'h0' },
      conversationsIssuesCluster: null,
    },
  },
  {
    type: 'SpaceContentMerged',
    data: { spaceId: 's1', changeRequestId: 'c1', revision: 'r1', root: 'h1', parents: ['r0', 'x'], mergedBy: 'u1', createdAt: '2026-01-02T00:00:00.000Z' },
  },
  {
    type: 'ChangeRequestMerged',
    data: { spaceId: 's1', changeRequestId: 'c1', from: 'open', revision: 'r1', mergedBy: 'u1', mergedAt: '2026-01-02T00:00:00.000Z' },
  },
  {
    type: 'SpaceContentRevised',
    data: { spaceId: 's2', revision: 'q1', root: 'g1', parents: ['q0'], reason: 'duplicate', createdAt: '2026-01-02T00:00:00.000Z' },
  },
];

describe('SpaceContentStatsQuery (content answers the spaces contract)', () => {
  it("answers each asked space with main's current revision and its change-request counters, in one call", async () => {
    await withEmbeddedReadStore(async (store) => {
      await projectEvents(revisionsProjection, events, store);
      await projectEvents(spaceChangeRequestStatsProjection, events, store);
      const answer = await new SpaceContentStatsHandler(store).execute(new SpaceContentStatsQuery(['s1', 's2', 'unknown', 's1']));
      expect([...answer]).toEqual([
        ['s1', { revision: 'r1', changeRequests: 1, changeRequestsOpen: 0, changeRequestsDraft: 0 }],
        ['s2', { revision: 'q1', changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }],
        ['unknown', { revision: null, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }],
      ]);
      expect((await new SpaceContentStatsHandler(store).execute(new SpaceContentStatsQuery([]))).size).toBe(0);
    });
  });
});
