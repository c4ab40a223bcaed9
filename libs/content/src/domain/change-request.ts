import { Evolver, Forbidden, NotFound, PreconditionFailed } from '@app/platform';
import { ChangeRequestEvent, ChangeRequestStatus, RevisionRef, ReviewStatus } from './change-request.events';

export interface ReviewState {
  reviewId: string;
  status: ReviewStatus;
  revision: string;
  /** Superseded by a newer review or a newer request to the same reviewer. */
  outdated: boolean;
}

export interface ChangeRequestState {
  status: 'none' | ChangeRequestStatus;
  spaceId: string;
  number: number;
  createdBy: string;
  subject: string;
  /** Description as markdown ('' when none). */
  description: string;
  head: RevisionRef;
  /** Main revision the change request is based on (revisionMergedAncestor, or the initial one). */
  base: RevisionRef;
  /** Requested reviewers and who requested them. */
  requested: Record<string, string>;
  /** Latest review per reviewer. */
  reviews: Record<string, ReviewState>;
}

const none: RevisionRef = { revision: '', root: '' };

export const changeRequest: Evolver<ChangeRequestState, ChangeRequestEvent> = {
  initialState: { status: 'none', spaceId: '', number: 0, createdBy: '', subject: '', description: '', head: none, base: none, requested: {}, reviews: {} },
  evolve(s, e) {
    const d = e.data;
    switch (e.type) {
      case 'ChangeRequestCreated':
        return { ...s, status: e.data.status, spaceId: d.spaceId, number: e.data.number, createdBy: e.data.createdBy, subject: e.data.subject, head: e.data.base, base: e.data.base };
      case 'ChangeRequestContentUpdated':
        return { ...s, head: { revision: e.data.revision, root: e.data.root } };
      case 'ChangeRequestUpdatedFromMain':
        return { ...s, head: { revision: e.data.revision, root: e.data.root }, base: e.data.mergedAncestor };
      case 'ChangeRequestDetailsUpdated':
        return { ...s, subject: e.data.subject ?? s.subject, description: e.data.description ?? s.description };
      case 'ChangeRequestStatusChanged':
        return { ...s, status: e.data.to };
      case 'ChangeRequestMerged':
        return { ...s, status: 'merged' };
      case 'ChangeRequestReviewersRequested': {
        const reviews = { ...s.reviews };
        for (const u of e.data.users) if (reviews[u]) reviews[u] = { ...reviews[u], outdated: true };
        const requested = { ...s.requested };
        for (const u of e.data.users) requested[u] = e.data.requestedBy;
        return { ...s, requested, reviews };
      }
      case 'ChangeRequestReviewerRemoved':
        const { [e.data.userId]: _removed, ...requested } = s.requested;
        return { ...s, requested };
      case 'ChangeRequestReviewSubmitted':
        return { ...s, reviews: { ...s.reviews, [e.data.reviewer]: { reviewId: e.data.reviewId, status: e.data.status, revision: e.data.revision, outdated: false } } };
    }
  },
};

export class ChangeRequestNotFound extends NotFound {
  constructor(id: string) { super(`No change request ${id} in this space`); }
}

/** Merged and archived change requests are read-only (412: the change request's state forbids it). */
function assertEditable(s: ChangeRequestState, id: string, what: string): void {
  if (s.status === 'none') throw new ChangeRequestNotFound(id);
  if (s.status === 'merged' || s.status === 'archived') {
    throw new PreconditionFailed(`Change request ${id} is ${s.status}; ${what} needs a draft or open change request`);
  }
}

type Ids = { spaceId: string; changeRequestId: string };

export function decideCreate(s: ChangeRequestState, data: Extract<ChangeRequestEvent, { type: 'ChangeRequestCreated' }>['data']): ChangeRequestEvent[] {
  return s.status === 'none' ? [{ type: 'ChangeRequestCreated', data }] : [];
}

export function decideContentUpdate(s: ChangeRequestState, ids: Ids, expectedHead: string, next: { revision: string; root: string; author: string; at: string }): ChangeRequestEvent[] {
  assertEditable(s, ids.changeRequestId, 'editing content');
  if (s.head.revision !== expectedHead) throw new HeadMoved();
  if (next.root === s.head.root) return [];
  return [{ type: 'ChangeRequestContentUpdated', data: { ...ids, revision: next.revision, root: next.root, parents: [s.head.revision], author: next.author, createdAt: next.at } }];
}

/** Raised when the change request's head moved while a batch or an update was computed. */
export class HeadMoved extends Error {
  constructor() { super('change request head moved while the command ran'); }
}

export function decideUpdateFromMain(
  s: ChangeRequestState, ids: Ids, expectedHead: string, main: RevisionRef, next: { revision: string; root: string; author: string; at: string },
): ChangeRequestEvent[] {
  assertEditable(s, ids.changeRequestId, 'updating from main');
  if (s.head.revision !== expectedHead) throw new HeadMoved();
  if (s.base.revision === main.revision) return [];
  return [{ type: 'ChangeRequestUpdatedFromMain', data: { ...ids, revision: next.revision, root: next.root, parents: [s.head.revision, main.revision], mergedAncestor: main, author: next.author, createdAt: next.at } }];
}

export function decidePatch(s: ChangeRequestState, ids: Ids, patch: { subject?: string; description?: string; status?: 'draft' | 'open' | 'archived' }, at: string): ChangeRequestEvent[] {
  if (s.status === 'none') throw new ChangeRequestNotFound(ids.changeRequestId);
  const out: ChangeRequestEvent[] = [];
  const subject = patch.subject !== undefined && patch.subject !== s.subject ? patch.subject : undefined;
  const description = patch.description !== undefined && patch.description !== s.description ? patch.description : undefined;
  if (s.status === 'merged' && (patch.status !== undefined || subject !== undefined || description !== undefined)) {
    throw new PreconditionFailed(`Change request ${ids.changeRequestId} is merged and can no longer be changed`);
  }
  if (subject !== undefined || description !== undefined) {
    out.push({ type: 'ChangeRequestDetailsUpdated', data: { ...ids, ...(subject !== undefined ? { subject } : {}), ...(description !== undefined ? { description } : {}), updatedAt: at } });
  }
  if (patch.status && patch.status !== s.status) out.push({ type: 'ChangeRequestStatusChanged', data: { ...ids, from: s.status as ChangeRequestStatus, to: patch.status, updatedAt: at } });
  return out;
}

export function decideMerged(s: ChangeRequestState, ids: Ids, revision: string, mergedBy: string, at: string): ChangeRequestEvent[] {
  if (s.status === 'merged' || s.status === 'none') return [];
  return [{ type: 'ChangeRequestMerged', data: { ...ids, from: s.status, revision, mergedBy, mergedAt: at } }];
}

/** Checks done before merging (state only; merge rules are evaluated separately). */
export function assertMergeable(s: ChangeRequestState, id: string): void {
  assertEditable(s, id, 'merging');
}

export function decideRequestReviewers(s: ChangeRequestState, ids: Ids, users: string[], requestedBy: string, at: string): ChangeRequestEvent[] {
  assertEditable(s, ids.changeRequestId, 'requesting reviewers');
  if (users.includes(s.createdBy)) throw new PreconditionFailed(`users: ${s.createdBy} created change request ${ids.changeRequestId} and cannot review it`);
  if (!users.length) return [];
  return [{ type: 'ChangeRequestReviewersRequested', data: { ...ids, users, requestedBy, revision: s.head.revision, requestedAt: at } }];
}

/** Removing a reviewer who was not requested decides nothing (204). */
export function decideRemoveReviewer(s: ChangeRequestState, ids: Ids, userId: string, at: string): ChangeRequestEvent[] {
  if (s.status === 'none') throw new ChangeRequestNotFound(ids.changeRequestId);
  return userId in s.requested ? [{ type: 'ChangeRequestReviewerRemoved', data: { ...ids, userId, removedAt: at } }] : [];
}

export function decideSubmitReview(s: ChangeRequestState, ids: Ids, review: { reviewId: string; reviewer: string; status: ReviewStatus; requestedBy: string | null }, at: string): ChangeRequestEvent[] {
  assertEditable(s, ids.changeRequestId, 'reviewing');
  if (review.reviewer === s.createdBy) throw new Forbidden('The author of a change request cannot review it');
  return [{ type: 'ChangeRequestReviewSubmitted', data: { ...ids, ...review, revision: s.head.revision, submittedAt: at } }];
}
