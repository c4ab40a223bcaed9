import { given } from '@app/platform/testing/given';
import {
  AuthorCannotBeReviewer,
  AuthorCannotReview,
  changeRequest,
  ChangeRequestNotFound,
  ChangeRequestReadOnly,
  ContentMovedMeanwhile,
} from './change-request';
import { ChangeRequestCommand, changeRequestDecider as cr } from './change-request.decider';
import { ChangeRequestEvent } from './change-request.events';

const ids = { spaceId: 's1', changeRequestId: 'cr1' };
const now = new Date('2026-01-02T00:00:00.000Z');
const at = now.toISOString();
const base = { revision: 'r0', root: 'root0' };
const createdData = {
  ...ids,
  organizationId: 'o1',
  number: 1,
  status: 'open' as const,
  subject: 'Fix typos',
  createdBy: 'alice',
  createdAt: at,
  base,
  conversationsIssuesCluster: null,
};
const created: ChangeRequestEvent = { type: 'ChangeRequestCreated', data: createdData };
const draft: ChangeRequestEvent = { type: 'ChangeRequestCreated', data: { ...createdData, status: 'draft' } };
const edited: ChangeRequestEvent = {
  type: 'ChangeRequestContentUpdated',
  data: { ...ids, revision: 'r1', root: 'root1', parents: ['r0'], author: 'alice', createdAt: at },
};
const merged: ChangeRequestEvent = { type: 'ChangeRequestMerged', data: { ...ids, from: 'open', revision: 'm1', mergedBy: 'bob', mergedAt: at } };
const archived: ChangeRequestEvent = { type: 'ChangeRequestStatusChanged', data: { ...ids, from: 'open', to: 'archived', updatedAt: at } };
const requested = (...users: string[]): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewersRequested',
  data: { ...ids, users, requestedBy: 'alice', revision: 'r1', requestedAt: at },
});
const reviewed = (reviewer: string, status: 'approved' | 'changes-requested'): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewSubmitted',
  data: { ...ids, reviewId: `rv-${reviewer}`, reviewer, status, revision: 'r1', requestedBy: null, submittedAt: at },
});

const create = (content: { revision: string; root: string } | null = null): ChangeRequestCommand => ({
  type: 'CreateChangeRequest',
  ...ids,
  organizationId: 'o1',
  number: 1,
  status: 'open',
  subject: 'Fix typos',
  createdBy: 'alice',
  base,
  conversationsIssuesCluster: null,
  content,
});
const write = (from: string, root: string, more: Partial<ChangeRequestCommand> = {}): ChangeRequestCommand =>
  ({ type: 'UpdateChangeRequestContent', ...ids, from, revision: 'r1', root, author: 'alice', ...more }) as ChangeRequestCommand;
const main1 = { revision: 'm1', root: 'rootm' };
const updateFromMain = (from: string, main = main1): ChangeRequestCommand => ({
  type: 'UpdateChangeRequestFromMain',
  ...ids,
  from,
  main,
  revision: 'u1',
  root: 'rootu',
  author: 'bob',
});
const patch = (p: { subject?: string; description?: string; status?: 'draft' | 'open' | 'archived' }): ChangeRequestCommand => ({
  type: 'UpdateChangeRequest',
  ...ids,
  ...p,
});
const request = (users: string[], details: { subject?: string } = {}): ChangeRequestCommand => ({
  type: 'RequestReviewers',
  ...ids,
  users,
  requestedBy: 'alice',
  ...details,
});
const review = (reviewer: string, status: 'approved' | 'changes-requested' = 'approved'): ChangeRequestCommand => ({
  type: 'SubmitReview',
  ...ids,
  reviewId: 'rv',
  reviewer,
  status,
});
const recordMerged: ChangeRequestCommand = { type: 'RecordChangeRequestMerged', ...ids, revision: 'm2', mergedBy: 'bob', mergedAt: at };

describe('change request decider', () => {
  describe('CreateChangeRequest', () => {
    it("creates it on main's head, once", () => {
      given(cr).whenCommand(create(), now).then([created]);
      given(cr, created).whenCommand(create(), now).thenNothing();
    });

    it('a template becomes the first revision, on the base', () => {
      given(cr)
        .whenCommand(create({ revision: 'r1', root: 'root1' }), now)
        .then([created, { ...edited, data: { ...edited.data, parents: ['r0'] } }]);
    });
  });

  describe('UpdateChangeRequestContent', () => {
    it('records a revision on the head it was computed from', () => {
      given(cr, created).whenCommand(write('r0', 'root1'), now).then([edited]);
      given(cr, draft).whenCommand(write('r0', 'root1'), now).then([edited]);
    });

    it('an unchanged root records nothing', () => {
      given(cr, created).whenCommand(write('r0', 'root0'), now).thenNothing();
    });

    it('refuses a root computed from a head that moved', () => {
      given(cr, created, edited).whenCommand(write('r0', 'root2'), now).thenThrows(ContentMovedMeanwhile);
    });

    it('merged and archived change requests are read-only (412)', () => {
      given(cr, created, merged).whenCommand(write('r0', 'x'), now).thenThrows(ChangeRequestReadOnly);
      given(cr, created, archived).whenCommand(write('r0', 'x'), now).thenThrows(ChangeRequestReadOnly);
    });

    it('an unknown change request, or one of another space, is not found', () => {
      given(cr).whenCommand(write('r0', 'x'), now).thenThrows(ChangeRequestNotFound);
      given(cr, created)
        .whenCommand(write('r0', 'x', { spaceId: 's2' }), now)
        .thenThrows(ChangeRequestNotFound);
    });
  });

  describe('UpdateChangeRequestFromMain', () => {
    const updated: ChangeRequestEvent = {
      type: 'ChangeRequestUpdatedFromMain',
      data: { ...ids, revision: 'u1', root: 'rootu', parents: ['r1', 'm1'], mergedAncestor: main1, author: 'bob', createdAt: at },
    };

    it('behind main: records the merged revision with both parents, based on main', () => {
      given(cr, created, edited).whenCommand(updateFromMain('r1'), now).then([updated]);
      expect(given(cr, created, edited, updated).state.base).toEqual(main1);
    });

    it("already based on main's head: nothing to record", () => {
      given(cr, created).whenCommand(updateFromMain('r0', base), now).thenNothing();
      given(cr, created, edited, updated).whenCommand(updateFromMain('u1'), now).thenNothing();
    });

    it('read-only, moved and unknown change requests are refused', () => {
      given(cr, created, merged).whenCommand(updateFromMain('r0'), now).thenThrows(ChangeRequestReadOnly);
      given(cr, created, archived).whenCommand(updateFromMain('r0'), now).thenThrows(ChangeRequestReadOnly);
      given(cr, created, edited).whenCommand(updateFromMain('r0'), now).thenThrows(ContentMovedMeanwhile);
      given(cr).whenCommand(updateFromMain('r0'), now).thenThrows(ChangeRequestNotFound);
    });
  });

  describe('UpdateChangeRequest (subject, description, status)', () => {
    it('records only what changes; status changes carry from and to', () => {
      given(cr, created)
        .whenCommand(patch({ subject: 'Fix typos', status: 'draft' }), now)
        .then([{ type: 'ChangeRequestStatusChanged', data: { ...ids, from: 'open', to: 'draft', updatedAt: at } }]);
      given(cr, created)
        .whenCommand(patch({ subject: 'New', description: 'Why' }), now)
        .then([{ type: 'ChangeRequestDetailsUpdated', data: { ...ids, subject: 'New', description: 'Why', updatedAt: at } }]);
      given(cr, created)
        .whenCommand(patch({ subject: 'Fix typos', status: 'open' }), now)
        .thenNothing();
    });

    it('an archived change request can be reopened', () => {
      given(cr, created, archived)
        .whenCommand(patch({ status: 'open' }), now)
        .then([{ type: 'ChangeRequestStatusChanged', data: { ...ids, from: 'archived', to: 'open', updatedAt: at } }]);
    });

    it('a merged change request can no longer be changed (412), though repeating its values changes nothing', () => {
      given(cr, created, merged)
        .whenCommand(patch({ status: 'open' }), now)
        .thenThrows(ChangeRequestReadOnly);
      given(cr, created, merged)
        .whenCommand(patch({ subject: 'Other' }), now)
        .thenThrows(ChangeRequestReadOnly);
      given(cr, created, merged)
        .whenCommand(patch({ subject: 'Fix typos' }), now)
        .thenNothing();
    });

    it('an unknown change request is not found', () => {
      given(cr)
        .whenCommand(patch({ subject: 'x' }), now)
        .thenThrows(ChangeRequestNotFound);
    });
  });

  describe('RecordChangeRequestMerged', () => {
    it('records the merge once (the merge and the completion saga both send it)', () => {
      given(cr, created)
        .whenCommand(recordMerged, now)
        .then([{ type: 'ChangeRequestMerged', data: { ...ids, from: 'open', revision: 'm2', mergedBy: 'bob', mergedAt: at } }]);
      given(cr, created, merged).whenCommand(recordMerged, now).thenNothing();
      given(cr).whenCommand(recordMerged, now).thenNothing();
    });
  });

  describe('RequestReviewers', () => {
    it('requests each user once, on the current revision', () => {
      given(cr, created, edited)
        .whenCommand(request(['bob', 'dan', 'bob']), now)
        .then([requested('bob', 'dan')]);
    });

    it('may change the subject in the same request', () => {
      given(cr, created, edited)
        .whenCommand(request(['bob'], { subject: 'Ready' }), now)
        .then([{ type: 'ChangeRequestDetailsUpdated', data: { ...ids, subject: 'Ready', updatedAt: at } }, requested('bob')]);
    });

    it('the author cannot be a reviewer (412)', () => {
      given(cr, created)
        .whenCommand(request(['bob', 'alice']), now)
        .thenThrows(AuthorCannotBeReviewer);
    });

    it('read-only and unknown change requests are refused', () => {
      given(cr, created, merged)
        .whenCommand(request(['bob']), now)
        .thenThrows(ChangeRequestReadOnly);
      given(cr, created, archived)
        .whenCommand(request(['bob']), now)
        .thenThrows(ChangeRequestReadOnly);
      given(cr)
        .whenCommand(request(['bob']), now)
        .thenThrows(ChangeRequestNotFound);
    });
  });

  describe('RemoveReviewer', () => {
    it('removes a requested reviewer; one who was not requested changes nothing (204)', () => {
      given(cr, created, requested('bob'))
        .whenCommand({ type: 'RemoveReviewer', ...ids, userId: 'bob' }, now)
        .then([{ type: 'ChangeRequestReviewerRemoved', data: { ...ids, userId: 'bob', removedAt: at } }]);
      given(cr, created)
        .whenCommand({ type: 'RemoveReviewer', ...ids, userId: 'bob' }, now)
        .thenNothing();
      given(cr)
        .whenCommand({ type: 'RemoveReviewer', ...ids, userId: 'bob' }, now)
        .thenThrows(ChangeRequestNotFound);
    });
  });

  describe('SubmitReview', () => {
    it('reviews the current revision, naming who requested the review', () => {
      given(cr, created, edited, requested('bob'))
        .whenCommand(review('bob', 'changes-requested'), now)
        .then([
          {
            type: 'ChangeRequestReviewSubmitted',
            data: { ...ids, reviewId: 'rv', reviewer: 'bob', status: 'changes-requested', revision: 'r1', requestedBy: 'alice', submittedAt: at },
          },
        ]);
      given(cr, created)
        .whenCommand(review('dan'), now)
        .then([
          {
            type: 'ChangeRequestReviewSubmitted',
            data: { ...ids, reviewId: 'rv', reviewer: 'dan', status: 'approved', revision: 'r0', requestedBy: null, submittedAt: at },
          },
        ]);
    });

    it('the author cannot review (403); read-only and unknown change requests are refused', () => {
      given(cr, created).whenCommand(review('alice'), now).thenThrows(AuthorCannotReview);
      given(cr, created, merged).whenCommand(review('bob'), now).thenThrows(ChangeRequestReadOnly);
      given(cr, created, archived).whenCommand(review('bob'), now).thenThrows(ChangeRequestReadOnly);
      given(cr).whenCommand(review('bob'), now).thenThrows(ChangeRequestNotFound);
    });
  });

  describe('review states', () => {
    it('a new request to a reviewer outdates their review; a new review is current again', () => {
      expect(given(changeRequest, created, reviewed('bob', 'approved'), requested('bob')).state.reviews.bob.outdated).toBe(true);
      expect(given(changeRequest, created, reviewed('bob', 'approved'), requested('bob'), reviewed('bob', 'approved')).state.reviews.bob.outdated).toBe(false);
      expect(given(changeRequest, created, reviewed('bob', 'approved'), requested('dan')).state.reviews.bob.outdated).toBe(false);
    });

    it('a removed reviewer is no longer requested', () => {
      const removed: ChangeRequestEvent = { type: 'ChangeRequestReviewerRemoved', data: { ...ids, userId: 'bob', removedAt: at } };
      expect(given(changeRequest, created, requested('bob', 'dan'), removed).state.requested).toEqual({ dan: 'alice' });
    });
  });
});
