import { Decider, unreachable } from '@app/platform';
import { Addressed, changesOf, Changes, Reactable, react, refuse } from './comment-changes';
import { mayDelete, mayPost, mayResolve } from './comment-policy';
import { checkBody, CommentNotFound, CommentReplyNotFound } from './comment-rules';
import { CommentTarget, CommentThreadEvent, ThreadScope } from './comment-thread.events';

export interface CommentState extends Reactable, ThreadScope {
  id: string;
  status: 'open' | 'resolved';
}
export interface CommentThreadState {
  comment: CommentState | null;
  deleted: boolean;
  /** Live replies by id (a deleted reply leaves). */
  replies: Record<string, Reactable>;
}

export type CommentCommand =
  | (Addressed & { type: 'PostComment'; organizationId: string; target: CommentTarget; markdown: string })
  | (Addressed & Changes & { type: 'UpdateComment'; resolved?: boolean })
  | (Addressed & { type: 'DeleteComment' })
  | (Addressed & { type: 'PostReply'; replyId: string; markdown: string })
  | (Addressed & Changes & { type: 'UpdateReply'; replyId: string })
  | (Addressed & { type: 'DeleteReply'; replyId: string });

const sameScope = (a: ThreadScope, b: ThreadScope) => a.spaceId === b.spaceId && a.changeRequestId === b.changeRequestId;

/** The live comment of this scope, else 404 (a comment is found only where it was posted). */
function live(s: CommentThreadState, c: Addressed): CommentState {
  if (!s.comment || s.deleted || !sameScope(s.comment, c.scope)) throw new CommentNotFound(c.commentId);
  return s.comment;
}

/** A comment thread: the comment, its replies and the reactions to each. */
export const commentThread: Decider<CommentThreadState, CommentCommand, CommentThreadEvent> = {
  initialState: { comment: null, deleted: false, replies: {} },
  evolve(s, e) {
    switch (e.type) {
      case 'CommentPosted': {
        const { commentId, spaceId, changeRequestId, markdown, postedBy } = e.data;
        return { ...s, comment: { id: commentId, spaceId, changeRequestId, markdown, postedBy, status: 'open', reactions: {} } };
      }
      case 'CommentEdited':
        return { ...s, comment: { ...s.comment!, markdown: e.data.markdown } };
      case 'CommentResolved':
        return { ...s, comment: { ...s.comment!, status: 'resolved' } };
      case 'CommentReopened':
        return { ...s, comment: { ...s.comment!, status: 'open' } };
      case 'CommentDeleted':
        return { ...s, deleted: true };
      case 'CommentReplyPosted':
        return { ...s, replies: { ...s.replies, [e.data.replyId]: { postedBy: e.data.postedBy, markdown: e.data.markdown, reactions: {} } } };
      case 'CommentReplyEdited':
        return { ...s, replies: { ...s.replies, [e.data.replyId]: { ...s.replies[e.data.replyId], markdown: e.data.markdown } } };
      case 'CommentReplyDeleted': {
        const { [e.data.replyId]: _gone, ...replies } = s.replies;
        return { ...s, replies };
      }
      case 'CommentReactionAdded':
      case 'CommentReactionRemoved': {
        const add = e.type === 'CommentReactionAdded';
        if (e.data.replyId === null) return { ...s, comment: { ...s.comment!, ...react(s.comment!, e.data, add) } };
        return { ...s, replies: { ...s.replies, [e.data.replyId]: react(s.replies[e.data.replyId], e.data, add) } };
      }
      default:
        return unreachable(e);
    }
  },
  decide(c, s, now) {
    const at = now.toISOString();
    const base = { commentId: c.commentId, ...c.scope };
    switch (c.type) {
      case 'PostComment': {
        if (s.comment) return [];
        refuse(mayPost(c.actor), 'Posting a comment needs the comment role or higher on the space');
        const markdown = checkBody(c.markdown);
        return [
          { type: 'CommentPosted', data: { ...base, organizationId: c.organizationId, target: c.target, markdown, postedBy: c.actor.userId, postedAt: at } },
        ];
      }
      case 'UpdateComment': {
        const comment = live(s, c);
        const events: CommentThreadEvent[] = [];
        if (c.resolved !== undefined) {
          refuse(mayResolve(c.actor, comment.postedBy), 'Resolving or reopening a comment is for its author, or a reviewer or editor of the space');
          // Resolving a resolved comment (or reopening an open one) changes nothing.
          if (c.resolved && comment.status === 'open') events.push({ type: 'CommentResolved', data: { ...base, resolvedBy: c.actor.userId, resolvedAt: at } });
          if (!c.resolved && comment.status === 'resolved')
            events.push({ type: 'CommentReopened', data: { ...base, reopenedBy: c.actor.userId, reopenedAt: at } });
        }
        return [...changesOf(c, comment, null, 'comment', at), ...events];
      }
      case 'DeleteComment': {
        if (!s.comment || s.deleted || !sameScope(s.comment, c.scope)) return [];
        refuse(mayDelete(c.actor, s.comment.postedBy), 'Deleting a comment is for its author or an admin of the space');
        return [{ type: 'CommentDeleted', data: { ...base, deletedBy: c.actor.userId, deletedAt: at } }];
      }
      case 'PostReply': {
        live(s, c);
        if (s.replies[c.replyId]) return [];
        refuse(mayPost(c.actor), 'Replying to a comment needs the comment role or higher on the space');
        const markdown = checkBody(c.markdown);
        return [{ type: 'CommentReplyPosted', data: { ...base, replyId: c.replyId, markdown, postedBy: c.actor.userId, postedAt: at } }];
      }
      case 'UpdateReply': {
        live(s, c);
        const reply = s.replies[c.replyId];
        if (!reply) throw new CommentReplyNotFound(c.replyId);
        return changesOf(c, reply, c.replyId, 'reply', at);
      }
      case 'DeleteReply': {
        const reply = s.comment && !s.deleted && sameScope(s.comment, c.scope) ? s.replies[c.replyId] : undefined;
        if (!reply) return [];
        refuse(mayDelete(c.actor, reply.postedBy), 'Deleting a reply is for its author or an admin of the space');
        return [{ type: 'CommentReplyDeleted', data: { ...base, replyId: c.replyId, deletedBy: c.actor.userId, deletedAt: at } }];
      }
      default:
        return unreachable(c);
    }
  },
};
