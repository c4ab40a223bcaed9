import type { Nodes, Root } from 'mdast';

export interface ReaderSection {
  anchor: string | null;
  title: string;
  text: string;
}

/** Blocks after which the text breaks a line (so words of two blocks never run together). */
const BLOCKS = new Set(['paragraph', 'heading', 'code', 'math', 'tableCell', 'listItem', 'thematicBreak', 'readerElement', 'html']);

const tidy = (text: string) =>
  text
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();

/**
 * The plain text of a reader tree cut at its headings, for search: what comes before the first
 * heading (under the page title), then one section per heading, named by the heading's anchor.
 * Code, math, image alternatives, tab titles and captions count as text; markup does not.
 */
export function sectionsOf(root: Root, pageTitle: string): ReaderSection[] {
  const sections: ReaderSection[] = [{ anchor: null, title: pageTitle, text: '' }];
  const parts: string[][] = [[]];
  const walk = (n: Nodes): void => {
    if (n.type === 'heading') {
      const id = (n.data?.hProperties as { id?: string } | undefined)?.id ?? null;
      const title: string[] = [];
      collect(n, title);
      sections.push({ anchor: id, title: tidy(title.join('')), text: '' });
      parts.push([]);
      return;
    }
    if ('value' in n && n.type !== 'html' && n.type !== 'yaml' && n.type !== 'gitbookTag') parts[parts.length - 1].push(n.value);
    else if (n.type === 'image') parts[parts.length - 1].push(n.alt ?? '');
    else if (n.type === 'break') parts[parts.length - 1].push('\n');
    else if ('children' in n)
      for (const c of n.children) {
        walk(c);
        // A container's parts (an image and its caption, a summary and its body) are separate lines.
        if (isElement(n)) parts[parts.length - 1].push('\n');
      }
    if (BLOCKS.has(n.type)) parts[parts.length - 1].push('\n');
  };
  walk(root);
  return sections.map((s, i) => ({ ...s, text: tidy(parts[i].join('')) }));
}

const isElement = (n: Nodes) => (n.type as string) === 'readerElement';

function collect(n: Nodes, out: string[]): void {
  if ('value' in n) out.push(n.value);
  else if (n.type === 'image') out.push(n.alt ?? '');
  else if ('children' in n) for (const c of n.children) collect(c, out);
}
