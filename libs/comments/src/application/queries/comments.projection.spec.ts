import { projectionOf } from '@app/platform/testing/projection-spec';
import { COMMENT_REPLIES, COMMENTERS, COMMENTS, OPEN_COMMENT_COUNTS } from './comments.read-model';
import { commentsProjection } from './comments.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const T2 = '2026-01-03T00:00:00.000Z';
type Scope = { spaceId: string; changeRequestId: string | null };
const SPACE: Scope = { spaceId: 's1', changeRequestId: null };
const CR: Scope = { spaceId: 's1', changeRequestId: 'cr1' };
const at = (commentId: string, scope: Scope) => ({ commentId, ...scope });

const posted = (commentId: string, scope: Scope, postedBy = 'ann', page?: string) => ({
  type: 'CommentPosted',
  data: { ...at(commentId, scope), organizationId: 'o1', target: { revision: 'r1', ...(page ? { page } : {}) }, markdown: 'Hm', postedBy, postedAt: T0 },
});
const resolved = (commentId: string, scope: Scope) => ({ type: 'CommentResolved', data: { ...at(commentId, scope), resolvedBy: 'eve', resolvedAt: T1 } });
const reopened = (commentId: string, scope: Scope) => ({ type: 'CommentReopened', data: { ...at(commentId, scope), reopenedBy: 'eve', reopenedAt: T2 } });
const deleted = (commentId: string, scope: Scope) => ({ type: 'CommentDeleted', data: { ...at(commentId, scope), deletedBy: 'ann', deletedAt: T2 } });
const replied = (commentId: string, replyId: string, postedBy: string, postedAt = T1) => ({
  type: 'CommentReplyPosted',
  data: { ...at(commentId, SPACE), replyId, markdown: `reply ${replyId}`, postedBy, postedAt },
});
const reaction = (type: 'CommentReactionAdded' | 'CommentReactionRemoved', user: string, emoji: string, replyId: string | null = null) => ({
  type,
  data: { ...at('c1', SPACE), replyId, emoji, user, ...(type === 'CommentReactionAdded' ? { reactedAt: T1 } : { removedAt: T1 }) },
});

describe('comments projection', () => {
  it('keeps a posted comment open with its target, and follows edits, resolution and reopening', async () => {
    const docs = await projectionOf(commentsProjection, [
      posted('c1', SPACE, 'ann', 'p1'),
      { type: 'CommentEdited', data: { ...at('c1', SPACE), markdown: 'Hm!', editedAt: T1 } },
      resolved('c1', SPACE),
    ]);
    expect(docs[COMMENTS]).toEqual([
      {
        id: 'c1',
        seq: 1,
        organizationId: 'o1',
        spaceId: 's1',
        changeRequestId: null,
        scope: 'space:s1',
        pageId: 'p1',
        target: { revision: 'r1', page: 'p1' },
        markdown: 'Hm!',
        postedBy: 'ann',
        postedAt: T0,
        editedAt: T1,
        status: 'resolved',
        resolvedAt: T1,
        resolvedBy: 'eve',
        reactions: [],
        replies: 0,
        repliers: [],
      },
    ]);
    const again = await projectionOf(commentsProjection, [posted('c1', SPACE), resolved('c1', SPACE), reopened('c1', SPACE)]);
    expect(again[COMMENTS][0]).toMatchObject({ status: 'open' });
    expect(again[COMMENTS][0]).not.toHaveProperty('resolvedAt');
    expect(again[COMMENTS][0]).not.toHaveProperty('resolvedBy');
  });

  it('counts the open comments of each change request (and of the space’s own discussion) exactly', async () => {
    const docs = await projectionOf(commentsProjection, [
      posted('c1', CR),
      posted('c2', CR),
      posted('c3', CR),
      posted('c4', SPACE),
      resolved('c1', CR),
      resolved('c1', CR),
      reopened('c1', CR),
      resolved('c2', CR),
      deleted('c2', CR),
      deleted('c3', CR),
      deleted('c3', CR),
    ]);
    expect(docs[OPEN_COMMENT_COUNTS]).toEqual([
      { id: 'cr:cr1', spaceId: 's1', open: 1 },
      { id: 'space:s1', spaceId: 's1', open: 1 },
    ]);
  });

  it('replies and repliers are exact through posts, edits and deletes', async () => {
    const docs = await projectionOf(commentsProjection, [
      posted('c1', SPACE),
      replied('c1', 'r1', 'bob', T0),
      replied('c1', 'r2', 'cid', T1),
      replied('c1', 'r3', 'bob', T1),
      { type: 'CommentReplyEdited', data: { ...at('c1', SPACE), replyId: 'r1', markdown: 'edited', editedAt: T2 } },
      { type: 'CommentReplyDeleted', data: { ...at('c1', SPACE), replyId: 'r2', deletedBy: 'cid', deletedAt: T2 } },
    ]);
    expect(docs[COMMENTS][0]).toMatchObject({ replies: 2, repliers: [{ user: 'bob', count: 2, updatedAt: T2 }] });
    expect(docs[COMMENT_REPLIES].map((r) => [r.id, r.markdown])).toEqual([
      ['r1', 'edited'],
      ['r3', 'reply r3'],
    ]);
  });

  it('aggregates reactions per emoji, in the order they came, each user once', async () => {
    const docs = await projectionOf(commentsProjection, [
      posted('c1', SPACE),
      replied('c1', 'r1', 'bob'),
      reaction('CommentReactionAdded', 'bob', '👍'),
      reaction('CommentReactionAdded', 'cid', '🎉'),
      reaction('CommentReactionAdded', 'cid', '👍'),
      reaction('CommentReactionRemoved', 'bob', '👍'),
      reaction('CommentReactionAdded', 'ann', '👀', 'r1'),
      reaction('CommentReactionAdded', 'bob', '🎉'),
      reaction('CommentReactionRemoved', 'bob', '🎉'),
    ]);
    expect(docs[COMMENTS][0].reactions).toEqual([
      { emoji: '👍', users: [{ user: 'cid', reactedAt: T1 }] },
      { emoji: '🎉', users: [{ user: 'cid', reactedAt: T1 }] },
    ]);
    expect(docs[COMMENT_REPLIES][0].reactions).toEqual([{ emoji: '👀', users: [{ user: 'ann', reactedAt: T1 }] }]);
  });

  it('commenters are the users with a live comment or reply in a scope', async () => {
    const docs = await projectionOf(commentsProjection, [
      posted('c1', SPACE, 'ann'),
      posted('c2', SPACE, 'ann'),
      replied('c1', 'r1', 'bob'),
      posted('c3', CR, 'cid'),
      deleted('c1', SPACE),
    ]);
    expect(docs[COMMENTERS].map((d) => [d.id, d.count])).toEqual([
      ['cr:cr1|cid', 1],
      ['space:s1|ann', 1],
    ]);
  });

  it('deleting a comment takes its replies; a purged space takes everything of it', async () => {
    const docs = await projectionOf(commentsProjection, [posted('c1', SPACE), replied('c1', 'r1', 'bob'), deleted('c1', SPACE)]);
    expect([docs[COMMENTS], docs[COMMENT_REPLIES]]).toEqual([[], []]);
    const purged = await projectionOf(commentsProjection, [
      posted('c1', SPACE),
      posted('c2', CR),
      posted('c9', { spaceId: 's2', changeRequestId: null }),
      { type: 'SpacePurged', data: { spaceId: 's1', organizationId: 'o1' } },
    ]);
    expect(purged[COMMENTS].map((d) => d.id)).toEqual(['c9']);
    expect(purged[OPEN_COMMENT_COUNTS].map((d) => d.id)).toEqual(['space:s2']);
    expect(purged[COMMENTERS].map((d) => d.id)).toEqual(['space:s2|ann']);
  });
});
