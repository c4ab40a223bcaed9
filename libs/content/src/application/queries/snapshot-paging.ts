import { BadRequest, DEFAULT_PAGE_SIZE, Doc, Filter, ListResponse, PageQuery, ReadStore, SortSpec, getPath } from '@app/platform';

/**
 * Keyset paging over a versioned collection, pinned to a snapshot: the first page records the
 * projection's position P and every page reads the versions valid at P (validFrom ≤ P < validTo),
 * sorted by (sort field, id). Items whose sort key (updatedAt) changes while a client pages
 * keep their place in this listing, so none is skipped or repeated; a new listing sees the
 * changes. The cursor carries P and the last (sort value, id).
 */
export interface SnapshotCursor { p: number; after: unknown[] }

const encode = (c: SnapshotCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(page: string, arity: number): SnapshotCursor {
  try {
    const c = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    if (typeof c?.p === 'number' && Array.isArray(c.after) && c.after.length === arity) return c;
  } catch {
    /* falls through */
  }
  throw new BadRequest('page: not a cursor returned in next.page by this listing');
}

export async function paginateSnapshot<D extends Doc, T>(
  store: ReadStore, projection: string, collection: string, filter: Filter, sort: SortSpec, query: PageQuery, map: (docs: D[]) => Promise<T[]>,
): Promise<ListResponse<T>> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const keys = [...sort.map(([f]) => f), 'id'];
  const cursor = query.page ? decode(query.page, keys.length) : { p: (await store.checkpoint(projection)).position, after: undefined };
  const pinned: Filter = { ...filter, validFrom: { $lte: cursor.p }, validTo: { $gt: cursor.p } };
  const [docs, count] = await Promise.all([
    store.find<D>(collection, pinned, { sort, limit: limit + 1, after: cursor.after }),
    store.count(collection, pinned),
  ]);
  const page = docs.slice(0, limit);
  const last = page[page.length - 1];
  const items = await map(page);
  return { items, count, ...(docs.length > limit && last ? { next: { page: encode({ p: cursor.p, after: keys.map((k) => getPath(last, k) ?? null) }) } } : {}) };
}
