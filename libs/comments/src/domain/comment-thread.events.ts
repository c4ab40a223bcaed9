import { DomainEvent } from '@app/platform';

/**
 * One stream per comment thread (the comment and its replies): `comments.comment-<id>`. Every
 * event names the thread's space and change request (null for a space comment), so read models
 * and counters are kept from the events alone.
 */
export const commentStream = (commentId: string) => `comments.comment-${commentId}`;

/** Where a thread lives: a space's own discussion, or one change request's. */
export interface ThreadScope {
  spaceId: string;
  changeRequestId: string | null;
}

/** What a comment points at, in the contract's `target` terms (the space and revision always). */
export interface CommentTarget {
  /** Revision the target was found in when the comment was posted (main's head, or the change request's). */
  revision: string;
  page?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
}

type Scoped<D> = ThreadScope & { commentId: string } & D;

export type CommentPosted = Scoped<{ organizationId: string; target: CommentTarget; markdown: string; postedBy: string; postedAt: string }>;

export type CommentThreadEvent =
  | DomainEvent<'CommentPosted', CommentPosted>
  | DomainEvent<'CommentEdited', Scoped<{ markdown: string; editedAt: string }>>
  | DomainEvent<'CommentResolved', Scoped<{ resolvedBy: string; resolvedAt: string }>>
  | DomainEvent<'CommentReopened', Scoped<{ reopenedBy: string; reopenedAt: string }>>
  | DomainEvent<'CommentDeleted', Scoped<{ deletedBy: string; deletedAt: string }>>
  | DomainEvent<'CommentReplyPosted', Scoped<{ replyId: string; markdown: string; postedBy: string; postedAt: string }>>
  | DomainEvent<'CommentReplyEdited', Scoped<{ replyId: string; markdown: string; editedAt: string }>>
  | DomainEvent<'CommentReplyDeleted', Scoped<{ replyId: string; deletedBy: string; deletedAt: string }>>
  /** `replyId` null: a reaction to the comment itself. */
  | DomainEvent<'CommentReactionAdded', Scoped<{ replyId: string | null; emoji: string; user: string; reactedAt: string }>>
  | DomainEvent<'CommentReactionRemoved', Scoped<{ replyId: string | null; emoji: string; user: string; removedAt: string }>>;

export const COMMENT_EVENT_TYPES: ReadonlyArray<CommentThreadEvent['type']> = [
  'CommentPosted',
  'CommentEdited',
  'CommentResolved',
  'CommentReopened',
  'CommentDeleted',
  'CommentReplyPosted',
  'CommentReplyEdited',
  'CommentReplyDeleted',
  'CommentReactionAdded',
  'CommentReactionRemoved',
];
