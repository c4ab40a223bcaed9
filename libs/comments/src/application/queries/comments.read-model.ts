import type { CommentTarget, ThreadScope } from '../../domain/comment-thread.events';

/** Live comments (a deleted comment leaves, with its replies). */
export const COMMENTS = 'comments';
/** Live replies, by comment. */
export const COMMENT_REPLIES = 'comment_replies';
/** Who commented or replied where: one document per scope and user, while they have something live there. */
export const COMMENTERS = 'comment_commenters';
/** Open comments per scope: what a change request's `comments` shows (CountOpenCommentsQuery). */
export const OPEN_COMMENT_COUNTS = 'comment_open_counts';

/**
 * A scope is one list of comments: a space's own discussion, or one change request's (change
 * request ids are unique across spaces). Lists, commenters and counters are kept per scope.
 */
export const scopeKey = (s: ThreadScope): string => (s.changeRequestId ? `cr:${s.changeRequestId}` : `space:${s.spaceId}`);

export interface ReactionDoc {
  emoji: string;
  users: Array<{ user: string; reactedAt: string }>;
}

export interface CommentDoc {
  [key: string]: unknown;
  id: string;
  /** Position of CommentPosted: the list order (postedAt order, immutable). */
  seq: number;
  organizationId: string;
  spaceId: string;
  changeRequestId: string | null;
  scope: string;
  /** The target page, for the `targetPage` filter (null when the comment targets no page). */
  pageId: string | null;
  target: CommentTarget;
  markdown: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  status: 'open' | 'resolved';
  resolvedAt?: string;
  resolvedBy?: string;
  reactions: ReactionDoc[];
  replies: number;
  repliers: Array<{ user: string; count: number; updatedAt: string }>;
}

export interface ReplyDoc {
  [key: string]: unknown;
  id: string;
  commentId: string;
  seq: number;
  spaceId: string;
  changeRequestId: string | null;
  markdown: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  reactions: ReactionDoc[];
}

export interface CommenterDoc {
  [key: string]: unknown;
  /** `<scope>|<userId>`. */
  id: string;
  scope: string;
  spaceId: string;
  userId: string;
  /** Live comments and replies of the user in the scope. */
  count: number;
  /** Position of the contribution that made them a commenter (list order). */
  seq: number;
  /** When that contribution was posted. */
  since: string;
}

export interface OpenCountDoc {
  [key: string]: unknown;
  /** The scope key. */
  id: string;
  spaceId: string;
  open: number;
}
