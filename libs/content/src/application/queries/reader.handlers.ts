import { createHash } from 'crypto';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFound, ReadStore } from '@app/platform';
import { renderReaderPage } from '../../domain/markdown/html/render-reader-page';
import { classifyTarget, rewriteLinks } from '../../domain/markdown/links';
import { renderPageMarkdown } from '../../domain/markdown/page-markdown';
import { includedIds } from '../../domain/reusable-content';
import { dereferenceMarkdown } from '../../domain/reusable-content-document';
import { ReusableEntry } from '../../domain/page';
import { WorkingTree } from '../../domain/tree';
import { contentTypeOf } from '../../http/file-inspection';
import { Lru } from '../storage/lru';
import { ContentReader } from './content-reader';
import { HEADS, HeadDoc } from './content.projection';
import { GetReaderContentQuery, GetReaderFileQuery, GetReaderPageQuery, ReaderContent, ReaderLinks, ReaderPage, ReaderPageBody } from './reader.queries';

/**
 * The content seam of the delivery level (published sites, search, URL resolution). No caller
 * is checked here: delivery decides who may see a site before it asks (see reader.queries.ts).
 */
@QueryHandler(GetReaderContentQuery)
export class GetReaderContentHandler implements IQueryHandler<GetReaderContentQuery> {
  /** A revision never changes: its page list is built once and shared (frozen) by every reader. */
  private readonly byRevision = new Lru<string, ReaderContent>(64);

  constructor(
    private readonly store: ReadStore,
    private readonly reader: ContentReader,
  ) {}

  async execute(q: GetReaderContentQuery): Promise<ReaderContent> {
    const revisionId = q.revisionId ?? (await this.store.get<HeadDoc>(HEADS, q.spaceId))?.revision;
    if (!revisionId) throw new NotFound(`No space with id ${q.spaceId}`);
    const cached = this.byRevision.get(revisionId);
    if (cached && cached.spaceId === q.spaceId) return cached;
    const { tree, structure } = await this.reader.resolveRevision(q.spaceId, revisionId);
    const pages = readerPages(tree, reusablesVersion(structure.reusables));
    const content: ReaderContent = Object.freeze({ spaceId: q.spaceId, revisionId, pages: Object.freeze(pages) as ReaderPage[] });
    this.byRevision.set(revisionId, content);
    return content;
  }
}

/** One value for the reusable contents of a revision (empty when it has none), part of every page's bodyVersion. */
export function reusablesVersion(reusables: ReadonlyMap<string, ReusableEntry> | undefined): string {
  if (!reusables?.size) return '';
  const hash = createHash('sha256');
  for (const [id, r] of [...reusables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(`${id}\0${r.doc}\0`);
  return hash.digest('base64url').slice(0, 22);
}

/** Pages in document order (each followed by its subtree), with depth and full path; no recursion. */
export function readerPages(tree: WorkingTree, reusables = ''): ReaderPage[] {
  const out: ReaderPage[] = [];
  // Depth first: children are pushed in reverse so the first child is visited first.
  const frames: Array<{ id: string; depth: number; prefix: string }> = [];
  const push = (parent: string | null, depth: number, prefix: string) => {
    const kids = tree.children(parent);
    for (let i = kids.length - 1; i >= 0; i--) frames.push({ id: kids[i].id, depth, prefix });
  };
  push(null, 0, '');
  while (frames.length) {
    const f = frames.pop()!;
    const p = tree.get(f.id)!;
    const path = f.prefix ? `${f.prefix}/${p.slug}` : p.slug;
    out.push(
      Object.freeze({
        id: p.id,
        parentId: p.parent,
        depth: f.depth,
        kind: 'sheet' as const,
        title: p.title,
        description: p.description || null,
        emoji: p.emoji || null,
        path,
        href: null,
        hidden: p.hidden === true,
        noIndex: p.noIndex === true,
        noRobotsIndex: p.noRobotsIndex === true,
        condition: p.condition?.trim() ? p.condition : null,
        updatedAt: p.updatedAt,
        bodyVersion: reusables ? `${p.doc}.${reusables}` : p.doc,
      }),
    );
    push(p.id, f.depth + 1, path);
  }
  return out;
}

@QueryHandler(GetReaderPageQuery)
export class GetReaderPageHandler implements IQueryHandler<GetReaderPageQuery> {
  constructor(private readonly reader: ContentReader) {}

  async execute(q: GetReaderPageQuery): Promise<ReaderPageBody> {
    const { structure, tree } = await this.reader.resolveRevision(q.spaceId, q.revisionId);
    const page = tree.get(q.pageId);
    if (!page) throw new NotFound(`No page with id ${q.pageId} in revision ${q.revisionId}`);
    const body = await this.withIncludes(await this.reader.revisions.body(page.doc, 'read'), structure.reusables);
    const rendered = renderReaderPage(body, page.title, {
      links: q.links,
      pageTitle: (id) => tree.get(id)?.title,
      fileName: (id) => structure.files.get(id)?.name,
    });
    return { pageId: page.id, revisionId: q.revisionId, markdown: renderPageMarkdown(page, readerMarkdown(body, q.links)), ...rendered };
  }

  /** The body with its reusable contents included in place (one level, as GetRenderedPageQuery does). */
  private async withIncludes(body: string, reusables: ReadonlyMap<string, { doc: string }> | undefined): Promise<string> {
    const ids = includedIds(body);
    if (!ids.length) return body;
    const entries = [...new Set(ids)].flatMap((id) => {
      const r = reusables?.get(id);
      return r ? [[id, r.doc] as const] : [];
    });
    const texts = await Promise.all(entries.map(([, doc]) => this.reader.revisions.body(doc, 'read')));
    const included = new Map(entries.map(([id], i) => [id, texts[i]]));
    return dereferenceMarkdown(body, (id) => included.get(id));
  }
}

/** Markdown for readers (`<page>.md`): stored page and file links point where the site serves them. */
export function readerMarkdown(body: string, links: ReaderLinks): string {
  if (!/\/(?:pages|files)\//.test(body)) return body; // no stored link: skip the second parse
  return rewriteLinks(body, (link) => {
    const t = classifyTarget(link.target);
    if (t.kind === 'page') return links.page(t.page, t.anchor);
    if (t.kind === 'file') return links.file(t.file);
    return null;
  });
}

@QueryHandler(GetReaderFileQuery)
export class GetReaderFileHandler implements IQueryHandler<GetReaderFileQuery> {
  constructor(private readonly reader: ContentReader) {}

  async execute(q: GetReaderFileQuery) {
    const { structure } = await this.reader.resolveRevision(q.spaceId, q.revisionId);
    const file = structure.files.get(q.fileId);
    if (!file) return null;
    const bytes = await this.reader.revisions.bytes(file.blob, 'read');
    // Typed from the bytes where they carry a signature, as downloads are.
    return { name: file.name, contentType: await contentTypeOf(bytes, file.contentType), bytes };
  }
}
