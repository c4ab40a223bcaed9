import type { Nodes, Parents, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown, mathToMarkdown } from 'mdast-util-math';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { gitbookTagFromMarkdown, gitbookTagSyntax, gitbookTagToMarkdown } from './gitbook-tag.syntax';

/**
 * The one markdown dialect of this server: CommonMark + GFM (tables, task lists, strikethrough,
 * autolinks, footnotes), `$$` math and GitBook's `{% … %}` block tags, after YAML frontmatter.
 * Math takes `$$…$$` only: a single `$` stays a dollar sign, as prices in prose are common.
 * Frontmatter is cut here rather than by micromark-extension-frontmatter, which on a document
 * opening with a thematic break (`---`) and no closing fence misreads the blocks after it.
 */
// Its first line must be a `key:`: a page body opening with a `---` break and holding another is not frontmatter.
const FRONTMATTER = /^---[ \t]*\r?\n(?=[A-Za-z_][\w.-]*[ \t]*:(?:[ \t]|\r?\n))[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

/** Frontmatter blanked out (same length, line breaks kept, so offsets into the text still hold). */
const withoutFrontmatter = (markdown: string): string => markdown.replace(FRONTMATTER, (fm) => fm.replace(/[^\r\n]/g, ' '));
const MATH = { singleDollarTextMath: false };
const parseOptions = {
  extensions: [gfm(), math(MATH), gitbookTagSyntax],
  mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown(), gitbookTagFromMarkdown],
};

/**
 * Input the parser is not given, read as plain paragraphs instead: micromark's emphasis and
 * label matching are quadratic in the delimiters of one block, and its container handling in
 * the nesting depth, so a hostile page of a few hundred kilobytes could hold the event loop for
 * minutes. Real documents stay far below these bounds (the corpus test's largest block has ~600
 * delimiter runs).
 */
export const LIMITS = { blockChars: 200_000, blockDelimiters: 4_000, indent: 256, containers: 64 };

function tooComplex(markdown: string): boolean {
  for (const block of markdown.split(/\n[ \t\r]*\n/)) {
    if (block.length > LIMITS.blockChars) return true;
    if (block.length > LIMITS.blockDelimiters && (block.match(/[*_~]+|[[\]]/g)?.length ?? 0) > LIMITS.blockDelimiters) return true;
  }
  const containers = new RegExp(`^[ \\t]{${LIMITS.indent},}|^(?:[ \\t]*(?:[-*+>]|\\d{1,9}[.)])(?=[ \\t]|$)){${LIMITS.containers}}`, 'm');
  return containers.test(markdown);
}

/** Text as plain paragraphs, for input the parser cannot take (see LIMITS, and nesting deep enough to overflow its stack). */
function plainText(markdown: string): Root {
  const paragraphs = markdown.split(/\r?\n[ \t\r]*\n/).filter((p) => p.trim() !== '');
  return { type: 'root', children: paragraphs.map((p) => ({ type: 'paragraph', children: [{ type: 'text', value: p.trim() }] })) };
}

/** Parses markdown; never throws (unparseable input reads as plain text). Positions are offsets into the text as given. */
export function parseMarkdown(markdown: string): Root {
  const text = withoutFrontmatter(markdown);
  if (tooComplex(text)) return plainText(text);
  try {
    return fromMarkdown(text, parseOptions);
  } catch (e) {
    if (e instanceof RangeError) return plainText(text);
    throw e;
  }
}

/** Every `$` next to another one is escaped (mdast-util-math escapes only the first of `$$$`, leaving `$$` to open math). */
const DOLLAR_RUN = { character: '$', before: '\\$', inConstruct: 'phrasing' as const };

const serializeOptions = {
  // Tables are not padded into aligned columns: one long cell would widen every row of a big table.
  extensions: [gfmToMarkdown({ tablePipeAlign: false }), mathToMarkdown(MATH), gitbookTagToMarkdown, { unsafe: [DOLLAR_RUN] }],
  bullet: '-' as const,
  // The marker of a list right after another list; not `*`, which with a `***` rule first in an item would read as a rule.
  bulletOther: '+' as const,
  emphasis: '*' as const,
  strong: '*' as const,
  fence: '`' as const,
  fences: true,
  // `***`, not `---`: a document opening with two `---` breaks would read as frontmatter.
  rule: '*' as const,
  listItemIndent: 'one' as const,
  // In a tight list item only a nested list may follow a paragraph without a blank line: a
  // table or code after a quote, say, would otherwise read as the quote's lazy continuation.
  join: [(left: Nodes, right: Nodes, parent: Parents) => (parent.type === 'listItem' && !(left.type === 'paragraph' && right.type === 'list') ? 1 : undefined)],
};

/** Markdown of a tree, without the trailing newline. */
export function serializeMarkdown(root: Root): string {
  return toMarkdown(root, serializeOptions).replace(/\n+$/, '');
}
