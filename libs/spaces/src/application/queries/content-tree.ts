import { Doc, Filter, ListResponse, PageCursor, PageQuery, pageLimit, ProjectionContext, ReadStore, slicePage } from '@app/platform';
import { ItemKind, Sibling } from '../../domain/placement';

/**
 * Where every live space and collection sits, as immutable entries: placing an item adds an
 * entry `{parent, position, addedAt}`; moving, transferring or deleting it does not change
 * that entry but closes it (`removedAt`) and, for a move, adds a new one. A listing pass reads
 * the entries alive at one global position (its snapshot, fixed by the first page and carried
 * in the cursor), so concurrent creates, moves and deletes never make an item skip or repeat
 * across the pages of one pass, while every page still follows the order users chose.
 */
export const TREE = 'content_tree';
export const SPACES_PROJECTION = 'spaces';
const OPEN = Number.MAX_SAFE_INTEGER;

export interface TreeEntry extends Doc {
  kind: ItemKind;
  itemId: string;
  organizationId: string;
  /** Parent collection id; '' at the top level (so the order groups top-level items first). */
  parent: string;
  position: string;
  addedAt: number;
  removedAt: number;
}

export const treeCollection = {
  name: TREE,
  indexes: [
    ['itemId', 'removedAt'],
    ['organizationId', 'kind', 'parent', 'position'],
    ['parent', 'kind', 'position'],
  ],
};

/** Closes the item's current entry (if any) at `at`. */
export async function removeEntry(ctx: ProjectionContext, at: number, kind: ItemKind, itemId: string): Promise<void> {
  for (const e of await ctx.find<TreeEntry>(TREE, { itemId, kind, removedAt: OPEN })) ctx.put(TREE, { ...e, removedAt: at });
}

/** Places the item (closing its previous entry): one entry per placement, never rewritten. */
export async function placeEntry(
  ctx: ProjectionContext,
  at: number,
  kind: ItemKind,
  itemId: string,
  organizationId: string,
  parent: string | null,
  position: string,
): Promise<void> {
  await removeEntry(ctx, at, kind, itemId);
  const entry: TreeEntry = { id: `${itemId}@${at}`, kind, itemId, organizationId, parent: parent ?? '', position, addedAt: at, removedAt: OPEN };
  ctx.put(TREE, entry);
}

/** The current children of a parent (both kinds), for placing an item among them. */
export async function currentChildren(store: ReadStore, organizationId: string, parent: string | null): Promise<Sibling[]> {
  const entries = await store.find<TreeEntry>(TREE, { organizationId, parent: parent ?? '', removedAt: OPEN });
  return entries.map((e) => ({ kind: e.kind, id: e.itemId, position: e.position }));
}

/** Every item currently under a collection, at any depth (for delete and transfer). */
export async function descendants(store: ReadStore, collectionId: string): Promise<{ spaces: TreeEntry[]; collections: TreeEntry[] }> {
  const out = { spaces: [] as TreeEntry[], collections: [] as TreeEntry[] };
  const queue = [collectionId];
  const seen = new Set(queue);
  while (queue.length) {
    const parent = queue.shift()!;
    for (const e of await store.find<TreeEntry>(TREE, { parent, removedAt: OPEN })) {
      if (e.kind === 'space') out.spaces.push(e);
      else if (!seen.has(e.itemId)) {
        seen.add(e.itemId);
        out.collections.push(e);
        queue.push(e.itemId);
      }
    }
  }
  return out;
}

/**
 * Keyset paging over the entries alive at the pass's snapshot, ordered by (parent, position,
 * entry id): all immutable fields of an entry. `map` turns the page's entries into items and
 * may drop some (an item deleted since the snapshot is left out, not shown stale).
 */
export async function pageTree<T>(store: ReadStore, filter: Filter, query: PageQuery, map: (entries: TreeEntry[]) => Promise<T[]>): Promise<ListResponse<T>> {
  const limit = pageLimit(query);
  // The shared codec: the pass's snapshot, then the last entry's (parent, position, id), bound to the filter.
  const codec = new PageCursor(TREE, filter, ['number', 'string', 'string', 'string'] as const);
  const cursor = query.page ? codec.decode(query.page) : null;
  const snapshot = cursor ? cursor[0] : (await store.checkpoint(SPACES_PROJECTION)).position;
  const alive: Filter = { ...filter, addedAt: { $lte: snapshot }, removedAt: { $gt: snapshot } };
  const sort: Array<[string, 1]> = [
    ['parent', 1],
    ['position', 1],
    ['id', 1],
  ];
  const [docs, count] = await Promise.all([
    limit === 0 ? [] : store.find<TreeEntry>(TREE, alive, { sort, limit: limit + 1, after: cursor ? cursor.slice(1) : undefined }),
    // The count is of the list as it is now (what a client shows as a total), not of the snapshot.
    store.count(TREE, { ...filter, removedAt: OPEN }),
  ]);
  const page = slicePage(docs, limit, (last) => codec.encode([snapshot, last.parent, last.position, last.id]));
  return { items: await map(page.items), count, ...(page.next ? { next: page.next } : {}) };
}
