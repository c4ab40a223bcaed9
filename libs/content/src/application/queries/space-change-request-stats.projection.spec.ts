import { projectionOf } from '@app/platform/testing/projection-spec';
import { SPACE_CHANGE_REQUEST_STATS, spaceChangeRequestStatsProjection } from './space-change-request-stats.projection';

const created = (spaceId: string, changeRequestId: string, status: 'draft' | 'open') => ({
  type: 'ChangeRequestCreated',
  data: {
    spaceId,
    changeRequestId,
    organizationId: 'o1',
    number: 1,
    status,
    subject: 's',
    createdBy: 'u1',
    createdAt: '2026-01-01T00:00:00.000Z',
    base: { revision: 'r0', root: 'h0' },
    conversationsIssuesCluster: null,
  },
});
const changed = (spaceId: string, changeRequestId: string, from: string, to: string) => ({
  type: 'ChangeRequestStatusChanged',
  data: { spaceId, changeRequestId, from, to, updatedAt: '2026-01-02T00:00:00.000Z' },
});
const merged = (spaceId: string, changeRequestId: string, from: string) => ({
  type: 'ChangeRequestMerged',
  data: { spaceId, changeRequestId, from, revision: 'r1', mergedBy: 'u1', mergedAt: '2026-01-03T00:00:00.000Z' },
});
const stats = async (events: Array<{ type: string; data: unknown }>) =>
  (await projectionOf(spaceChangeRequestStatsProjection, events))[SPACE_CHANGE_REQUEST_STATS];

describe('space change-request stats projection', () => {
  it('counts every change request of a space, and the open and draft ones', async () => {
    expect(await stats([created('s1', 'c1', 'draft'), created('s1', 'c2', 'open'), created('s2', 'c3', 'open')])).toEqual([
      { id: 's1', changeRequests: 2, open: 1, draft: 1 },
      { id: 's2', changeRequests: 1, open: 1, draft: 0 },
    ]);
  });

  it('a status change moves one change request between the counters; archived and merged ones count only in the total', async () => {
    expect(
      await stats([
        created('s1', 'c1', 'draft'),
        created('s1', 'c2', 'open'),
        created('s1', 'c3', 'open'),
        changed('s1', 'c1', 'draft', 'open'),
        changed('s1', 'c2', 'open', 'archived'),
        merged('s1', 'c3', 'open'),
      ]),
    ).toEqual([{ id: 's1', changeRequests: 3, open: 1, draft: 0 }]);
    expect(await stats([created('s1', 'c1', 'open'), changed('s1', 'c1', 'open', 'archived'), changed('s1', 'c1', 'archived', 'draft')])).toEqual([
      { id: 's1', changeRequests: 1, open: 0, draft: 1 },
    ]);
  });

  it('ignores the other events of content and of other contexts', async () => {
    expect(
      await stats([
        { type: 'ChangeRequestDetailsUpdated', data: { spaceId: 's1', changeRequestId: 'c1', subject: 'x', updatedAt: 'x' } },
        { type: 'SpaceCreated', data: { spaceId: 's1' } },
      ]),
    ).toEqual([]);
  });
});
