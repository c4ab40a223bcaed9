import { projectionOf } from '@app/platform/testing/projection-spec';
import { ChangeRequestEvent } from '../../domain/change-request.events';
import {
  CHANGE_REQUEST_VERSIONS,
  CHANGE_REQUESTS,
  ChangeRequestDoc,
  changeRequestsProjection,
  ChangeRequestVersionDoc,
  OPEN_VERSION,
  REVIEWERS,
  ReviewerDoc,
  ReviewDoc,
  REVIEWS,
  userKey,
} from './change-requests.projection';

const ids = { spaceId: 's1', changeRequestId: 'cr1' };
const t = (n: number) => `2026-01-0${n}T00:00:00.000Z`;
const created = (over: Partial<Extract<ChangeRequestEvent, { type: 'ChangeRequestCreated' }>['data']> = {}): ChangeRequestEvent => ({
  type: 'ChangeRequestCreated',
  data: {
    ...ids,
    organizationId: 'o1',
    number: 1,
    status: 'draft',
    subject: 'S',
    createdBy: 'alice',
    createdAt: t(1),
    base: { revision: 'r0', root: 'x' },
    conversationsIssuesCluster: 'c1',
    ...over,
  },
});
const edit = (author: string, revision: string, at: string): ChangeRequestEvent => ({
  type: 'ChangeRequestContentUpdated',
  data: { ...ids, revision, root: `root-${revision}`, parents: [], author, createdAt: at },
});
const requested = (users: string[], at = t(3)): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewersRequested',
  data: { ...ids, users, requestedBy: 'alice', revision: 'r1', requestedAt: at },
});
const reviewed = (reviewId: string, reviewer: string, status: 'approved' | 'changes-requested', at = t(4)): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewSubmitted',
  data: { ...ids, reviewId, reviewer, status, revision: 'r1', requestedBy: null, submittedAt: at },
});
const docsOf = async (events: Array<{ type: string; data: unknown }>) => {
  const docs = await projectionOf(changeRequestsProjection, events);
  return {
    current: docs[CHANGE_REQUESTS] as ChangeRequestDoc[],
    versions: docs[CHANGE_REQUEST_VERSIONS] as ChangeRequestVersionDoc[],
    reviews: docs[REVIEWS] as ReviewDoc[],
    reviewers: docs[REVIEWERS] as ReviewerDoc[],
  };
};

describe('change requests projection', () => {
  it('a created change request: its document and its first, open version', async () => {
    const { current, versions } = await docsOf([created()]);
    const doc: ChangeRequestDoc = {
      id: 'cr1',
      spaceId: 's1',
      organizationId: 'o1',
      number: 1,
      status: 'draft',
      subject: 'S',
      description: '',
      createdBy: 'alice',
      createdAt: t(1),
      updatedAt: t(1),
      revision: 'r0',
      revisionInitial: 'r0',
      revisionMergedAncestor: null,
      revisionMerged: null,
      mergedBy: null,
      mergedAt: null,
      base: 'r0',
      conversationsIssuesCluster: 'c1',
      contributors: [],
      requestedReviewers: [],
      contributorsKey: '|',
      reviewersKey: '|',
      spaceActive: true,
      versionId: 'cr1@1',
      seq: 1,
    };
    expect(current).toEqual([doc]);
    const { id: _id, ...fields } = doc;
    expect(versions).toEqual([{ ...fields, id: 'cr1@1', changeRequestId: 'cr1', validFrom: 1, validTo: OPEN_VERSION }]);
  });

  it('edits count per contributor (latest last) and every change closes the previous version', async () => {
    const { current, versions } = await docsOf([created(), edit('alice', 'r1', t(2)), edit('bob', 'r2', t(3)), edit('alice', 'r3', t(4))]);
    expect(current[0]).toMatchObject({
      revision: 'r3',
      updatedAt: t(4),
      versionId: 'cr1@4',
      contributorsKey: userKey(['bob', 'alice']),
      contributors: [
        { userId: 'bob', count: 1, updatedAt: t(3) },
        { userId: 'alice', count: 2, updatedAt: t(4) },
      ],
    });
    expect(versions.map((v) => [v.id, v.validFrom, v.validTo, v.revision])).toEqual([
      ['cr1@1', 1, 2, 'r0'],
      ['cr1@2', 2, 3, 'r1'],
      ['cr1@3', 3, 4, 'r2'],
      ['cr1@4', 4, OPEN_VERSION, 'r3'],
    ]);
  });

  it('details, status, updates from main and the merge', async () => {
    const { current } = await docsOf([
      created(),
      { type: 'ChangeRequestDetailsUpdated', data: { ...ids, description: 'Why', updatedAt: t(2) } },
      { type: 'ChangeRequestStatusChanged', data: { ...ids, from: 'draft', to: 'open', updatedAt: t(3) } },
      {
        type: 'ChangeRequestUpdatedFromMain',
        data: { ...ids, revision: 'u1', root: 'x', parents: ['r0', 'm1'], mergedAncestor: { revision: 'm1', root: 'y' }, author: 'bob', createdAt: t(4) },
      },
      { type: 'ChangeRequestMerged', data: { ...ids, from: 'open', revision: 'm2', mergedBy: 'carol', mergedAt: t(5) } },
    ] satisfies ChangeRequestEvent[]);
    expect(current[0]).toMatchObject({
      subject: 'S',
      description: 'Why',
      status: 'merged',
      revision: 'u1',
      base: 'm1',
      revisionMergedAncestor: 'm1',
      revisionMerged: 'm2',
      mergedBy: 'carol',
      mergedAt: t(5),
      updatedAt: t(5),
    });
  });

  it('requested reviewers keep their first place; a removed one leaves the list', async () => {
    const { current, reviewers } = await docsOf([
      created(),
      requested(['bob', 'dan']),
      requested(['dan', 'erin'], t(4)),
      { type: 'ChangeRequestReviewerRemoved', data: { ...ids, userId: 'bob', removedAt: t(5) } },
    ]);
    expect(current[0]).toMatchObject({ requestedReviewers: ['dan', 'erin'], reviewersKey: userKey(['dan', 'erin']), updatedAt: t(5) });
    expect(reviewers.sort((a, b) => a.seq - b.seq).map((r) => [r.id, r.createdAt])).toEqual([
      ['cr1:dan', t(4)],
      ['cr1:erin', t(4)],
    ]);
    expect(reviewers.find((r) => r.userId === 'dan')!.seq).toBeLessThan(3);
  });

  it("reviews: a newer review or a new request outdates a reviewer's earlier review", async () => {
    const { reviews, current } = await docsOf([
      created(),
      reviewed('rv1', 'bob', 'changes-requested'),
      reviewed('rv2', 'bob', 'approved', t(5)),
      reviewed('rv3', 'dan', 'approved'),
      requested(['dan'], t(6)),
    ]);
    expect(reviews.map((r) => [r.id, r.reviewer, r.status, r.outdated])).toEqual([
      ['rv1', 'bob', 'changes-requested', true],
      ['rv2', 'bob', 'approved', false],
      ['rv3', 'dan', 'approved', true],
    ]);
    expect(reviews[1]).toEqual({
      id: 'rv2',
      changeRequestId: 'cr1',
      reviewer: 'bob',
      status: 'approved',
      revision: 'r1',
      requestedBy: null,
      createdAt: t(5),
      outdated: false,
      seq: 3,
    });
    expect(current[0].updatedAt).toBe(t(6));
  });

  it('a deleted space hides its change requests from listings until restored; other spaces are untouched', async () => {
    const other = created({ spaceId: 's2', changeRequestId: 'cr2' });
    const deleted = await docsOf([created(), other, { type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1' } }]);
    expect(deleted.current.map((c) => [c.id, c.spaceActive])).toEqual([
      ['cr1', false],
      ['cr2', true],
    ]);
    expect(deleted.versions.filter((v) => v.validTo === OPEN_VERSION).map((v) => [v.changeRequestId, v.spaceActive])).toEqual([
      ['cr1', false],
      ['cr2', true],
    ]);
    const restored = await docsOf([
      created(),
      { type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1' } },
      { type: 'SpaceRestored', data: { spaceId: 's1', organizationId: 'o1' } },
    ]);
    expect(restored.current[0].spaceActive).toBe(true);
  });

  it('an event of an unknown change request writes nothing', async () => {
    const { current, versions } = await docsOf([
      edit('alice', 'r1', t(2)),
      { type: 'ChangeRequestStatusChanged', data: { ...ids, from: 'draft', to: 'open', updatedAt: t(3) } },
    ]);
    expect([current, versions]).toEqual([[], []]);
  });
});
