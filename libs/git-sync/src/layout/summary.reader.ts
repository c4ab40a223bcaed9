import { unescapeMarkdown } from './markdown-escapes';

/**
 * `SUMMARY.md` as GitBook reads it: nested list items holding one link each are pages (their
 * nesting is the page tree); a `## Heading` starts a group that holds the items up to the next
 * heading. `# Table of contents`, text between items, and list items without a link are not
 * part of the tree.
 */
export interface SummaryItem {
  kind: 'item';
  title: string;
  /** The link destination as written (angle brackets removed, not yet decoded). */
  href: string;
  children: SummaryItem[];
}

export interface SummaryGroup {
  kind: 'group';
  title: string;
  /** From GitBook's heading anchor `<a href="#slug" id="slug"></a>`, when present. */
  slug?: string;
  children: SummaryItem[];
}

export type SummaryEntry = SummaryItem | SummaryGroup;

const ITEM = /^([ \t]*)[*+-][ \t]+(.*?)[ \t]*$/;
/** `[text](destination "optional title")`: text with escapes and one level of nested brackets. */
const LINK =
  /^\[((?:\\.|[^[\]\\]|\[(?:\\.|[^[\]\\])*\])*)\]\([ \t]*(<(?:\\.|[^<>\\\n])*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:[ \t]+(?:"[^"]*"|'[^']*'))?[ \t]*\)$/;
const HEADING = /^ {0,3}#{2,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
/** The anchor follows a blank, so an escaped `\<a …` in a title is text. */
const ANCHOR = /^(?:(.*?)[ \t]+)?<a href="#([^"]*)" id="[^"]*"><\/a>$/;

const width = (indent: string) => [...indent].reduce((w, c) => w + (c === '\t' ? 4 - (w % 4) : 1), 0);

export function readSummary(source: string): SummaryEntry[] {
  const top: SummaryEntry[] = [];
  let group: SummaryGroup | undefined;
  // Open items with their indentation; an item nests under the last one indented less.
  let open: { indent: number; item: SummaryItem }[] = [];
  let fenced = false;
  for (const line of source.split('\n')) {
    if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = HEADING.exec(line);
    if (heading) {
      const anchor = ANCHOR.exec(heading[1]);
      group = { kind: 'group', title: unescapeMarkdown(anchor ? (anchor[1] ?? '') : heading[1]), children: [] };
      if (anchor?.[2]) group.slug = anchor[2];
      top.push(group);
      open = [];
      continue;
    }
    const item = ITEM.exec(line);
    const link = item && LINK.exec(item[2]);
    if (!item || !link) continue;
    const indent = width(item[1]);
    const href = link[2].startsWith('<') ? link[2].slice(1, -1).replace(/\\([<>\\])/g, '$1') : link[2];
    const entry: SummaryItem = { kind: 'item', title: unescapeMarkdown(link[1]).trim(), href, children: [] };
    while (open.length && open[open.length - 1].indent >= indent) open.pop();
    const siblings = open.length ? open[open.length - 1].item.children : group ? group.children : top;
    siblings.push(entry);
    open.push({ indent, item: entry });
  }
  return top;
}
