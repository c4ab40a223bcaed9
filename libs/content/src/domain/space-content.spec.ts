import { given } from '@app/platform/testing/given';
import { changeRequest, ChangeRequestNotFound, ChangeRequestReadOnly, ChangeRequestState, ContentMovedMeanwhile } from './change-request';
import { ChangeRequestEvent, SpaceContentEvent } from './change-request.events';
import { MergeRulesConfig, MergeRulesNotMet } from './merge-rules';
import { SpaceContentCommand, spaceContentDecider as space, SpaceLocked } from './space-content.decider';

const now = new Date('2026-01-01T00:00:00.000Z');
const at = now.toISOString();
const initial = { revision: 'r0', root: 'empty' };
const initialized: SpaceContentEvent = { type: 'SpaceContentInitialized', data: { spaceId: 's1', ...initial, createdAt: at } };
const reserved = (n: number): SpaceContentEvent => ({ type: 'ChangeRequestNumberReserved', data: { spaceId: 's1', changeRequestId: `cr${n}`, number: n } });
const reserve = (n: number): SpaceContentCommand => ({ type: 'ReserveChangeRequestNumber', spaceId: 's1', changeRequestId: `cr${n}`, initial });

const crIds = { spaceId: 's1', changeRequestId: 'cr1' };
const crCreated: ChangeRequestEvent = {
  type: 'ChangeRequestCreated',
  data: {
    ...crIds,
    organizationId: 'o1',
    number: 1,
    status: 'open',
    subject: 'S',
    createdBy: 'alice',
    createdAt: at,
    base: initial,
    conversationsIssuesCluster: null,
  },
};
const crEdited: ChangeRequestEvent = {
  type: 'ChangeRequestContentUpdated',
  data: { ...crIds, revision: 'c1', root: 'root-c1', parents: ['r0'], author: 'alice', createdAt: at },
};
const crOf = (...events: ChangeRequestEvent[]): ChangeRequestState => given(changeRequest, crCreated, ...events).state;
const open = crOf(crEdited);

const merge = (more: Partial<Extract<SpaceContentCommand, { type: 'MergeChangeRequest' }>> = {}): SpaceContentCommand => ({
  type: 'MergeChangeRequest',
  ...crIds,
  initial,
  locked: false,
  changeRequest: open,
  rules: { type: 'none' },
  names: {},
  mergedBy: 'bob',
  against: 'r0',
  revision: 'm1',
  root: 'root-c1',
  ...more,
});
const mergedData = { ...crIds, revision: 'm1', root: 'root-c1', parents: ['r0', 'c1'], mergedBy: 'bob', createdAt: at };
const mergedIntoMain: SpaceContentEvent = { type: 'SpaceContentMerged', data: mergedData };

describe('space content decider', () => {
  describe('InitializeSpaceContent', () => {
    const init = (copy: { revision: string; root: string } | null = null): SpaceContentCommand => ({
      type: 'InitializeSpaceContent',
      spaceId: 's1',
      initial,
      copy,
    });
    const copy = { revision: 'd1', root: 'source-root' };
    const revised: SpaceContentEvent = { type: 'SpaceContentRevised', data: { spaceId: 's1', ...copy, parents: ['r0'], reason: 'duplicate', createdAt: at } };

    it('initializes once from the revision SpaceCreated announced', () => {
      given(space).whenCommand(init(), now).then([initialized]);
      given(space, initialized).whenCommand(init(), now).thenNothing();
    });

    it("copies a duplicated space's content once, even if the saga redelivers", () => {
      given(space).whenCommand(init(copy), now).then([initialized, revised]);
      given(space, initialized).whenCommand(init(copy), now).then([revised]);
      given(space, initialized, revised)
        .whenCommand(init({ revision: 'd2', root: 'source-root-2' }), now)
        .thenNothing();
    });

    it('a source with the same (empty) content copies nothing', () => {
      given(space)
        .whenCommand(init({ revision: 'd1', root: 'empty' }), now)
        .then([initialized]);
    });
  });

  describe('ReserveChangeRequestNumber', () => {
    it('numbers change requests sequentially, initializing main first when needed', () => {
      given(space)
        .whenCommand(reserve(1), now)
        .then([initialized, reserved(1)]);
      given(space, initialized, reserved(1))
        .whenCommand(reserve(2), now)
        .then([reserved(2)]);
    });
  });

  describe('MergeChangeRequest', () => {
    it('advances main to the merged root, with main and the change request as parents', () => {
      given(space, initialized).whenCommand(merge(), now).then([mergedIntoMain]);
    });

    it('merges into the announced initial revision when main was not initialized yet', () => {
      given(space).whenCommand(merge(), now).then([mergedIntoMain]);
    });

    it('refuses a merge computed against a main that moved since', () => {
      given(space, initialized, mergedIntoMain)
        .whenCommand(merge({ revision: 'm2' }), now)
        .thenThrows(ContentMovedMeanwhile);
    });

    it('a locked space refuses merges (412), before anything else', () => {
      given(space, initialized)
        .whenCommand(merge({ locked: true }), now)
        .thenThrows(SpaceLocked);
      given(space, initialized)
        .whenCommand(
          merge({
            locked: true,
            changeRequest: crOf({ type: 'ChangeRequestMerged', data: { ...crIds, from: 'open', revision: 'x', mergedBy: 'b', mergedAt: at } }),
          }),
          now,
        )
        .thenThrows(SpaceLocked);
    });

    it('merged and archived change requests cannot be merged (412)', () => {
      const mergedCr = crOf({ type: 'ChangeRequestMerged', data: { ...crIds, from: 'open', revision: 'x', mergedBy: 'b', mergedAt: at } });
      const archivedCr = crOf({ type: 'ChangeRequestStatusChanged', data: { ...crIds, from: 'open', to: 'archived', updatedAt: at } });
      given(space, initialized)
        .whenCommand(merge({ changeRequest: mergedCr }), now)
        .thenThrows(ChangeRequestReadOnly);
      given(space, initialized)
        .whenCommand(merge({ changeRequest: archivedCr }), now)
        .thenThrows(ChangeRequestReadOnly);
    });

    it('an unknown change request, or one of another space, is not found', () => {
      given(space, initialized)
        .whenCommand(merge({ changeRequest: changeRequest.initialState }), now)
        .thenThrows(ChangeRequestNotFound);
      given(space, initialized)
        .whenCommand(merge({ spaceId: 's2' }), now)
        .thenThrows(ChangeRequestNotFound);
    });

    it('unmet merge rules refuse the merge (412), naming reviewers by display name', () => {
      const rules: MergeRulesConfig = { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['dan'] }] };
      given(space, initialized).whenCommand(merge({ rules }), now).thenThrows(MergeRulesNotMet);
      expect(() => space.decide(merge({ rules, names: { dan: 'Dan Reviewer' } }), given(space, initialized).state, now)).toThrow(
        'needs an approval from Dan Reviewer',
      );
      const approved = crOf(crEdited, {
        type: 'ChangeRequestReviewSubmitted',
        data: { ...crIds, reviewId: 'rv', reviewer: 'dan', status: 'approved', revision: 'c1', requestedBy: null, submittedAt: at },
      });
      given(space, initialized)
        .whenCommand(merge({ rules, changeRequest: approved }), now)
        .then([mergedIntoMain]);
    });

    it('an outdated change request fails require_up_to_date_change_request, and merges without it', () => {
      const rules: MergeRulesConfig = { type: 'rules', rules: [{ rule: 'require_up_to_date_change_request' }] };
      const other: SpaceContentEvent = {
        type: 'SpaceContentMerged',
        data: { ...mergedData, changeRequestId: 'cr0', revision: 'm0', root: 'root-m0', parents: ['r0', 'x'] },
      };
      given(space, initialized, other)
        .whenCommand(merge({ rules, against: 'm0' }), now)
        .thenThrows(MergeRulesNotMet);
      given(space, initialized, other)
        .whenCommand(merge({ against: 'm0', root: 'root-3way' }), now)
        .then([{ type: 'SpaceContentMerged', data: { ...mergedData, root: 'root-3way', parents: ['m0', 'c1'] } }]);
    });
  });
});
