import type { RootContent } from 'mdast';
import type { Element, Properties } from 'hast';
import type { State } from 'mdast-util-to-hast';

/** Where a page's links and images point for readers (the delivery side's URLs). */
export interface LinkTargets {
  /** URL of another page of the space; null: the link is shown as its text. */
  page(pageId: string, anchor?: string): string | null;
  /** URL serving a file's bytes. */
  file(fileId: string): string;
}

export interface ReaderRenderOptions {
  links: LinkTargets;
  /** Title of a page of the space (content-ref cards); undefined when unknown. */
  pageTitle?: (pageId: string) => string | undefined;
  /** Name of a file of the space (file blocks); undefined when unknown. */
  fileName?: (fileId: string) => string | undefined;
}

export interface ReaderHeading {
  level: 1 | 2 | 3;
  title: string;
  anchor: string;
}

/**
 * A container the reader tree adds to mdast (hint, tabs, figure, details…): an element named
 * by its `data`, as mdast-util-to-hast reads `hName`/`hProperties`, holding mdast children.
 */
export interface ReaderElement {
  type: 'readerElement';
  data: { hName: string; hProperties: Properties };
  children: RootContent[];
}

export function element(tagName: string, className: string[], children: RootContent[], props: Properties = {}): RootContent {
  const node: ReaderElement = {
    type: 'readerElement',
    data: { hName: tagName, hProperties: { ...(className.length ? { className } : {}), ...props } },
    children,
  };
  return node as unknown as RootContent;
}

const BLOCKS = new Set(['paragraph', 'heading', 'list', 'code', 'blockquote', 'table', 'thematicBreak', 'math', 'readerElement']);

/** mdast-util-to-hast handler of reader elements. */
export function readerElementHandler(state: State, node: ReaderElement): Element {
  const children = state.all(node as never);
  // Block containers get line breaks between their blocks, as mdast-util-to-hast does for its own.
  const block = node.children.some((c) => BLOCKS.has(c.type));
  const result: Element = {
    type: 'element',
    tagName: node.data.hName,
    properties: { ...node.data.hProperties },
    children: block ? state.wrap(children, true) : children,
  };
  state.patch(node as never, result);
  return result;
}
