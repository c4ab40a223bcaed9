import { documentToMdast } from './document-to-mdast';
import { JsonDocument } from './document-nodes';
import { parseMarkdown, serializeMarkdown } from './markdown-syntax';
import { mdastToDocument } from './mdast-to-document';

/**
 * Markdown ⇄ the reference rich-text document (JSONDocument), through one syntax tree (mdast):
 * markdown-syntax.ts reads and writes the dialect, mdast-to-document.ts and
 * document-to-mdast.ts are the one mapping in each direction. Links become content refs (page,
 * anchor, file or url), so a document link to a page follows the page by id.
 */
export type {
  BlockData,
  BlockNode,
  BlockType,
  ColumnAlignment,
  ContentRef,
  Fragment,
  HintStyle,
  ImageRef,
  InlineData,
  InlineNode,
  InlineType,
  JsonDocument,
  Leaf,
  Mark,
  TableDefinition,
  TableRecord,
  TextNode,
} from './document-nodes';
export { MARKS } from './document-nodes';
/** Re-keys a document assembled from several conversions (keys restart at each one). */
export { withKeys } from './document-builders';

export function markdownToDocument(markdown: string): JsonDocument {
  return mdastToDocument(parseMarkdown(markdown.replace(/\r\n?/g, '\n')));
}

/** Markdown of a JSONDocument; 400 naming the node for anything it cannot read. */
export function documentToMarkdown(doc: unknown, field: string): string {
  return serializeMarkdown(documentToMdast(doc, field));
}
