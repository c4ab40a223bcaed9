import { Actor, mayEdit, mayPost } from './comment-policy';
import { checkBody, CommentRefused, normalizeEmojis } from './comment-rules';
import { CommentThreadEvent, ThreadScope } from './comment-thread.events';

/*
 * What a comment and a reply have alike: a body its author edits, and reactions, one per user
 * and emoji. The decider (comment-thread.ts) uses these for both.
 */

/** A comment or a reply as far as edits and reactions go. */
export interface Reactable {
  postedBy: string;
  markdown: string;
  /** Emoji → ids of the users who reacted with it (each once). */
  reactions: Record<string, string[]>;
}

/** Reactions and a new body, as a comment's or a reply's update asks for them. */
export interface Changes {
  markdown?: string;
  addedReactions?: string[];
  removedReactions?: string[];
}

/** Who asks, about which thread, where. */
export type Addressed = { commentId: string; scope: ThreadScope; actor: Actor };

export function refuse(allowed: boolean, message: string): void {
  if (!allowed) throw new CommentRefused(message);
}

export const withReaction = (r: Record<string, string[]>, emoji: string, user: string, add: boolean): Record<string, string[]> => {
  const users = (r[emoji] ?? []).filter((u) => u !== user);
  const next = { ...r, [emoji]: add ? [...users, user] : users };
  if (next[emoji].length === 0) delete next[emoji];
  return next;
};

/** Body edit (author only) and reactions (the `comment` flag) of a comment or a reply: only what changes. */
export function changesOf(c: Addressed & Changes, item: Reactable, replyId: string | null, what: string, now: string): CommentThreadEvent[] {
  const events: CommentThreadEvent[] = [];
  const base = { commentId: c.commentId, ...c.scope };
  if (c.markdown !== undefined) {
    refuse(mayEdit(c.actor, item.postedBy), `Editing a ${what} is for its author only (${what} posted by another user)`);
    const markdown = checkBody(c.markdown);
    if (markdown !== item.markdown)
      events.push(
        replyId === null
          ? { type: 'CommentEdited', data: { ...base, markdown, editedAt: now } }
          : { type: 'CommentReplyEdited', data: { ...base, replyId, markdown, editedAt: now } },
      );
  }
  const added = normalizeEmojis(c.addedReactions, 'addedReactions');
  const removed = normalizeEmojis(c.removedReactions, 'removedReactions');
  if (added.length || removed.length) refuse(mayPost(c.actor), `Reacting to a ${what} needs the comment role or higher on the space`);
  let reactions = item.reactions;
  const user = c.actor.userId;
  for (const emoji of added) {
    if (reactions[emoji]?.includes(user)) continue;
    reactions = withReaction(reactions, emoji, user, true);
    events.push({ type: 'CommentReactionAdded', data: { ...base, replyId, emoji, user, reactedAt: now } });
  }
  for (const emoji of removed) {
    if (!reactions[emoji]?.includes(user)) continue;
    reactions = withReaction(reactions, emoji, user, false);
    events.push({ type: 'CommentReactionRemoved', data: { ...base, replyId, emoji, user, removedAt: now } });
  }
  return events;
}

export function react(item: Reactable, e: { emoji: string; user: string }, add: boolean): Reactable {
  return { ...item, reactions: withReaction(item.reactions, e.emoji, e.user, add) };
}
