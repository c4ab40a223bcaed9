import { ReadStore } from '@app/platform';
import { ItemRef, Sibling } from '../../domain/placement';
import { TREE, TreeEntry } from './content-tree';

/**
 * Positions among siblings without listing the siblings: every command that places a space or
 * a collection (create, duplicate, move, transfer, restore) reads only the few tree entries
 * next to where the item lands, through one index of the content tree, so its cost does not
 * grow with the number of children of the parent (issue 20: a create used to read all of them).
 *
 * The index orders a parent's live entries by (position, entry id); an entry id starts with the
 * item id and ids have one length, so that is the listing order (`bySiblingOrder`) too.
 */
export const SIBLINGS_INDEX = ['organizationId', 'parent', 'removedAt', 'position', 'id'];

/** content-tree's marker of a live entry (`removedAt` of an entry that is not closed). */
const OPEN = Number.MAX_SAFE_INTEGER;

const live = (organizationId: string, parent: string | null) => ({ organizationId, parent: parent ?? '', removedAt: OPEN });
const sibling = (e: TreeEntry): Sibling => ({ kind: e.kind, id: e.itemId, position: e.position });

/** The last `n` children of a parent in listing order, last first. */
export async function lastChildren(store: ReadStore, organizationId: string, parent: string | null, n: number): Promise<Sibling[]> {
  const entries = await store.find<TreeEntry>(TREE, live(organizationId, parent), {
    sort: [
      ['position', -1],
      ['id', -1],
    ],
    limit: n,
  });
  return entries.map(sibling);
}

/** Where an item sits now (its live entry), or null. */
export async function placementOf(store: ReadStore, item: ItemRef): Promise<{ organizationId: string; parent: string | null; sibling: Sibling } | null> {
  const [e] = await store.find<TreeEntry>(TREE, { itemId: item.id, kind: item.kind, removedAt: OPEN }, { limit: 1 });
  return e ? { organizationId: e.organizationId, parent: e.parent || null, sibling: sibling(e) } : null;
}

/** The first child of a parent whose key is strictly greater than `position`. */
export async function firstAbove(store: ReadStore, organizationId: string, parent: string | null, position: string): Promise<Sibling | null> {
  const [e] = await store.find<TreeEntry>(TREE, { ...live(organizationId, parent), position: { $gt: position } }, { sort: [['position', 1]], limit: 1 });
  return e ? sibling(e) : null;
}

/**
 * A contiguous run of a parent's children around `position`: every child with that key (ties
 * from concurrent appends) and the two nearest children beyond it on `side`. That is all a
 * placement before, after or at the end of one of them needs to see.
 */
export async function childrenAround(
  store: ReadStore,
  organizationId: string,
  parent: string | null,
  position: string,
  side: 'before' | 'after',
): Promise<Sibling[]> {
  const [ties, beyond] = await Promise.all([
    store.find<TreeEntry>(TREE, { ...live(organizationId, parent), position }),
    store.find<TreeEntry>(
      TREE,
      { ...live(organizationId, parent), position: side === 'after' ? { $gt: position } : { $lt: position } },
      {
        sort:
          side === 'after'
            ? [
                ['position', 1],
                ['id', 1],
              ]
            : [
                ['position', -1],
                ['id', -1],
              ],
        limit: 2,
      },
    ),
  ]);
  return [...ties, ...beyond].map(sibling);
}
