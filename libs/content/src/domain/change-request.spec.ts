import { Forbidden, PreconditionFailed } from '@app/platform';
import { given } from '@app/platform/testing/given';
import {
  changeRequest, decideContentUpdate, decideCreate, decideMerged, decidePatch, decideRemoveReviewer, decideRequestReviewers, decideSubmitReview,
  decideUpdateFromMain, HeadMoved,
} from './change-request';
import { ChangeRequestEvent } from './change-request.events';
import { assertMergeRules, unmetMergeRules } from './merge-rules';

const ids = { spaceId: 's1', changeRequestId: 'cr1' };
const at = '2026-01-02T00:00:00.000Z';
const created: ChangeRequestEvent = {
  type: 'ChangeRequestCreated',
  data: { ...ids, organizationId: 'o1', number: 1, status: 'open', subject: 'Fix typos', createdBy: 'alice', createdAt: at, base: { revision: 'r0', root: 'root0' }, conversationsIssuesCluster: null },
};
const edited: ChangeRequestEvent = { type: 'ChangeRequestContentUpdated', data: { ...ids, revision: 'r1', root: 'root1', parents: ['r0'], author: 'alice', createdAt: at } };
const merged: ChangeRequestEvent = { type: 'ChangeRequestMerged', data: { ...ids, from: 'open', revision: 'm1', mergedBy: 'bob', mergedAt: at } };
const requested = (...users: string[]): ChangeRequestEvent => ({ type: 'ChangeRequestReviewersRequested', data: { ...ids, users, requestedBy: 'alice', revision: 'r1', requestedAt: at } });
const reviewed = (reviewer: string, status: 'approved' | 'changes-requested', reviewId = `rv-${reviewer}`): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewSubmitted', data: { ...ids, reviewId, reviewer, status, revision: 'r1', requestedBy: null, submittedAt: at },
});

describe('change request decider', () => {
  it('is created once', () => {
    given(changeRequest).when((s) => decideCreate(s, created.data as any)).then([created]);
    given(changeRequest, created).when((s) => decideCreate(s, created.data as any)).thenNothing();
  });

  it('records a content revision on its head; an unchanged root records nothing; a moved head retries', () => {
    given(changeRequest, created).when((s) => decideContentUpdate(s, ids, 'r0', { revision: 'r1', root: 'root1', author: 'alice', at })).then([edited]);
    given(changeRequest, created).when((s) => decideContentUpdate(s, ids, 'r0', { revision: 'r1', root: 'root0', author: 'alice', at })).thenNothing();
    given(changeRequest, created, edited).when((s) => decideContentUpdate(s, ids, 'r0', { revision: 'r2', root: 'root2', author: 'alice', at })).thenThrows(HeadMoved);
  });

  it('refuses edits, updates and reviews once merged (412)', () => {
    given(changeRequest, created, merged).when((s) => decideContentUpdate(s, ids, 'r0', { revision: 'r1', root: 'x', author: 'a', at })).thenThrows(PreconditionFailed);
    given(changeRequest, created, merged).when((s) => decideUpdateFromMain(s, ids, 'r0', { revision: 'm', root: 'x' }, { revision: 'u', root: 'y', author: 'a', at })).thenThrows(PreconditionFailed);
    given(changeRequest, created, merged).when((s) => decidePatch(s, ids, { status: 'open' }, at)).thenThrows(PreconditionFailed);
    given(changeRequest, created, merged).when((s) => decideMerged(s, ids, 'm2', 'bob', at)).thenNothing();
  });

  it('updating from main when already based on it decides nothing', () => {
    given(changeRequest, created).when((s) => decideUpdateFromMain(s, ids, 'r0', { revision: 'r0', root: 'root0' }, { revision: 'u', root: 'y', author: 'a', at })).thenNothing();
    given(changeRequest, created).when((s) => decideUpdateFromMain(s, ids, 'r0', { revision: 'm1', root: 'rootm' }, { revision: 'u', root: 'y', author: 'a', at }))
      .then([{ type: 'ChangeRequestUpdatedFromMain', data: { ...ids, revision: 'u', root: 'y', parents: ['r0', 'm1'], mergedAncestor: { revision: 'm1', root: 'rootm' }, author: 'a', createdAt: at } }]);
  });

  it('patches only what changes, status changes carry from/to', () => {
    given(changeRequest, created).when((s) => decidePatch(s, ids, { subject: 'Fix typos', status: 'draft' }, at))
      .then([{ type: 'ChangeRequestStatusChanged', data: { ...ids, from: 'open', to: 'draft', updatedAt: at } }]);
    given(changeRequest, created).when((s) => decidePatch(s, ids, { subject: 'Fix typos', status: 'open' }, at)).thenNothing();
  });

  it('reviews: the author cannot review; removing an unrequested reviewer is a no-op', () => {
    given(changeRequest, created).when((s) => decideSubmitReview(s, ids, { reviewId: 'x', reviewer: 'alice', status: 'approved', requestedBy: null }, at)).thenThrows(Forbidden);
    given(changeRequest, created).when((s) => decideRemoveReviewer(s, ids, 'bob', at)).thenNothing();
    given(changeRequest, created, requested('bob')).when((s) => decideRemoveReviewer(s, ids, 'bob', at))
      .then([{ type: 'ChangeRequestReviewerRemoved', data: { ...ids, userId: 'bob', removedAt: at } }]);
    given(changeRequest, created).when((s) => decideRequestReviewers(s, ids, ['alice'], 'alice', at)).thenThrows(PreconditionFailed);
  });
});

describe('merge rules', () => {
  const rules = (...r: any[]) => ({ type: 'rules' as const, rules: r });
  const ctx = { actor: 'carol', outdated: false };

  it('require_specific_reviewers needs a current approval from each user', () => {
    const cfg = rules({ rule: 'require_specific_reviewers', users: ['bob', 'dan'] });
    const s = given(changeRequest, created, edited, reviewed('bob', 'approved')).state;
    expect(unmetMergeRules(cfg, s, ctx)).toEqual(['require_specific_reviewers: needs an approval from dan']);
    expect(() => assertMergeRules(cfg, s, ctx, 'cr1')).toThrow(PreconditionFailed);
    const both = given(changeRequest, created, reviewed('bob', 'approved'), reviewed('dan', 'approved')).state;
    expect(unmetMergeRules(cfg, both, ctx)).toEqual([]);
  });

  it('a new review request outdates the earlier approval; changes requested blocks', () => {
    const cfg = rules({ rule: 'require_at_least_one_review' }, { rule: 'require_all_reviews_approved' });
    expect(unmetMergeRules(cfg, given(changeRequest, created, reviewed('bob', 'approved'), requested('bob')).state, ctx)).toEqual([
      'require_at_least_one_review: needs at least one approving review', 'require_all_reviews_approved: waiting for bob',
    ]);
    expect(unmetMergeRules(cfg, given(changeRequest, created, reviewed('bob', 'approved'), reviewed('dan', 'changes-requested')).state, ctx)).toEqual([
      'require_all_reviews_approved: waiting for dan',
    ]);
  });

  it('bypass users, up-to-date, subject, and unknown rules failing closed', () => {
    const s = given(changeRequest, created).state;
    expect(unmetMergeRules(rules({ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: ['carol'] }), s, ctx)).toEqual([]);
    expect(unmetMergeRules(rules({ rule: 'require_up_to_date_change_request' }), s, { ...ctx, outdated: true })).toHaveLength(1);
    expect(unmetMergeRules(rules({ rule: 'require_change_request_description' }, { rule: 'custom', expression: 'x' }), s, ctx)).toHaveLength(2);
    expect(unmetMergeRules({ type: 'none' }, s, ctx)).toEqual([]);
  });
});
