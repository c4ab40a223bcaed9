import type { Nodes, Parents, PhrasingContent, Root } from 'mdast';
import { escapeMarkdownText } from './markdown-escape';
import { decodeHtml, escapeHtml, parseReply } from './segment-text';
import { countWords, hasLetters } from './words';

/** A glossary entry for one language pair: `source` in the text is always written `target`. */
export interface GlossaryTerm {
  source: string;
  target: string;
}

/** One run of inline content to translate (a paragraph, a heading, a table cell), as sent. */
export interface Segment {
  /** The text form (segment-text.ts): text escaped, markup as `<gN>…</gN>` and `<xN/>`. */
  text: string;
  /** Its text pieces alone (between the tags), each in text form: the fallback when a reply's tags do not add up. */
  pieces: string[];
  words: number;
}

type Part = { kind: 'text'; text: string } | { kind: 'open' | 'close' | 'atom'; n: number; md: string };

interface Container {
  /** Offsets of the inline content in the page's markdown. */
  start: number;
  end: number;
  parts: Part[];
  groups: number;
  atoms: number;
  inTable: boolean;
  words: number;
}

/** Blocks holding inline content. Everything else (code, HTML, math, GitBook tags, frontmatter) is never sent. */
const CONTAINERS = new Set(['paragraph', 'heading', 'tableCell']);
/** Inline nodes whose children are text to translate: the markup around it is kept as a group. */
const WRAPPERS = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference']);

const offsets = (n: Nodes): [number, number] | null => {
  const s = n.position?.start.offset;
  const e = n.position?.end.offset;
  return s === undefined || e === undefined ? null : [s, e];
};

function glossaryPattern(terms: readonly GlossaryTerm[]): RegExp | null {
  const sources = [...new Set(terms.map((t) => t.source))].sort((a, b) => b.length - a.length);
  if (!sources.length) return null;
  const alternation = sources.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  // Whole words only: "Space" is not inside "Spaces" or "Workspace".
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation})(?![\\p{L}\\p{N}])`, 'giu');
}

/**
 * A page's markdown cut into segments for the translator, and put together again from its
 * replies. Only text is ever replaced: code, URLs, HTML, GitBook tags and the page's
 * frontmatter keep their exact characters, and glossary terms are replaced by their
 * translation without the translator seeing them.
 */
export class SegmentedPage {
  readonly segments: Segment[];
  private readonly containers: Container[] = [];
  /** Whether the block being read is a table cell (where a glossary term's `|` is escaped too). */
  private inTable = false;

  constructor(
    private readonly markdown: string,
    root: Root,
    glossary: readonly GlossaryTerm[],
  ) {
    const pattern = glossaryPattern(glossary);
    const targets = new Map(glossary.map((t) => [t.source.toLocaleLowerCase(), t.target]));
    const stack: Nodes[] = [root];
    const found: Container[] = [];
    while (stack.length) {
      const node = stack.pop()!;
      if (CONTAINERS.has(node.type)) {
        const c = this.container(node as Parents, node.type === 'tableCell', pattern, targets);
        if (c) found.push(c);
        continue;
      }
      if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
    this.containers = found;
    this.segments = found.map((c) => {
      const text = c.parts.map((p) =>
        p.kind === 'text' ? escapeHtml(p.text) : p.kind === 'atom' ? `<x${p.n}/>` : p.kind === 'open' ? `<g${p.n}>` : `</g${p.n}>`,
      );
      const pieces = c.parts.flatMap((p) => (p.kind === 'text' && hasLetters(p.text) ? [escapeHtml(p.text)] : []));
      return { text: text.join(''), pieces, words: c.words };
    });
  }

  get words(): number {
    return this.segments.reduce((n, s) => n + s.words, 0);
  }

  /** The inline markdown for segment `i` from a reply, or null when the reply's tags do not add up. */
  render(i: number, reply: string): string | null {
    const c = this.containers[i];
    const tokens = parseReply(reply.trim(), c.groups, c.atoms);
    // A reply without a letter lost the text (a heading would lose its title): not written either.
    if (!tokens?.some((t) => t.kind === 'text' && hasLetters(t.text))) return null;
    const opens = new Map<number, string>();
    const closes = new Map<number, string>();
    const atoms = new Map<number, string>();
    for (const p of c.parts) if (p.kind !== 'text') (p.kind === 'open' ? opens : p.kind === 'close' ? closes : atoms).set(p.n, p.md);
    let first = true;
    return tokens
      .map((t) => {
        const out =
          t.kind === 'text'
            ? escapeMarkdownText(t.text, { atLineStart: first, inTable: c.inTable })
            : (t.kind === 'open' ? opens : t.kind === 'close' ? closes : atoms).get(t.n)!;
        first = false;
        return out;
      })
      .join('');
  }

  /** The inline markdown for segment `i` from replies to its pieces (in order): its markup as it was, its text translated. */
  renderPieces(i: number, replies: readonly string[]): string {
    const c = this.containers[i];
    let k = 0;
    return c.parts
      .map((p, j) => {
        if (p.kind !== 'text') return p.md;
        const answer = hasLetters(p.text) ? replies[k++] : undefined;
        const reply = answer !== undefined && hasLetters(answer) ? answer : undefined;
        // A reply to a piece is text: tags a translator added anyway are dropped.
        // The piece's own spacing is kept: it separates it from the markup around it.
        const text = reply === undefined ? p.text : `${/^\s*/.exec(p.text)![0]}${decodeHtml(reply.replace(/<[^>]*>/g, '')).trim()}${/\s*$/.exec(p.text)![0]}`;
        return escapeMarkdownText(text, { atLineStart: j === 0, inTable: c.inTable });
      })
      .join('');
  }

  /** The page's markdown with segment `i` replaced by `inline[i]` (null keeps it as written). */
  assemble(inline: ReadonlyArray<string | null>): string {
    let out = '';
    let cursor = 0;
    this.containers.forEach((c, i) => {
      const replacement = inline[i];
      if (replacement === null || replacement === undefined) return;
      out += this.markdown.slice(cursor, c.start) + replacement;
      cursor = c.end;
    });
    return out + this.markdown.slice(cursor);
  }

  private container(node: Parents, inTable: boolean, pattern: RegExp | null, targets: Map<string, string>): Container | null {
    const children = node.children as PhrasingContent[];
    if (!children.length) return null;
    const first = offsets(children[0]);
    const last = offsets(children[children.length - 1]);
    if (!first || !last) return null;
    const parts: Part[] = [];
    const counter = { groups: 0, atoms: 0, words: 0 };
    this.inTable = inTable;
    if (!this.inline(children, parts, counter, pattern, targets)) return null;
    if (!parts.some((p) => p.kind === 'text' && hasLetters(p.text))) return null;
    return { start: first[0], end: last[1], parts, groups: counter.groups, atoms: counter.atoms, inTable, words: counter.words };
  }

  /** Appends the parts of inline nodes; false when a node has no position (then the block is left as it is). */
  private inline(
    nodes: readonly PhrasingContent[],
    parts: Part[],
    counter: { groups: number; atoms: number; words: number },
    pattern: RegExp | null,
    targets: Map<string, string>,
  ): boolean {
    for (const node of nodes) {
      const at = offsets(node);
      if (!at) return false;
      if (node.type === 'text') {
        counter.words += countWords(node.value);
        this.text(node.value, parts, counter, pattern, targets);
        continue;
      }
      const kids = 'children' in node ? node.children : [];
      const inner = kids.length ? [offsets(kids[0]), offsets(kids[kids.length - 1])] : [];
      // Autolinks (`<https://…>`, a bare `www.…`) are URLs, not a label: kept whole.
      const wrapped = WRAPPERS.has(node.type) && inner.length && inner[0] && inner[1] && !(node.type === 'link' && this.markdown[at[0]] !== '[');
      if (!wrapped) {
        parts.push({ kind: 'atom', n: ++counter.atoms, md: this.markdown.slice(at[0], at[1]) });
        continue;
      }
      const n = ++counter.groups;
      parts.push({ kind: 'open', n, md: this.markdown.slice(at[0], inner[0]![0]) });
      if (!this.inline(kids, parts, counter, pattern, targets)) return false;
      parts.push({ kind: 'close', n, md: this.markdown.slice(inner[1]![1], at[1]) });
    }
    return true;
  }

  /** A text node's value, with each glossary term as an atom written as its translation. */
  private text(value: string, parts: Part[], counter: { atoms: number }, pattern: RegExp | null, targets: Map<string, string>): void {
    let cursor = 0;
    for (const m of pattern ? value.matchAll(pattern) : []) {
      if (m.index > cursor) parts.push({ kind: 'text', text: value.slice(cursor, m.index) });
      const target = targets.get(m[0].toLocaleLowerCase()) ?? m[0];
      parts.push({ kind: 'atom', n: ++counter.atoms, md: escapeMarkdownText(target, { atLineStart: false, inTable: this.inTable }) });
      cursor = m.index + m[0].length;
    }
    if (cursor < value.length) parts.push({ kind: 'text', text: value.slice(cursor) });
  }
}
