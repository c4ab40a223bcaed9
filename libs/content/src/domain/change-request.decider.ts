import { Decider, unreachable } from '@app/platform';
import {
  assertChangeRequestIn,
  assertEditable,
  AuthorCannotBeReviewer,
  AuthorCannotReview,
  behindMain,
  changeRequest,
  ChangeRequestReadOnly,
  ChangeRequestState,
  ContentMovedMeanwhile,
} from './change-request';
import { ChangeRequestEvent, RevisionRef, ReviewStatus } from './change-request.events';

type Ids = { spaceId: string; changeRequestId: string };
type Details = { subject?: string; description?: string };

/** Commands of `content.change-request-<id>`. */
export type ChangeRequestCommand =
  | (Ids & {
      type: 'CreateChangeRequest';
      organizationId: string;
      number: number;
      status: 'draft' | 'open';
      subject: string;
      createdBy: string;
      base: RevisionRef;
      conversationsIssuesCluster: string | null;
      /** The first revision (a template applied to the base), or none. */
      content: { revision: string; root: string } | null;
    })
  /** `from`: the head the new root was computed from. */
  | (Ids & { type: 'UpdateChangeRequestContent'; from: string; revision: string; root: string; author: string })
  /** `root`: the three-way merge of `from` and `main` over the change request's base. */
  | (Ids & { type: 'UpdateChangeRequestFromMain'; from: string; main: RevisionRef; revision: string; root: string; author: string })
  | (Ids & Details & { type: 'UpdateChangeRequest'; status?: 'draft' | 'open' | 'archived' })
  | (Ids & { type: 'RecordChangeRequestMerged'; revision: string; mergedBy: string; mergedAt: string })
  | (Ids & Details & { type: 'RequestReviewers'; users: string[]; requestedBy: string })
  | (Ids & { type: 'RemoveReviewer'; userId: string })
  | (Ids & { type: 'SubmitReview'; reviewId: string; reviewer: string; status: ReviewStatus });

const ids = (c: Ids): Ids => ({ spaceId: c.spaceId, changeRequestId: c.changeRequestId });

/** The head a command was computed from is still the head. */
function assertHead(s: ChangeRequestState, from: string): void {
  if (s.head.revision !== from) throw new ContentMovedMeanwhile('The change request');
}

/** Subject and description that differ from the current ones, and a status change; merged ones are read-only. */
function decideDetails(s: ChangeRequestState, c: Ids & Details & { status?: 'draft' | 'open' | 'archived' }, at: string): ChangeRequestEvent[] {
  assertChangeRequestIn(s, c.spaceId, c.changeRequestId);
  const subject = c.subject !== undefined && c.subject !== s.subject ? c.subject : undefined;
  const description = c.description !== undefined && c.description !== s.description ? c.description : undefined;
  const status = c.status !== undefined && c.status !== s.status ? c.status : undefined;
  if (s.status === 'merged' && (c.status !== undefined || subject !== undefined || description !== undefined))
    throw new ChangeRequestReadOnly(c.changeRequestId, 'merged');
  const out: ChangeRequestEvent[] = [];
  if (subject !== undefined || description !== undefined) {
    out.push({
      type: 'ChangeRequestDetailsUpdated',
      data: { ...ids(c), ...(subject !== undefined ? { subject } : {}), ...(description !== undefined ? { description } : {}), updatedAt: at },
    });
  }
  if (status && s.status !== 'none' && s.status !== 'merged')
    out.push({ type: 'ChangeRequestStatusChanged', data: { ...ids(c), from: s.status, to: status, updatedAt: at } });
  return out;
}

type Command<T extends ChangeRequestCommand['type']> = Extract<ChangeRequestCommand, { type: T }>;

/** Created once (the command is retried by nobody but a crashed request's client); a template is its first revision. */
function decideCreate(c: Command<'CreateChangeRequest'>, s: ChangeRequestState, at: string): ChangeRequestEvent[] {
  if (s.status !== 'none') return [];
  const { type: _t, content, ...data } = c;
  const created: ChangeRequestEvent = { type: 'ChangeRequestCreated', data: { ...data, createdAt: at } };
  if (!content) return [created];
  const parents = [c.base.revision];
  return [created, { type: 'ChangeRequestContentUpdated', data: { ...ids(c), ...content, parents, author: c.createdBy, createdAt: at } }];
}

/** A new revision computed from the head: edits (nothing when the content is unchanged) or an update from main (nothing when up to date). */
function decideRevision(c: Command<'UpdateChangeRequestContent' | 'UpdateChangeRequestFromMain'>, s: ChangeRequestState, at: string): ChangeRequestEvent[] {
  const fromMain = c.type === 'UpdateChangeRequestFromMain';
  assertEditable(s, c.spaceId, c.changeRequestId, fromMain ? 'updating from main' : 'editing content');
  assertHead(s, c.from);
  const revision = { ...ids(c), revision: c.revision, root: c.root, author: c.author, createdAt: at };
  if (!fromMain) return c.root === s.head.root ? [] : [{ type: 'ChangeRequestContentUpdated', data: { ...revision, parents: [s.head.revision] } }];
  if (!behindMain(s, c.main)) return [];
  return [{ type: 'ChangeRequestUpdatedFromMain', data: { ...revision, parents: [s.head.revision, c.main.revision], mergedAncestor: c.main } }];
}

/** Reviewers are requested on the current revision; the author cannot be one. */
function decideReviewers(c: Command<'RequestReviewers'>, s: ChangeRequestState, at: string): ChangeRequestEvent[] {
  const details = decideDetails(s, c, at);
  assertEditable(s, c.spaceId, c.changeRequestId, 'requesting reviewers');
  if (c.users.includes(s.createdBy)) throw new AuthorCannotBeReviewer(s.createdBy, c.changeRequestId);
  const users = [...new Set(c.users)];
  if (!users.length) return details;
  return [
    ...details,
    { type: 'ChangeRequestReviewersRequested', data: { ...ids(c), users, requestedBy: c.requestedBy, revision: s.head.revision, requestedAt: at } },
  ];
}

/** A review of the current revision, naming who requested it; the author cannot review. */
function decideReview(c: Command<'SubmitReview'>, s: ChangeRequestState, at: string): ChangeRequestEvent[] {
  assertEditable(s, c.spaceId, c.changeRequestId, 'reviewing');
  if (c.reviewer === s.createdBy) throw new AuthorCannotReview();
  const review = { reviewId: c.reviewId, reviewer: c.reviewer, status: c.status, revision: s.head.revision, requestedBy: s.requested[c.reviewer] ?? null };
  return [{ type: 'ChangeRequestReviewSubmitted', data: { ...ids(c), ...review, submittedAt: at } }];
}

function decide(c: ChangeRequestCommand, s: ChangeRequestState, now: Date): ChangeRequestEvent[] {
  const at = now.toISOString();
  switch (c.type) {
    case 'CreateChangeRequest':
      return decideCreate(c, s, at);
    case 'UpdateChangeRequestContent':
    case 'UpdateChangeRequestFromMain':
      return decideRevision(c, s, at);
    case 'UpdateChangeRequest':
      return decideDetails(s, c, at);
    case 'RecordChangeRequestMerged':
      // Recorded by the merge and again by the merge-completion saga: the second time is a no-op.
      if (s.status === 'merged' || s.status === 'none') return [];
      return [{ type: 'ChangeRequestMerged', data: { ...ids(c), from: s.status, revision: c.revision, mergedBy: c.mergedBy, mergedAt: c.mergedAt } }];
    case 'RequestReviewers':
      return decideReviewers(c, s, at);
    case 'RemoveReviewer':
      assertChangeRequestIn(s, c.spaceId, c.changeRequestId);
      // Removing a reviewer who was not requested decides nothing (204).
      return c.userId in s.requested ? [{ type: 'ChangeRequestReviewerRemoved', data: { ...ids(c), userId: c.userId, removedAt: at } }] : [];
    case 'SubmitReview':
      return decideReview(c, s, at);
    default:
      return unreachable(c);
  }
}

/** A change request: created on main's head, edited in revisions, reviewed, merged or archived. */
export const changeRequestDecider: Decider<ChangeRequestState, ChangeRequestCommand, ChangeRequestEvent> = { ...changeRequest, decide };
