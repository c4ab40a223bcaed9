import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CursorKeyType, ListResponse, NotFound, PageCursor, PageQuery, pageLimit, slicePage } from '@app/platform';
import { byCreation, ContentReader, ContentTarget } from './content-reader';

/** The whole revision (reference Revision) of main, a change request or a revision id. */
export class GetRevisionContentQuery extends Query<unknown> {
  constructor(
    readonly spaceId: string,
    readonly target: ContentTarget,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetRevisionContentQuery)
export class GetRevisionContentHandler implements IQueryHandler<GetRevisionContentQuery> {
  constructor(private readonly reader: ContentReader) {}
  async execute(q: GetRevisionContentQuery) {
    return this.reader.revisionView(await this.reader.resolve(q.spaceId, q.target, q.userId));
  }
}

export class ListPagesQuery extends Query<{ pages: unknown[] }> {
  constructor(
    readonly spaceId: string,
    readonly target: ContentTarget,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(ListPagesQuery)
export class ListPagesHandler implements IQueryHandler<ListPagesQuery> {
  constructor(private readonly reader: ContentReader) {}
  async execute(q: ListPagesQuery) {
    const c = await this.reader.resolve(q.spaceId, q.target, q.userId);
    return { pages: await this.reader.pageViews(c, c.tree.children(null), 'markdown') };
  }
}

/**
 * Cursors of lists over one immutable revision (files, links, backlinks), in the shared codec:
 * the revision the first page read (later pages read it too, so paging never skips or repeats
 * while main or the change request moves), then the last item's sort keys (strings).
 */
export class RevisionListCursor {
  private readonly cursor: PageCursor<CursorKeyType[]>;
  constructor(list: string, scope: unknown, arity: number) {
    this.cursor = new PageCursor(
      list,
      scope,
      Array.from({ length: arity + 1 }, (): CursorKeyType => 'string'),
    );
  }
  decode(page: string | undefined): { r: string; after: string[] } | null {
    if (!page) return null;
    const [r, ...after] = this.cursor.decode(page) as string[];
    return { r, after };
  }
  encode(revision: string, after: string[]): string {
    return this.cursor.encode([revision, ...after]);
  }
}

/** Pages a sorted, immutable list keyed by `key`. */
export function pageList<T>(
  all: T[],
  key: (t: T) => string[],
  revision: string,
  query: PageQuery,
  cursor: RevisionListCursor,
  after?: string[],
): ListResponse<T> & { revision: string } {
  const limit = pageLimit(query);
  const cmp = (a: string[], b: string[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
  };
  const start = after ? all.findIndex((t) => cmp(key(t), after) > 0) : 0;
  const rest = start < 0 ? [] : all.slice(start);
  const page = slicePage(rest, limit, (last) => cursor.encode(revision, key(last)));
  return { items: page.items, count: all.length, ...(page.next ? { next: page.next } : {}), revision };
}

export class ListFilesQuery extends Query<ListResponse<unknown>> {
  constructor(
    readonly spaceId: string,
    readonly target: ContentTarget,
    readonly userId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListFilesQuery)
export class ListFilesHandler implements IQueryHandler<ListFilesQuery> {
  constructor(private readonly reader: ContentReader) {}
  async execute(q: ListFilesQuery) {
    const paging = new RevisionListCursor('content.files', { space: q.spaceId, target: q.target }, 2);
    const cursor = paging.decode(q.page.page);
    // Later pages read the revision the first page read, even if main or the change request moved.
    const target: ContentTarget = cursor ? { kind: 'revision', revision: cursor.r } : q.target;
    const c = await this.reader.resolve(q.spaceId, target, q.userId);
    const { revision: _r, ...list } = pageList(
      [...c.structure.files.values()].sort(byCreation),
      (f) => [f.createdAt, f.id],
      c.revision.id,
      q.page,
      paging,
      cursor?.after,
    );
    return { ...list, items: await Promise.all(list.items.map((f) => this.reader.fileView(q.spaceId, f))) };
  }
}

export class GetFileQuery extends Query<unknown> {
  constructor(
    readonly spaceId: string,
    readonly target: ContentTarget,
    readonly userId: string,
    readonly fileId: string,
  ) {
    super();
  }
}

@QueryHandler(GetFileQuery)
export class GetFileHandler implements IQueryHandler<GetFileQuery> {
  constructor(private readonly reader: ContentReader) {}
  async execute(q: GetFileQuery) {
    const c = await this.reader.resolve(q.spaceId, q.target, q.userId);
    const f = c.structure.files.get(q.fileId);
    if (!f) throw new NotFound(`No file with id ${q.fileId} in this content`);
    return this.reader.fileView(q.spaceId, f);
  }
}
