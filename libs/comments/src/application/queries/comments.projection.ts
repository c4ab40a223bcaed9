import { ProjectionContext, ProjectionDefinition, RecordedEvent } from '@app/platform';
import { SpaceEvents, SpaceLifecyclePayload } from '@app/spaces/contracts';
import { COMMENT_EVENT_TYPES, CommentThreadEvent, ThreadScope } from '../../domain/comment-thread.events';
import {
  COMMENT_REPLIES,
  COMMENTERS,
  CommentDoc,
  CommenterDoc,
  COMMENTS,
  OPEN_COMMENT_COUNTS,
  OpenCountDoc,
  ReactionDoc,
  ReplyDoc,
  scopeKey,
} from './comments.read-model';

/** Adds `delta` to a scope's open comments. */
async function countOpen(ctx: ProjectionContext, scope: ThreadScope, delta: number): Promise<void> {
  const id = scopeKey(scope);
  const doc = (await ctx.get<OpenCountDoc>(OPEN_COMMENT_COUNTS, id)) ?? { id, spaceId: scope.spaceId, open: 0 };
  ctx.put(OPEN_COMMENT_COUNTS, { ...doc, open: doc.open + delta });
}

/** One more (or fewer) live contribution of `userId` in a scope; at zero they are no commenter there. */
async function countCommenter(ctx: ProjectionContext, scope: ThreadScope, userId: string, delta: number, e: RecordedEvent): Promise<void> {
  const key = scopeKey(scope);
  const id = `${key}|${userId}`;
  const doc = (await ctx.get<CommenterDoc>(COMMENTERS, id)) ?? {
    id,
    scope: key,
    spaceId: scope.spaceId,
    userId,
    count: 0,
    seq: e.position,
    since: (e.data as { postedAt?: string }).postedAt ?? e.metadata.occurredAt,
  };
  if (doc.count + delta <= 0) ctx.delete(COMMENTERS, id);
  else ctx.put(COMMENTERS, { ...doc, count: doc.count + delta });
}

function reactTo(reactions: ReactionDoc[], emoji: string, user: string, reactedAt: string | null): ReactionDoc[] {
  const existing = reactions.find((r) => r.emoji === emoji);
  const others = (existing?.users ?? []).filter((u) => u.user !== user);
  const users = reactedAt === null ? others : [...others, { user, reactedAt }];
  if (!existing) return users.length ? [...reactions, { emoji, users }] : reactions;
  return users.length ? reactions.map((r) => (r === existing ? { emoji, users } : r)) : reactions.filter((r) => r !== existing);
}

/** `replies` and `repliers` from the live replies themselves, so they stay exact through edits and deletes. */
async function recountReplies(ctx: ProjectionContext, commentId: string): Promise<void> {
  const replies = await ctx.find<ReplyDoc>(COMMENT_REPLIES, { commentId }, { sort: [['seq', 1]] });
  const repliers = new Map<string, { user: string; count: number; updatedAt: string }>();
  for (const r of replies) {
    const at = r.editedAt ?? r.postedAt;
    const seen = repliers.get(r.postedBy);
    if (!seen) repliers.set(r.postedBy, { user: r.postedBy, count: 1, updatedAt: at });
    else repliers.set(r.postedBy, { ...seen, count: seen.count + 1, updatedAt: at > seen.updatedAt ? at : seen.updatedAt });
  }
  await ctx.update<CommentDoc>(COMMENTS, commentId, (d) => ({ ...d, replies: replies.length, repliers: [...repliers.values()] }));
}

async function dropSpace(ctx: ProjectionContext, spaceId: string): Promise<void> {
  for (const collection of [COMMENTS, COMMENT_REPLIES, COMMENTERS, OPEN_COMMENT_COUNTS])
    for (const d of await ctx.find(collection, { spaceId })) ctx.delete(collection, d.id);
}

async function apply(e: RecordedEvent & CommentThreadEvent, ctx: ProjectionContext): Promise<void> {
  const d = e.data;
  switch (e.type) {
    case 'CommentPosted': {
      const { commentId, markdown, ...rest } = e.data;
      ctx.put(COMMENTS, {
        ...rest,
        id: commentId,
        seq: e.position,
        scope: scopeKey(d),
        pageId: rest.target.page ?? null,
        markdown,
        status: 'open',
        reactions: [],
        replies: 0,
        repliers: [],
      } satisfies CommentDoc);
      await countOpen(ctx, d, 1);
      return countCommenter(ctx, d, e.data.postedBy, 1, e);
    }
    case 'CommentEdited':
      return ctx.update<CommentDoc>(COMMENTS, d.commentId, (c) => ({ ...c, markdown: e.data.markdown, editedAt: e.data.editedAt }));
    case 'CommentResolved': {
      const c = await ctx.get<CommentDoc>(COMMENTS, d.commentId);
      if (!c || c.status === 'resolved') return;
      ctx.put(COMMENTS, { ...c, status: 'resolved', resolvedAt: e.data.resolvedAt, resolvedBy: e.data.resolvedBy });
      return countOpen(ctx, d, -1);
    }
    case 'CommentReopened': {
      const c = await ctx.get<CommentDoc>(COMMENTS, d.commentId);
      if (!c || c.status === 'open') return;
      const { resolvedAt: _at, resolvedBy: _by, ...open } = c;
      ctx.put(COMMENTS, { ...open, status: 'open' });
      return countOpen(ctx, d, 1);
    }
    case 'CommentDeleted': {
      const c = await ctx.get<CommentDoc>(COMMENTS, d.commentId);
      if (!c) return;
      ctx.delete(COMMENTS, c.id);
      if (c.status === 'open') await countOpen(ctx, d, -1);
      await countCommenter(ctx, d, c.postedBy, -1, e);
      for (const r of await ctx.find<ReplyDoc>(COMMENT_REPLIES, { commentId: c.id })) {
        ctx.delete(COMMENT_REPLIES, r.id);
        await countCommenter(ctx, d, r.postedBy, -1, e);
      }
      return;
    }
    case 'CommentReplyPosted': {
      if (!(await ctx.get(COMMENTS, d.commentId))) return;
      const { replyId, commentId, spaceId, changeRequestId, markdown, postedBy, postedAt } = e.data;
      ctx.put(COMMENT_REPLIES, {
        id: replyId,
        commentId,
        seq: e.position,
        spaceId,
        changeRequestId,
        markdown,
        postedBy,
        postedAt,
        reactions: [],
      } satisfies ReplyDoc);
      await countCommenter(ctx, d, postedBy, 1, e);
      return recountReplies(ctx, commentId);
    }
    case 'CommentReplyEdited':
      await ctx.update<ReplyDoc>(COMMENT_REPLIES, e.data.replyId, (r) => ({ ...r, markdown: e.data.markdown, editedAt: e.data.editedAt }));
      return recountReplies(ctx, d.commentId);
    case 'CommentReplyDeleted': {
      const r = await ctx.get<ReplyDoc>(COMMENT_REPLIES, e.data.replyId);
      if (!r) return;
      ctx.delete(COMMENT_REPLIES, r.id);
      await countCommenter(ctx, d, r.postedBy, -1, e);
      return recountReplies(ctx, d.commentId);
    }
    case 'CommentReactionAdded':
    case 'CommentReactionRemoved': {
      const { replyId, emoji, user } = e.data;
      const reactedAt = e.type === 'CommentReactionAdded' ? e.data.reactedAt : null;
      const change = <T extends CommentDoc | ReplyDoc>(doc: T): T => ({ ...doc, reactions: reactTo(doc.reactions, emoji, user, reactedAt) });
      return replyId === null ? ctx.update<CommentDoc>(COMMENTS, d.commentId, change) : ctx.update<ReplyDoc>(COMMENT_REPLIES, replyId, change);
    }
  }
}

/**
 * Comments, replies, commenters and open-comment counters, from the comment threads' events.
 * A purged space takes its comments with it. Query-serving: read-your-writes waits for it, so
 * a change request read after a comment's post or resolution shows the new count.
 */
export const commentsProjection: ProjectionDefinition = {
  name: 'comments',
  collections: [
    { name: COMMENTS, indexes: [['scope', 'seq'], ['scope', 'status', 'seq'], ['scope', 'pageId', 'seq'], ['spaceId']] },
    { name: COMMENT_REPLIES, indexes: [['commentId', 'seq'], ['spaceId']] },
    { name: COMMENTERS, indexes: [['scope', 'seq'], ['spaceId']] },
    { name: OPEN_COMMENT_COUNTS, indexes: [['spaceId']] },
  ],
  handles: [...COMMENT_EVENT_TYPES, SpaceEvents.SpacePurged],
  async apply(event, ctx) {
    if (event.type === SpaceEvents.SpacePurged) return dropSpace(ctx, (event.data as SpaceLifecyclePayload).spaceId);
    return apply(event as RecordedEvent & CommentThreadEvent, ctx);
  },
};
