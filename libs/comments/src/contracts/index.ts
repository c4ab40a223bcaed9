/**
 * What the comments context publishes to the contexts above it (`@app/comments/contracts`):
 * the events of comment threads (stream `comments.comment-<id>`), for audit, webhooks and the
 * change feed. Every payload carries `commentId`, `spaceId` and `changeRequestId` (null for a
 * space's own discussion); the reply events carry `replyId`, the reaction events `replyId`
 * (null for the comment itself), `emoji` and `user`.
 */
export const CommentEvents = {
  CommentPosted: 'CommentPosted',
  CommentEdited: 'CommentEdited',
  CommentResolved: 'CommentResolved',
  CommentReopened: 'CommentReopened',
  CommentDeleted: 'CommentDeleted',
  CommentReplyPosted: 'CommentReplyPosted',
  CommentReplyEdited: 'CommentReplyEdited',
  CommentReplyDeleted: 'CommentReplyDeleted',
  CommentReactionAdded: 'CommentReactionAdded',
  CommentReactionRemoved: 'CommentReactionRemoved',
} as const;

/** Fields every comment event carries that other contexts may rely on. */
export interface CommentEventPayload {
  commentId: string;
  spaceId: string;
  changeRequestId: string | null;
}
export * from './audit-actions';
