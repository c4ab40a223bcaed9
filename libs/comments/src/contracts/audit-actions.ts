import { AuditActionDefinition, AuditSubject } from '@app/platform';

type Data = Record<string, unknown>;
/** A comment targets itself and relates its space and, in a change request's discussion, the change request. */
const comment = (event: string, action: string, label: string): AuditActionDefinition => ({
  event,
  action,
  label,
  target: (d: Data) => ({ type: 'comment', id: d.commentId as string }),
  related: (d: Data): AuditSubject[] => [
    { type: 'space', id: d.spaceId as string },
    ...(typeof d.changeRequestId === 'string' ? [{ type: 'change-request', id: d.changeRequestId }] : []),
  ],
  organizationId: (d: Data) => d.organizationId as string | undefined,
});

/** How the comments context's events read as audit events; the organization is the space's. */
export const COMMENTS_AUDIT_ACTIONS: AuditActionDefinition[] = [
  comment('CommentPosted', 'comment.created', 'Comment posted'),
  comment('CommentEdited', 'comment.updated', 'Comment edited'),
  comment('CommentDeleted', 'comment.deleted', 'Comment deleted'),
  comment('CommentResolved', 'comment.resolved', 'Comment resolved'),
  comment('CommentReopened', 'comment.reopened', 'Comment reopened'),
  comment('CommentReplyPosted', 'comment.reply.created', 'Comment reply posted'),
  comment('CommentReplyEdited', 'comment.reply.updated', 'Comment reply edited'),
  comment('CommentReplyDeleted', 'comment.reply.deleted', 'Comment reply deleted'),
  comment('CommentReactionAdded', 'comment.reaction.added', 'Comment reaction added'),
  comment('CommentReactionRemoved', 'comment.reaction.removed', 'Comment reaction removed'),
];
