import { PageEntry } from '../../domain/page';
import { markdownToDocument } from '../../domain/markdown/document';
import { renderPageMarkdown } from '../../domain/markdown/page-markdown';
import { WorkingTree } from '../../domain/tree';

/** Layout of every page: this server has no per-page layout settings (reference defaults). */
export const DEFAULT_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
} as const;

export type PageFormat = 'markdown' | 'document';

export interface PageRenderContext {
  tree: WorkingTree;
  body: (page: PageEntry) => string;
  /** App URL of a page path in this content (main, change request or revision). */
  appUrl: (path: string) => string;
  format: PageFormat;
}

/**
 * The reference RevisionPageDocument. The content is the page markdown (frontmatter, title,
 * body) or, with format=document, the rich-text document of its body.
 */
export function toPageView(p: PageEntry, ctx: PageRenderContext, withChildren = true): Record<string, unknown> {
  const path = ctx.tree.path(p.id);
  const body = ctx.body(p);
  return {
    id: p.id,
    title: p.title,
    kind: 'sheet',
    type: 'document',
    ...(p.emoji ? { emoji: p.emoji } : {}),
    ...(p.icon ? { icon: p.icon } : {}),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    urls: { app: ctx.appUrl(path) },
    slug: p.slug,
    path,
    ...(p.description ? { description: p.description } : {}),
    pages: withChildren ? ctx.tree.children(p.id).map((c) => toPageView(c, ctx)) : [],
    ...(p.git ? { git: p.git } : {}),
    layout: DEFAULT_LAYOUT,
    ...(p.hidden ? { hidden: true } : {}),
    ...(p.noIndex ? { noIndex: true } : {}),
    ...(p.noRobotsIndex ? { noRobotsIndex: true } : {}),
    documentId: p.doc, // the body's id: getDocumentById reads it
    ...(ctx.format === 'document' ? { document: markdownToDocument(body) } : { markdown: renderPageMarkdown(p, body) }),
  };
}
