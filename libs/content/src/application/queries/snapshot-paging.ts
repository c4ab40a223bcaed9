import { CursorKey, CursorKeyType, Doc, Filter, ListResponse, PageCursor, PageQuery, pageLimit, ReadStore, slicePage, SortSpec, getPath } from '@app/platform';

/**
 * Keyset paging over a versioned collection, pinned to a snapshot: the first page records the
 * projection's position P and every page reads the versions valid at P (validFrom ≤ P < validTo),
 * sorted by (sort field, id). Items whose sort key (updatedAt) changes while a client pages
 * keep their place in this listing, so none is skipped or repeated; a new listing sees the
 * changes. The cursor (the shared codec) carries P and the last (sort value, id), bound to
 * `scope`: what the client asked for, not the filter computed from it (which may hold the ids
 * visible now, and those may change between pages).
 */
export async function paginateSnapshot<D extends Doc, T>(
  store: ReadStore,
  projection: string,
  collection: string,
  filter: Filter,
  sort: SortSpec,
  query: PageQuery,
  map: (docs: D[]) => Promise<T[]>,
  scope: unknown,
): Promise<ListResponse<T>> {
  const limit = pageLimit(query);
  const keys = [...sort.map(([f]) => f).filter((f) => f !== 'id'), 'id'];
  const cursor = new PageCursor(`${collection}@snapshot`, { scope, sort }, ['number', ...keys.map((k): CursorKeyType => (k === 'id' ? 'string' : 'scalar'))]);
  const decoded = query.page ? cursor.decode(query.page) : null;
  const p = decoded ? (decoded[0] as number) : (await store.checkpoint(projection)).position;
  const after = decoded?.slice(1);
  const pinned: Filter = { ...filter, validFrom: { $lte: p }, validTo: { $gt: p } };
  const [docs, count] = await Promise.all([
    limit === 0 ? [] : store.find<D>(collection, pinned, { sort, limit: limit + 1, after }),
    store.count(collection, pinned),
  ]);
  const page = slicePage(docs, limit, (last) => cursor.encode([p, ...keys.map((k) => (getPath(last, k) ?? null) as CursorKey)]));
  return { items: await map(page.items), count, ...(page.next ? { next: page.next } : {}) };
}
