import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { BadRequest } from '../ddd/errors';
import { Doc, Filter, ReadStore, SortSpec, getPath } from '../read-store/read-store.port';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 100;

const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value)) ? Number(value) : value);

/** `page` (opaque cursor from `next.page`) and `limit` (1..1000, default 100). */
export class PageQuery {
  @IsOptional()
  @IsString()
  page?: string;

  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}

export interface ListResponse<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

const encodeCursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
function decodeCursor(page: string, arity: number): unknown[] {
  try {
    const v = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === arity) return v;
  } catch {
    /* falls through */
  }
  throw new BadRequest('page: not a cursor returned in next.page by this listing');
}

/**
 * Keyset paging over a read-model collection. The sort keys should be immutable (creation
 * sequence, then id), so concurrent writes never make an item skip or repeat across pages.
 */
export async function paginate<D extends Doc, T>(
  store: ReadStore,
  collection: string,
  filter: Filter,
  sort: SortSpec,
  query: PageQuery,
  map: (doc: D) => T | Promise<T>,
): Promise<ListResponse<T>> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const keys = [...sort.map(([f]) => f).filter((f) => f !== 'id'), 'id'];
  const after = query.page ? decodeCursor(query.page, keys.length) : undefined;
  const [docs, count] = await Promise.all([
    store.find<D>(collection, filter, { sort, limit: limit + 1, after }),
    store.count(collection, filter),
  ]);
  const page = docs.slice(0, limit);
  const items = await Promise.all(page.map(map));
  const last = page[page.length - 1];
  return { items, count, ...(docs.length > limit && last ? { next: { page: encodeCursor(keys.map((k) => getPath(last, k) ?? null)) } } : {}) };
}
