import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFound } from '@app/platform';
import { renderPageMarkdown } from '../../domain/markdown/page-markdown';
import { PageEntry } from '../../domain/page';
import { includedIds } from '../../domain/reusable-content';
import { dereferenceDocument, dereferenceMarkdown } from '../../domain/reusable-content-document';
import { ContentReader, ContentTarget, ResolvedContent } from './content-reader';
import { documentOf } from './document.queries';
import { PageFormat } from './page.view';

/**
 * A page (with its subpages) as getPageById & co. answer it, where reusable contents show:
 * with format=document an include line is a `reusable-content` block; with
 * `dereferenced=true|reusable-contents` the included content itself takes its place (in the
 * document, or in the markdown). Pages without includes are answered as the page view has them.
 */
export class GetRenderedPageQuery extends Query<Record<string, unknown>> {
  constructor(
    readonly spaceId: string,
    readonly target: ContentTarget,
    readonly userId: string,
    readonly page: { id: string } | { path: string },
    readonly format: PageFormat,
    readonly dereference: boolean,
  ) {
    super();
  }
}

type View = Record<string, unknown> & { id: string; pages?: View[] };

@QueryHandler(GetRenderedPageQuery)
export class GetRenderedPageHandler implements IQueryHandler<GetRenderedPageQuery> {
  constructor(private readonly reader: ContentReader) {}

  async execute(q: GetRenderedPageQuery) {
    const c = await this.reader.resolve(q.spaceId, q.target, q.userId);
    const page = 'id' in q.page ? c.tree.get(q.page.id) : c.tree.byPath(q.page.path);
    if (!page) throw new NotFound('id' in q.page ? `No page with id ${q.page.id} in this content` : `No page at path "${q.page.path}" in this content`);
    const [view] = (await this.reader.pageViews(c, [page], q.format)) as View[];
    const pages = [page, ...c.tree.descendants(page.id).map((id) => c.tree.get(id)!)];
    const bodies = await this.reader.bodies(pages);
    const withIncludes = pages.filter((p) => includedIds(bodies.get(p.doc) ?? '').length);
    if (!withIncludes.length) return view;
    const included = q.dereference
      ? await this.includedBodies(
          c,
          withIncludes.map((p) => bodies.get(p.doc)!),
        )
      : new Map<string, string>();
    const render = (p: PageEntry, v: View): View => {
      const body = bodies.get(p.doc) ?? '';
      if (q.format === 'document') {
        const doc = documentOf(body);
        return { ...v, document: q.dereference ? dereferenceDocument(doc, (id) => (included.has(id) ? documentOf(included.get(id)!) : undefined)) : doc };
      }
      return q.dereference
        ? {
            ...v,
            markdown: renderPageMarkdown(
              p,
              dereferenceMarkdown(body, (id) => included.get(id)),
            ),
          }
        : v;
    };
    const ids = new Set(withIncludes.map((p) => p.id));
    const walk = (v: View): View => {
      const self = ids.has(v.id) ? render(c.tree.get(v.id)!, v) : v;
      return v.pages?.length ? { ...self, pages: v.pages.map(walk) } : self;
    };
    return walk(view);
  }

  /** Bodies of the reusable contents these page bodies include, by reusable content id. */
  private async includedBodies(c: ResolvedContent, bodies: string[]): Promise<Map<string, string>> {
    const entries = [...new Set(bodies.flatMap(includedIds))].flatMap((id) => c.structure.reusables?.get(id) ?? []);
    const texts = await Promise.all(entries.map((r) => this.reader.revisions.body(r.doc, 'read')));
    return new Map(entries.map((r, i) => [r.id, texts[i]]));
  }
}
