import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, NotFound, PageQuery } from '@app/platform';
import { backlinks, linkStatus, LinkStatus, LinkUse } from '../../domain/link-index';
import { LinkTarget } from '../../domain/markdown/links';
import { ContentReader, ContentTarget, ResolvedContent } from './content-reader';
import { decodeRevisionCursor, pageList } from './content.queries';

/**
 * Where a link points or sits, as a reference ContentLocation. Pages and files are given by
 * their URL (ContentLocationURL): the typed page/file locations embed full Space and
 * Organization objects, which only the spaces and organizations contexts can render (see
 * README-design.md, "Links").
 */
async function location(reader: ContentReader, c: ResolvedContent, t: LinkTarget): Promise<{ kind: 'url'; url: string }> {
  if (t.kind === 'page') return { kind: 'url', url: c.tree.get(t.page) ? c.appUrl(c.tree.path(t.page)) : `/pages/${t.page}` };
  if (t.kind === 'file') {
    const f = c.structure.files.get(t.file);
    return { kind: 'url', url: f ? (await reader.fileView(c.space.spaceId, f)).downloadURL : `/files/${t.file}` };
  }
  return { kind: 'url', url: t.kind === 'url' ? t.url : t.kind === 'path' ? t.path : `#${t.anchor}` };
}

async function usage(reader: ContentReader, c: ResolvedContent, use: { target: LinkTarget; relation: string }, pages: string[]) {
  return {
    status: linkStatus(use.target, c.structure),
    relation: use.relation,
    targetReference: await location(reader, c, use.target),
    locationReferences: await Promise.all(pages.map((page) => location(reader, c, { kind: 'page', page }))),
  };
}

/** Links of one page, or of the whole content (reference listPageLinks…, listSpaceLinks), with stats. */
export class ListLinksQuery extends Query<ListResponse<unknown> & { stats: unknown }> {
  constructor(readonly spaceId: string, readonly target: ContentTarget, readonly userId: string, readonly pageId: string | null, readonly page: PageQuery, readonly status?: LinkStatus) { super(); }
}

@QueryHandler(ListLinksQuery)
export class ListLinksHandler implements IQueryHandler<ListLinksQuery> {
  constructor(private readonly reader: ContentReader) {}

  async execute(q: ListLinksQuery) {
    const cursor = q.page.page ? decodeRevisionCursor(q.page.page) : null;
    const c = await this.reader.resolve(q.spaceId, cursor ? { kind: 'revision', revision: cursor.r } : q.target, q.userId);
    if (q.pageId && !c.tree.get(q.pageId)) throw new NotFound(`No page with id ${q.pageId} in this content`);
    const index = await this.reader.linkIndex(c);
    const uses: Array<{ key: string; target: LinkTarget; relation: string; pages: string[] }> = q.pageId
      ? (index.byPage.get(q.pageId) ?? []).map((u) => ({ ...u, pages: [q.pageId!] }))
      : [...index.byTarget].map(([key, v]) => ({ key, ...v }));
    const all = uses.map((u) => ({ ...u, status: linkStatus(u.target, c.structure) }));
    const filtered = q.status ? all.filter((u) => u.status === q.status) : all;
    const { revision: _r, ...list } = pageList(filtered, (u) => [u.key], c.revision.id, q.page, cursor?.after);
    const stats = await this.stats(c, q.pageId, all);
    return { ...list, items: await Promise.all(list.items.map((u) => usage(this.reader, c, u, u.pages))), stats };
  }

  /** Totals count link uses; for a change request, `changeRequest` counts the broken ones its base did not have. */
  private async stats(c: ResolvedContent, pageId: string | null, all: Array<{ key: string; status: LinkStatus; pages: string[] }>) {
    const count = (xs: typeof all) => xs.reduce((n, u) => n + u.pages.length, 0);
    const broken = all.filter((u) => u.status === 'broken');
    const out = { total: count(all), broken: { total: count(broken) } as { total: number; changeRequest?: number } };
    if (c.changeRequest) {
      const base = await this.reader.resolveRevision(c.space.spaceId, c.changeRequest.base);
      const baseIndex = await this.reader.linkIndex({ ...c, ...base });
      const wasBroken = (u: LinkUse) => linkStatus(u.target, base.structure) === 'broken';
      const before = new Set<string>();
      for (const [page, uses] of baseIndex.byPage) if (!pageId || page === pageId) for (const u of uses) if (wasBroken(u)) before.add(`${page}|${u.key}`);
      out.broken.changeRequest = broken.reduce((n, u) => n + u.pages.filter((p) => !before.has(`${p}|${u.key}`)).length, 0);
    }
    return out;
  }
}

/** Pages linking to a page or a file (reference list…PageBacklinks, list…FileBacklinks). */
export class ListBacklinksQuery extends Query<ListResponse<unknown>> {
  constructor(readonly spaceId: string, readonly target: ContentTarget, readonly userId: string, readonly of: { page: string } | { file: string }, readonly page: PageQuery) { super(); }
}

@QueryHandler(ListBacklinksQuery)
export class ListBacklinksHandler implements IQueryHandler<ListBacklinksQuery> {
  constructor(private readonly reader: ContentReader) {}

  async execute(q: ListBacklinksQuery) {
    const cursor = q.page.page ? decodeRevisionCursor(q.page.page) : null;
    const c = await this.reader.resolve(q.spaceId, cursor ? { kind: 'revision', revision: cursor.r } : q.target, q.userId);
    if ('page' in q.of && !c.tree.get(q.of.page)) throw new NotFound(`No page with id ${q.of.page} in this content`);
    if ('file' in q.of && !c.structure.files.get(q.of.file)) throw new NotFound(`No file with id ${q.of.file} in this content`);
    const pages = backlinks(await this.reader.linkIndex(c), q.of);
    const { revision: _r, ...list } = pageList(pages, (p) => [p], c.revision.id, q.page, cursor?.after);
    return { ...list, items: await Promise.all(list.items.map((page) => location(this.reader, c, { kind: 'page', page }))) };
  }
}
