import { includesEvent, RecordedEvent } from '@app/platform';
import { projectionOf } from '@app/platform/testing/projection-spec';
import { ChangeRequestEvent, SpaceContentEvent } from '../../domain/change-request.events';
import { changeRequestAt, madeRevision, mainHeadAt } from './as-of-folds';
import { CHANGE_REQUEST_VERSIONS, changeRequestsProjection, ChangeRequestVersionDoc } from './change-requests.projection';

const ids = { spaceId: 's1', changeRequestId: 'cr1' };
const t = (n: number) => `2026-01-0${n}T00:00:00.000Z`;
const recorded = (events: Array<ChangeRequestEvent | SpaceContentEvent | { type: string; data: unknown }>): RecordedEvent[] =>
  events.map((e, i) => ({
    ...e,
    id: `e${i + 1}`,
    stream: 'x',
    revision: i,
    position: i + 1,
    metadata: { actor: 'alice', occurredAt: t(i + 1), correlationId: 'c', causationId: null, schemaVersion: 1 },
  }));
const upTo = (events: RecordedEvent[], position: number) => events.filter((e) => includesEvent({ label: 'p', position }, e));

const lifeOfAChangeRequest: ChangeRequestEvent[] = [
  {
    type: 'ChangeRequestCreated',
    data: {
      ...ids,
      organizationId: 'o1',
      number: 7,
      status: 'draft',
      subject: 'First',
      createdBy: 'alice',
      createdAt: t(1),
      base: { revision: 'r0', root: 'x0' },
      conversationsIssuesCluster: null,
    },
  },
  { type: 'ChangeRequestContentUpdated', data: { ...ids, revision: 'r1', root: 'x1', parents: ['r0'], author: 'bob', createdAt: t(2) } },
  { type: 'ChangeRequestDetailsUpdated', data: { ...ids, subject: 'Second', description: 'Why', updatedAt: t(3) } },
  { type: 'ChangeRequestStatusChanged', data: { ...ids, from: 'draft', to: 'open', updatedAt: t(4) } },
  { type: 'ChangeRequestReviewersRequested', data: { ...ids, users: ['carol'], requestedBy: 'alice', revision: 'r1', requestedAt: t(5) } },
  {
    type: 'ChangeRequestReviewSubmitted',
    data: { ...ids, reviewId: 'v1', reviewer: 'carol', status: 'approved', revision: 'r1', requestedBy: 'alice', submittedAt: t(6) },
  },
  { type: 'ChangeRequestMerged', data: { ...ids, from: 'open', revision: 'm1', mergedBy: 'alice', mergedAt: t(7) } },
];

describe('content as of a point', () => {
  it('a change request at every point equals the version the projection kept for that point', async () => {
    const events = recorded(lifeOfAChangeRequest);
    const versions = (await projectionOf(changeRequestsProjection, lifeOfAChangeRequest))[CHANGE_REQUEST_VERSIONS] as ChangeRequestVersionDoc[];
    expect(changeRequestAt(upTo(events, 0))).toBeNull();
    for (let p = 1; p <= events.length; p++) {
      const version = versions.find((v) => v.validFrom <= p && p < v.validTo)!;
      const { id: _id, changeRequestId: _cr, validFrom: _f, validTo: _t, versionId: _v, ...kept } = version;
      const { versionId: _folded, ...folded } = changeRequestAt(upTo(events, p))!;
      expect(folded).toEqual(kept);
    }
  });

  it('a change request as of an instant keeps the events that occurred at or before it', () => {
    const events = recorded(lifeOfAChangeRequest);
    const at = (instant: string) => changeRequestAt(events.filter((e) => includesEvent({ label: instant, instant }, e)));
    expect(at('2025-12-31T23:59:59.999Z')).toBeNull();
    expect(at(t(3))).toMatchObject({ subject: 'Second', description: 'Why', status: 'draft', revision: 'r1', updatedAt: t(3) });
    expect(at(t(4))).toMatchObject({ status: 'open', requestedReviewers: [] });
    expect(at(t(9))).toMatchObject({ status: 'merged', revisionMerged: 'm1', mergedAt: t(7), requestedReviewers: ['carol'] });
  });

  it('space lifecycle events in the same list leave a change request as it was', () => {
    const events = recorded([...lifeOfAChangeRequest.slice(0, 2), { type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1' } }]);
    expect(changeRequestAt(events)).toEqual(changeRequestAt(events.slice(0, 2)));
  });

  const spaceLife: SpaceContentEvent[] = [
    { type: 'SpaceContentInitialized', data: { spaceId: 's1', revision: 'r0', root: 'x0', createdAt: t(1) } },
    { type: 'ChangeRequestNumberReserved', data: { spaceId: 's1', changeRequestId: 'cr1', number: 1 } },
    {
      type: 'SpaceContentMerged',
      data: { spaceId: 's1', changeRequestId: 'cr1', revision: 'm1', root: 'y1', parents: ['r0', 'r1'], mergedBy: 'a', createdAt: t(3) },
    },
    { type: 'SpaceContentRevised', data: { spaceId: 's1', revision: 't1', root: 'y2', parents: ['m1'], reason: 'template', template: 'x', createdAt: t(4) } },
  ];

  it("main's head at a point is the last revision the space-content stream had made by then", () => {
    const events = recorded(spaceLife);
    expect([0, 1, 2, 3, 4].map((p) => mainHeadAt(upTo(events, p))?.revision ?? null)).toEqual([null, 'r0', 'r0', 'm1', 't1']);
  });

  it('a revision exists at a point once the event that made it is included, not when an event merely names it', () => {
    const events = recorded(spaceLife);
    expect(madeRevision(upTo(events, 2), 'm1')).toBe(false);
    expect(madeRevision(upTo(events, 3), 'm1')).toBe(true);
    const crEvents = recorded(lifeOfAChangeRequest);
    expect(madeRevision(crEvents, 'r1')).toBe(true);
    // ChangeRequestMerged names the merge revision; the space's stream makes it.
    expect(madeRevision(crEvents, 'm1')).toBe(false);
  });
});
