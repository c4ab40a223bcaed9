import { toHast, type Handler, type Handlers } from 'mdast-util-to-hast';
import { toHtml } from 'hast-util-to-html';
import type { Root as HastRoot } from 'hast';
import { ReaderTree } from './reader-tree';
import { ReaderElement, readerElementHandler, ReaderHeading, ReaderRenderOptions } from './reader-nodes';
import { sanitizeReaderHtml } from './reader-sanitize';
import { ReaderSection, sectionsOf } from './reader-sections';

const HANDLERS = { readerElement: ((state, node) => readerElementHandler(state, node as ReaderElement)) satisfies Handler } as unknown as Handlers;

export interface RenderedReaderPage {
  html: string;
  headings: ReaderHeading[];
  sections: ReaderSection[];
}

/**
 * A page body for readers, through the unified stack: markdown → mdast (this server's one
 * parser) → reader tree (GitBook constructs, links, anchors) → hast (mdast-util-to-hast) →
 * sanitized hast (hast-util-sanitize, READER_SCHEMA) → HTML (hast-util-to-html). Pure: no I/O,
 * links and names come from `opts`.
 */
export function renderReaderPage(markdown: string, title: string, opts: ReaderRenderOptions): RenderedReaderPage {
  const reader = new ReaderTree(opts);
  const tree = reader.build(markdown);
  // Footnote ids keep mdast-util-to-hast's `user-content-` prefix, which no heading anchor has.
  const hast = toHast(tree, { handlers: HANDLERS, clobberPrefix: 'user-content-' }) as HastRoot;
  return { html: toHtml(sanitizeReaderHtml(hast)), headings: reader.headings, sections: sectionsOf(tree, title) };
}
