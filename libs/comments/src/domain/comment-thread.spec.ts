import { given } from '@app/platform/testing/given';
import { BadRequest } from '@app/platform';
import { Actor } from './comment-policy';
import { CommentNotFound, CommentRefused, CommentReplyNotFound } from './comment-rules';
import { commentThread, CommentCommand } from './comment-thread';
import { CommentThreadEvent, ThreadScope } from './comment-thread.events';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const at = (iso: string) => new Date(iso);
const scope: ThreadScope = { spaceId: 's1', changeRequestId: null };
const base = { commentId: 'c1', ...scope };
const flags = (f: Partial<Actor['flags']> = {}) => ({ comment: false, edit: false, review: false, admin: false, ...f });
const actor = (userId: string, f: Partial<Actor['flags']>): Actor => ({ userId, flags: flags(f) });
/** Effective roles on the space, as the spaces flag policy turns them into flags. */
const author = actor('ann', { comment: true });
const commenter = actor('cid', { comment: true });
const reader = actor('rea', {});
const editor = actor('eve', { comment: true, edit: true });
const reviewer = actor('rob', { comment: true, edit: true, review: true });
const admin = actor('ada', { comment: true, edit: true, review: true, admin: true });

const post = (markdown = 'Looks off', who = author): CommentCommand => ({
  type: 'PostComment',
  commentId: 'c1',
  scope,
  actor: who,
  organizationId: 'o1',
  target: { revision: 'r1', page: 'p1' },
  markdown,
});
const posted: CommentThreadEvent = {
  type: 'CommentPosted',
  data: { ...base, organizationId: 'o1', target: { revision: 'r1', page: 'p1' }, markdown: 'Looks off', postedBy: 'ann', postedAt: T0 },
};
const update = (
  who: Actor,
  changes: Omit<Extract<CommentCommand, { type: 'UpdateComment' }>, 'type' | 'commentId' | 'scope' | 'actor'>,
  s = scope,
): CommentCommand => ({
  type: 'UpdateComment',
  commentId: 'c1',
  scope: s,
  actor: who,
  ...changes,
});
const resolved = (by = 'ann'): CommentThreadEvent => ({ type: 'CommentResolved', data: { ...base, resolvedBy: by, resolvedAt: T1 } });
const reopened = (by = 'ann'): CommentThreadEvent => ({ type: 'CommentReopened', data: { ...base, reopenedBy: by, reopenedAt: T1 } });
const reacted = (emoji: string, user: string, replyId: string | null = null): CommentThreadEvent => ({
  type: 'CommentReactionAdded',
  data: { ...base, replyId, emoji, user, reactedAt: T1 },
});
const unreacted = (emoji: string, user: string, replyId: string | null = null): CommentThreadEvent => ({
  type: 'CommentReactionRemoved',
  data: { ...base, replyId, emoji, user, removedAt: T1 },
});
const reply = (who: Actor, markdown = 'Agreed', replyId = 'r1'): CommentCommand => ({
  type: 'PostReply',
  commentId: 'c1',
  replyId,
  scope,
  actor: who,
  markdown,
});
const replied = (by = 'cid', replyId = 'r1'): CommentThreadEvent => ({
  type: 'CommentReplyPosted',
  data: { ...base, replyId, markdown: 'Agreed', postedBy: by, postedAt: T1 },
});
const deleted = (by: string): CommentThreadEvent => ({ type: 'CommentDeleted', data: { ...base, deletedBy: by, deletedAt: T1 } });

describe('comment thread decider: posting', () => {
  it('posts a comment open, with its target, for the comment role and above', () => {
    given(commentThread).whenCommand(post(), at(T0)).then([posted]);
    expect(given(commentThread, posted).state.comment).toMatchObject({ status: 'open', postedBy: 'ann', markdown: 'Looks off' });
    for (const who of [commenter, editor, reviewer, admin]) expect(commentThread.decide(post('x', who), given(commentThread).state, at(T0))).toHaveLength(1);
  });

  it('a read member may not post', () => {
    given(commentThread).whenCommand(post('x', reader)).thenThrows(CommentRefused);
  });

  it('a body is not empty (blank is empty) and at most 20,000 characters', () => {
    given(commentThread).whenCommand(post('')).thenThrows(BadRequest);
    given(commentThread).whenCommand(post(' \n\t')).thenThrows(BadRequest);
    given(commentThread)
      .whenCommand(post('x'.repeat(20_001)))
      .thenThrows(BadRequest);
    expect(commentThread.decide(post('x'.repeat(20_000)), given(commentThread).state, at(T0))).toHaveLength(1);
  });

  it('posting the same comment id again decides nothing (a retried command)', () => {
    given(commentThread, posted).whenCommand(post()).thenNothing();
  });
});

describe('comment thread decider: editing', () => {
  it('only the author edits the body; an unchanged body records nothing', () => {
    given(commentThread, posted)
      .whenCommand(update(author, { markdown: 'Fixed wording' }), at(T1))
      .then([{ type: 'CommentEdited', data: { ...base, markdown: 'Fixed wording', editedAt: T1 } }]);
    given(commentThread, posted)
      .whenCommand(update(author, { markdown: 'Looks off' }))
      .thenNothing();
    for (const who of [commenter, editor, admin, reader])
      given(commentThread, posted)
        .whenCommand(update(who, { markdown: 'Hijacked' }))
        .thenThrows(CommentRefused);
  });

  it('an author whose role fell to read may no longer edit', () => {
    given(commentThread, posted)
      .whenCommand(update(actor('ann', {}), { markdown: 'x' }))
      .thenThrows(CommentRefused);
  });

  it('an edited body follows the same rules as a posted one', () => {
    given(commentThread, posted)
      .whenCommand(update(author, { markdown: '' }))
      .thenThrows(BadRequest);
    given(commentThread, posted)
      .whenCommand(update(author, { markdown: 'y'.repeat(20_001) }))
      .thenThrows(BadRequest);
  });
});

describe('comment thread decider: resolution', () => {
  it('the author, a reviewer or an editor resolves and reopens', () => {
    for (const who of [author, editor, reviewer, admin]) {
      given(commentThread, posted)
        .whenCommand(update(who, { resolved: true }), at(T1))
        .then([resolved(who.userId)]);
      given(commentThread, posted, resolved())
        .whenCommand(update(who, { resolved: false }), at(T1))
        .then([reopened(who.userId)]);
    }
  });

  it('a commenter who is not the author, or a reader, may not resolve', () => {
    given(commentThread, posted)
      .whenCommand(update(commenter, { resolved: true }))
      .thenThrows(CommentRefused);
    given(commentThread, posted)
      .whenCommand(update(reader, { resolved: true }))
      .thenThrows(CommentRefused);
  });

  it('resolving a resolved comment, or reopening an open one, emits nothing', () => {
    given(commentThread, posted, resolved())
      .whenCommand(update(author, { resolved: true }))
      .thenNothing();
    given(commentThread, posted)
      .whenCommand(update(author, { resolved: false }))
      .thenNothing();
    given(commentThread, posted, resolved(), reopened())
      .whenCommand(update(editor, { resolved: false }))
      .thenNothing();
  });

  it('the state follows resolution and reopening', () => {
    expect(given(commentThread, posted, resolved()).state.comment?.status).toBe('resolved');
    expect(given(commentThread, posted, resolved(), reopened()).state.comment?.status).toBe('open');
  });
});

describe('comment thread decider: reactions', () => {
  it('adds a user’s reaction once: a second identical reaction is not counted twice', () => {
    given(commentThread, posted)
      .whenCommand(update(commenter, { addedReactions: ['👍'] }), at(T1))
      .then([reacted('👍', 'cid')]);
    given(commentThread, posted, reacted('👍', 'cid'))
      .whenCommand(update(commenter, { addedReactions: ['👍'] }))
      .thenNothing();
    given(commentThread, posted)
      .whenCommand(update(commenter, { addedReactions: ['👍', '👍'] }), at(T1))
      .then([reacted('👍', 'cid')]);
  });

  it('an emoji’s hex code points are the same reaction as the character', () => {
    given(commentThread, posted)
      .whenCommand(update(commenter, { addedReactions: ['1f389'] }), at(T1))
      .then([reacted('🎉', 'cid')]);
    given(commentThread, posted, reacted('🎉', 'cid'))
      .whenCommand(update(commenter, { addedReactions: ['1F389'] }))
      .thenNothing();
  });

  it('each user reacts for themselves; removing only removes one’s own reaction', () => {
    const history = [posted, reacted('👍', 'cid')];
    given(commentThread, ...history)
      .whenCommand(update(editor, { addedReactions: ['👍'] }), at(T1))
      .then([reacted('👍', 'eve')]);
    given(commentThread, ...history)
      .whenCommand(update(editor, { removedReactions: ['👍'] }))
      .thenNothing();
    given(commentThread, ...history)
      .whenCommand(update(commenter, { removedReactions: ['👍'] }), at(T1))
      .then([unreacted('👍', 'cid')]);
    expect(given(commentThread, ...history, reacted('👍', 'eve'), unreacted('👍', 'cid')).state.comment?.reactions).toEqual({ '👍': ['eve'] });
  });

  it('reacting needs the comment role; anything but an emoji is refused', () => {
    given(commentThread, posted)
      .whenCommand(update(reader, { addedReactions: ['👍'] }))
      .thenThrows(CommentRefused);
    given(commentThread, posted)
      .whenCommand(update(commenter, { addedReactions: ['thumbs up'] }))
      .thenThrows(BadRequest);
    given(commentThread, posted)
      .whenCommand(update(commenter, { removedReactions: [''] }))
      .thenThrows(BadRequest);
    given(commentThread, posted)
      .whenCommand(update(commenter, { addedReactions: Array.from({ length: 21 }, () => '👍') }))
      .thenThrows(BadRequest);
  });

  it('one update may edit, react and resolve together (edit, reactions, then resolution)', () => {
    given(commentThread, posted)
      .whenCommand(update(author, { markdown: 'Better', addedReactions: ['🎉'], resolved: true }), at(T1))
      .then([{ type: 'CommentEdited', data: { ...base, markdown: 'Better', editedAt: T1 } }, reacted('🎉', 'ann'), resolved()]);
  });
});

describe('comment thread decider: replies', () => {
  it('the comment role and above reply; a reader may not', () => {
    given(commentThread, posted).whenCommand(reply(commenter), at(T1)).then([replied()]);
    given(commentThread, posted).whenCommand(reply(reader)).thenThrows(CommentRefused);
    given(commentThread, posted, replied()).whenCommand(reply(commenter)).thenNothing();
  });

  it('a resolved comment takes replies too', () => {
    given(commentThread, posted, resolved()).whenCommand(reply(commenter), at(T1)).then([replied()]);
  });

  it('only the reply’s author edits it; reactions to a reply are per user', () => {
    const edit = (who: Actor, markdown: string): CommentCommand => ({ type: 'UpdateReply', commentId: 'c1', replyId: 'r1', scope, actor: who, markdown });
    given(commentThread, posted, replied())
      .whenCommand(edit(commenter, 'Agreed!'), at(T1))
      .then([{ type: 'CommentReplyEdited', data: { ...base, replyId: 'r1', markdown: 'Agreed!', editedAt: T1 } }]);
    given(commentThread, posted, replied()).whenCommand(edit(author, 'No')).thenThrows(CommentRefused);
    const react: CommentCommand = { type: 'UpdateReply', commentId: 'c1', replyId: 'r1', scope, actor: author, addedReactions: ['👀'] };
    given(commentThread, posted, replied())
      .whenCommand(react, at(T1))
      .then([reacted('👀', 'ann', 'r1')]);
    given(commentThread, posted, replied(), reacted('👀', 'ann', 'r1'))
      .whenCommand(react)
      .thenNothing();
  });

  it('a reply is deleted by its author or a space admin, not by the comment’s author', () => {
    const del = (who: Actor): CommentCommand => ({ type: 'DeleteReply', commentId: 'c1', replyId: 'r1', scope, actor: who });
    const gone = (by: string): CommentThreadEvent => ({ type: 'CommentReplyDeleted', data: { ...base, replyId: 'r1', deletedBy: by, deletedAt: T1 } });
    given(commentThread, posted, replied())
      .whenCommand(del(commenter), at(T1))
      .then([gone('cid')]);
    given(commentThread, posted, replied())
      .whenCommand(del(admin), at(T1))
      .then([gone('ada')]);
    given(commentThread, posted, replied()).whenCommand(del(author)).thenThrows(CommentRefused);
    given(commentThread, posted, replied(), gone('cid')).whenCommand(del(commenter)).thenNothing();
    given(commentThread, posted).whenCommand(del(commenter)).thenNothing();
    given(commentThread).whenCommand(del(commenter)).thenNothing();
  });

  it('an unknown or deleted reply is not found for updates', () => {
    const edit: CommentCommand = { type: 'UpdateReply', commentId: 'c1', replyId: 'r9', scope, actor: commenter, markdown: 'x' };
    given(commentThread, posted).whenCommand(edit).thenThrows(CommentReplyNotFound);
  });
});

describe('comment thread decider: deletion and scope', () => {
  const del = (who: Actor, s = scope): CommentCommand => ({ type: 'DeleteComment', commentId: 'c1', scope: s, actor: who });

  it('the author or a space admin deletes a comment (its replies go with it)', () => {
    given(commentThread, posted)
      .whenCommand(del(author), at(T1))
      .then([deleted('ann')]);
    given(commentThread, posted, replied())
      .whenCommand(del(admin), at(T1))
      .then([deleted('ada')]);
    for (const who of [commenter, editor, reviewer, reader]) given(commentThread, posted).whenCommand(del(who)).thenThrows(CommentRefused);
  });

  it('deleting what is not there (never posted, already deleted, another scope) decides nothing: 204', () => {
    given(commentThread).whenCommand(del(author)).thenNothing();
    given(commentThread, posted, deleted('ann')).whenCommand(del(author)).thenNothing();
    given(commentThread, posted)
      .whenCommand(del(author, { spaceId: 's1', changeRequestId: 'cr1' }))
      .thenNothing();
  });

  it('a deleted comment, or one of another space or change request, is not found', () => {
    given(commentThread, posted, deleted('ann'))
      .whenCommand(update(author, { resolved: true }))
      .thenThrows(CommentNotFound);
    given(commentThread, posted, deleted('ann')).whenCommand(reply(commenter)).thenThrows(CommentNotFound);
    given(commentThread)
      .whenCommand(update(author, { resolved: true }))
      .thenThrows(CommentNotFound);
    given(commentThread, posted)
      .whenCommand(update(author, { resolved: true }, { spaceId: 's2', changeRequestId: null }))
      .thenThrows(CommentNotFound);
    given(commentThread, posted)
      .whenCommand(update(author, { resolved: true }, { spaceId: 's1', changeRequestId: 'cr1' }))
      .thenThrows(CommentNotFound);
  });
});
