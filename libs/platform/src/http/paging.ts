import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { Doc, Filter, ReadStore, SortSpec, getPath } from '../read-store/read-store.port';
import { CursorKey, CursorKeyType, PageCursor } from './page-cursor.codec';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 100;

const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value)) ? Number(value) : value);

/**
 * `page` (opaque cursor from `next.page`, see page-cursor.codec.ts) and `limit` (0..1000 as in
 * the reference, default 100). `limit=0` answers the count alone: `{items: [], count}`, no `next`
 * (a cursor given with it is still checked).
 */
export class PageQuery {
  @IsOptional()
  @IsString()
  page?: string;

  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}

export interface ListResponse<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

export const pageLimit = (query: PageQuery) => query.limit ?? DEFAULT_PAGE_SIZE;

/**
 * One page out of `fetched` (the items after the cursor, up to limit + 1 of them): the first
 * `limit`, and `next` (the cursor of the last one) when more followed. Every list builds its
 * page here, so limit 0 and the last page answer alike everywhere.
 */
export function slicePage<T>(fetched: readonly T[], limit: number, cursorOf: (last: T) => string): { items: T[]; next?: { page: string } } {
  const items = fetched.slice(0, limit);
  return limit > 0 && fetched.length > limit ? { items, next: { page: cursorOf(items[items.length - 1]) } } : { items };
}

/**
 * Keyset paging over a read-model collection. The sort keys should be immutable (creation
 * sequence, then id), so concurrent writes never make an item skip or repeat across pages.
 * The cursor is bound to the collection, sort and `scope` (default: the filter); pass a scope
 * when the filter holds values computed from changing state (ids visible now), so a later page
 * still recognises its list.
 */
export async function paginate<D extends Doc, T>(
  store: ReadStore,
  collection: string,
  filter: Filter,
  sort: SortSpec,
  query: PageQuery,
  map: (doc: D) => T | Promise<T>,
  scope: unknown = filter,
): Promise<ListResponse<T>> {
  const limit = pageLimit(query);
  const keys = [...sort.map(([f]) => f).filter((f) => f !== 'id'), 'id'];
  // Ids are strings; other sort fields (sequences, dates, flags) any primitive.
  const cursor = new PageCursor(
    collection,
    { scope, sort },
    keys.map((k): CursorKeyType => (k === 'id' ? 'string' : 'scalar')),
  );
  const after = query.page ? cursor.decode(query.page) : undefined;
  const [docs, count] = await Promise.all([
    limit === 0 ? [] : store.find<D>(collection, filter, { sort, limit: limit + 1, after }),
    store.count(collection, filter),
  ]);
  const page = slicePage(docs, limit, (last) => cursor.encode(keys.map((k) => (getPath(last, k) ?? null) as CursorKey)));
  return { items: await Promise.all(page.items.map(map)), count, ...(page.next ? { next: page.next } : {}) };
}
