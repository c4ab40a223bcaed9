import { projectionOf } from '@app/platform/testing/projection-spec';
import { ChangeRequestEvent, SpaceContentEvent } from '../../domain/change-request.events';
import { CONTENT_OBJECTS, OBJECT_STORED } from '../storage/content-objects';
import { emptyRootHash } from '../storage/revision-store';
import { contentObjectsProjection, HEADS, HeadDoc, RevisionDoc, REVISIONS, revisionsProjection } from './content.projection';

const t = (n: number) => `2026-01-0${n}T00:00:00.000Z`;
const spaceCreated = { type: 'SpaceCreated', data: { spaceId: 's1', organizationId: 'o1', revision: 'r0', duplicatedFrom: null, createdAt: t(1) } };
const revisionsOf = async (events: Array<{ type: string; data: unknown }>) => {
  const docs = await projectionOf(revisionsProjection, events);
  return { revisions: docs[REVISIONS] as RevisionDoc[], heads: docs[HEADS] as HeadDoc[] };
};

describe('content revisions projection', () => {
  it("SpaceCreated records the empty initial revision as main's head at once", async () => {
    expect(await revisionsOf([spaceCreated])).toEqual({
      revisions: [{ id: 'r0', spaceId: 's1', root: emptyRootHash(), parents: [], type: 'edits', createdAt: t(1), changeRequestId: null }],
      heads: [{ id: 's1', revision: 'r0', root: emptyRootHash() }],
    });
  });

  it('SpaceContentInitialized keeps what SpaceCreated recorded, and records it when SpaceCreated did not', async () => {
    const initialized: SpaceContentEvent = { type: 'SpaceContentInitialized', data: { spaceId: 's1', revision: 'r0', root: 'stored-empty', createdAt: t(2) } };
    expect(await revisionsOf([spaceCreated, initialized])).toEqual(await revisionsOf([spaceCreated]));
    expect(await revisionsOf([initialized])).toEqual({
      revisions: [{ id: 'r0', spaceId: 's1', root: 'stored-empty', parents: [], type: 'edits', createdAt: t(2), changeRequestId: null }],
      heads: [{ id: 's1', revision: 'r0', root: 'stored-empty' }],
    });
  });

  it("merges and copies move main's head; change request revisions do not", async () => {
    const { revisions, heads } = await revisionsOf([
      spaceCreated,
      {
        type: 'ChangeRequestContentUpdated',
        data: { spaceId: 's1', changeRequestId: 'cr1', revision: 'c1', root: 'root-c1', parents: ['r0'], author: 'a', createdAt: t(2) },
      },
      {
        type: 'ChangeRequestUpdatedFromMain',
        data: {
          spaceId: 's1',
          changeRequestId: 'cr1',
          revision: 'u1',
          root: 'root-u1',
          parents: ['c1', 'r0'],
          mergedAncestor: { revision: 'r0', root: 'x' },
          author: 'a',
          createdAt: t(3),
        },
      },
      {
        type: 'SpaceContentMerged',
        data: { spaceId: 's1', changeRequestId: 'cr1', revision: 'm1', root: 'root-m1', parents: ['r0', 'u1'], mergedBy: 'b', createdAt: t(4) },
      },
      { type: 'SpaceContentRevised', data: { spaceId: 's1', revision: 'd1', root: 'root-d1', parents: ['m1'], reason: 'duplicate', createdAt: t(5) } },
      { type: 'ChangeRequestNumberReserved', data: { spaceId: 's1', changeRequestId: 'cr2', number: 2 } },
    ] satisfies Array<ChangeRequestEvent | SpaceContentEvent | typeof spaceCreated>);
    expect(revisions.map((r) => [r.id, r.type, r.root, r.parents, r.changeRequestId])).toEqual([
      ['c1', 'edits', 'root-c1', ['r0'], 'cr1'],
      ['d1', 'edits', 'root-d1', ['m1'], null],
      ['m1', 'merge', 'root-m1', ['r0', 'u1'], 'cr1'],
      ['r0', 'edits', emptyRootHash(), [], null],
      ['u1', 'update', 'root-u1', ['c1', 'r0'], 'cr1'],
    ]);
    expect(heads).toEqual([{ id: 's1', revision: 'd1', root: 'root-d1' }]);
  });
});

describe('content objects projection', () => {
  it('copies each stored object by its hash, once', async () => {
    const stored = { type: OBJECT_STORED, data: { hash: 'h1', object: { k: 'T', t: 'body' } } };
    expect((await projectionOf(contentObjectsProjection, [stored, stored]))[CONTENT_OBJECTS]).toEqual([{ id: 'h1', o: { k: 'T', t: 'body' } }]);
  });
});
