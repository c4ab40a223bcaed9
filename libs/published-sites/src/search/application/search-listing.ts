import { ListResponse, PageCursor, PageQuery, pageLimit } from '@app/platform';
import type { SearchQuery } from '../domain/search-query';

/** The cursor of a search list: bound to the list, its scope and the query's terms; keys are (score, id). */
export function searchCursor(list: string, scope: unknown, query: SearchQuery | null) {
  return new PageCursor(list, { scope, terms: query?.terms ?? [] }, ['number', 'string'] as const);
}

/** Paging of a search: the limit, and the keyset after which it continues (400 for a cursor of another list). */
export function searchPaging(page: PageQuery, cursor: ReturnType<typeof searchCursor>) {
  return { limit: pageLimit(page), after: page.page ? cursor.decode(page.page) : undefined };
}

/** A list answer: `next` only when more follow a non-empty page. */
export function searchList<T>(items: T[], count: number, next: string | null): ListResponse<T> {
  return { items, count, ...(next && items.length > 0 ? { next: { page: next } } : {}) };
}
