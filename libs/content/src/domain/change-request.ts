import { Conflict, Evolver, Forbidden, NotFound, PreconditionFailed } from '@app/platform';
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

/** The state of `content.change-request-<id>` (the decider is in change-request.decider.ts). */
export const changeRequest: Evolver<ChangeRequestState, ChangeRequestEvent> = {
  initialState: { status: 'none', spaceId: '', number: 0, createdBy: '', subject: '', description: '', head: none, base: none, requested: {}, reviews: {} },
  evolve(s, e) {
    switch (e.type) {
      case 'ChangeRequestCreated': {
        const d = e.data;
        return { ...s, status: d.status, spaceId: d.spaceId, number: d.number, createdBy: d.createdBy, subject: d.subject, head: d.base, base: d.base };
      }
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
      case 'ChangeRequestReviewerRemoved': {
        const { [e.data.userId]: _removed, ...requested } = s.requested;
        return { ...s, requested };
      }
      case 'ChangeRequestReviewSubmitted':
        return {
          ...s,
          reviews: { ...s.reviews, [e.data.reviewer]: { reviewId: e.data.reviewId, status: e.data.status, revision: e.data.revision, outdated: false } },
        };
    }
  },
};

export class ChangeRequestNotFound extends NotFound {
  constructor(id: string) {
    super(`No change request ${id} in this space`);
  }
}

/** Merged and archived change requests are read-only (412: the change request's state forbids it). */
export class ChangeRequestReadOnly extends PreconditionFailed {
  /** `what` needs an editable change request; without it, the change request cannot change at all. */
  constructor(id: string, status: ChangeRequestStatus, what?: string) {
    super(
      what
        ? `Change request ${id} is ${status}; ${what} needs a draft or open change request`
        : `Change request ${id} is ${status} and can no longer be changed`,
    );
  }
}

/** A command computed from a head that is no longer the head (cannot happen inside one execute cycle). */
export class ContentMovedMeanwhile extends Conflict {
  constructor(what: string) {
    super(`${what} moved while the command ran; retry the request`);
  }
}

export class AuthorCannotReview extends Forbidden {
  constructor() {
    super('The author of a change request cannot review it');
  }
}

export class AuthorCannotBeReviewer extends PreconditionFailed {
  constructor(author: string, id: string) {
    super(`users: ${author} created change request ${id} and cannot review it`);
  }
}

/** The change request exists in this space (404 otherwise, also for another space's change request). */
export function assertChangeRequestIn(s: ChangeRequestState, spaceId: string, id: string): void {
  if (s.status === 'none' || s.spaceId !== spaceId) throw new ChangeRequestNotFound(id);
}

/** Content, reviews and merges need a draft or open change request. */
export function assertEditable(s: ChangeRequestState, spaceId: string, id: string, what: string): void {
  assertChangeRequestIn(s, spaceId, id);
  if (s.status === 'merged' || s.status === 'archived') throw new ChangeRequestReadOnly(id, s.status, what);
}

/** Main moved since the change request's base: it is outdated, and updating it from main merges. */
export const behindMain = (s: ChangeRequestState, main: RevisionRef): boolean => s.base.revision !== main.revision;
