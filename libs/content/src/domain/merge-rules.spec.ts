import { given } from '@app/platform/testing/given';
import { changeRequest } from './change-request';
import { ChangeRequestEvent } from './change-request.events';
import { assertMergeRules, MergeRule, mergeRuleUsers, MergeRulesNotMet, unmetMergeRules } from './merge-rules';

const ids = { spaceId: 's1', changeRequestId: 'cr1' };
const at = '2026-01-02T00:00:00.000Z';
const created: ChangeRequestEvent = {
  type: 'ChangeRequestCreated',
  data: {
    ...ids,
    organizationId: 'o1',
    number: 1,
    status: 'open',
    subject: 'Fix typos',
    createdBy: 'alice',
    createdAt: at,
    base: { revision: 'r0', root: 'root0' },
    conversationsIssuesCluster: null,
  },
};
const edited: ChangeRequestEvent = {
  type: 'ChangeRequestContentUpdated',
  data: { ...ids, revision: 'r1', root: 'root1', parents: ['r0'], author: 'alice', createdAt: at },
};
const requested = (...users: string[]): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewersRequested',
  data: { ...ids, users, requestedBy: 'alice', revision: 'r1', requestedAt: at },
});
const reviewed = (reviewer: string, status: 'approved' | 'changes-requested', reviewId = `rv-${reviewer}`): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewSubmitted',
  data: { ...ids, reviewId, reviewer, status, revision: 'r1', requestedBy: null, submittedAt: at },
});

describe('merge rules', () => {
  const rules = (...r: MergeRule[]) => ({ type: 'rules' as const, rules: r });
  const ctx = { actor: 'carol', outdated: false };

  it('require_specific_reviewers needs a current approval from each user', () => {
    const cfg = rules({ rule: 'require_specific_reviewers', users: ['bob', 'dan'] });
    const s = given(changeRequest, created, edited, reviewed('bob', 'approved')).state;
    expect(unmetMergeRules(cfg, s, ctx)).toEqual(['require_specific_reviewers: needs an approval from dan']);
    expect(() => assertMergeRules(cfg, s, ctx, 'cr1')).toThrow(MergeRulesNotMet);
    const both = given(changeRequest, created, reviewed('bob', 'approved'), reviewed('dan', 'approved')).state;
    expect(unmetMergeRules(cfg, both, ctx)).toEqual([]);
  });

  it('require_one_of_specific_reviewers needs one of them, named by display name', () => {
    const cfg = rules({ rule: 'require_one_of_specific_reviewers', users: ['bob', 'dan'] });
    const name = (u: string) => (({ bob: 'Bob B' }) as Record<string, string>)[u] ?? u;
    expect(unmetMergeRules(cfg, given(changeRequest, created).state, { ...ctx, name })).toEqual([
      'require_one_of_specific_reviewers: needs an approval from one of Bob B, dan',
    ]);
    expect(unmetMergeRules(cfg, given(changeRequest, created, reviewed('dan', 'approved')).state, ctx)).toEqual([]);
  });

  it('a new review request outdates the earlier approval; changes requested blocks', () => {
    const cfg = rules({ rule: 'require_at_least_one_review' }, { rule: 'require_all_reviews_approved' });
    expect(unmetMergeRules(cfg, given(changeRequest, created, reviewed('bob', 'approved'), requested('bob')).state, ctx)).toEqual([
      'require_at_least_one_review: needs at least one approving review',
      'require_all_reviews_approved: waiting for bob',
    ]);
    expect(unmetMergeRules(cfg, given(changeRequest, created, reviewed('bob', 'approved'), reviewed('dan', 'changes-requested')).state, ctx)).toEqual([
      'require_all_reviews_approved: waiting for dan',
    ]);
  });

  it('bypass users, up-to-date, subject, and unknown rules failing closed', () => {
    const s = given(changeRequest, created).state;
    expect(unmetMergeRules(rules({ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: ['carol'] }), s, ctx)).toEqual([]);
    expect(unmetMergeRules(rules({ rule: 'require_up_to_date_change_request' }), s, { ...ctx, outdated: true })).toHaveLength(1);
    expect(unmetMergeRules(rules({ rule: 'require_up_to_date_change_request' }), s, ctx)).toEqual([]);
    expect(unmetMergeRules(rules({ rule: 'require_change_request_description' }, { rule: 'custom', expression: 'x' }), s, ctx)).toHaveLength(2);
    expect(unmetMergeRules(rules({ rule: 'require_change_request_subject' }), s, ctx)).toEqual([]);
    const untitled = given(changeRequest, { ...created, data: { ...created.data, subject: ' ' } }).state;
    expect(unmetMergeRules(rules({ rule: 'require_change_request_subject' }), untitled, ctx)).toEqual([
      'require_change_request_subject: the change request needs a subject',
    ]);
    expect(unmetMergeRules({ type: 'none' }, s, ctx)).toEqual([]);
  });

  it('names every user a refusal may name: rule users, reviewers and requested reviewers', () => {
    const s = given(changeRequest, created, reviewed('bob', 'approved'), requested('erin')).state;
    expect(mergeRuleUsers(rules({ rule: 'require_specific_reviewers', users: ['dan'] }), s).sort()).toEqual(['bob', 'dan', 'erin']);
    expect(mergeRuleUsers({ type: 'none' }, s)).toEqual([]);
  });
});
