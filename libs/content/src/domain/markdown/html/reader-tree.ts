import type { Blockquote, Code, Heading, Html, PhrasingContent, Root, RootContent } from 'mdast';
import { attr, Grouped, groupBlocks, parseTag, tabItems, Tag } from '../gitbook-blocks';
import { headingAnchor, isComment, parseFigures } from '../html-snippets';
import { classifyTarget } from '../links';
import { parseMarkdown } from '../markdown-syntax';
import { codeAttributes, definitionsOf } from '../mdast-blocks';
import { plain } from '../mdast-text';
import { HeadingSlugs } from './heading-slugs';
import { ReaderInlines } from './reader-inlines';
import { element, ReaderHeading, ReaderRenderOptions } from './reader-nodes';

const HINT_STYLES = ['info', 'success', 'warning', 'danger'];
// GitHub's alerts (`> [!WARNING]`) are GitHub's hints, as in the document mapping.
const ALERTS: Record<string, string> = { NOTE: 'info', TIP: 'success', IMPORTANT: 'info', WARNING: 'warning', CAUTION: 'danger' };
/** Beyond this many nested containers the rest is plain text (hostile input must not overflow the stack). */
const MAX_NESTING = 48;

type Phrasing = PhrasingContent;
const txt = (value: string): Phrasing => ({ type: 'text', value });

/**
 * mdast of a page body → mdast ready for mdast-util-to-hast: GitBook's tags and HTML snippets
 * become `readerElement` containers (hint, tabs, code titles, embed, file, content-ref, details,
 * figures), headings get unique anchors, other HTML stays visible as code, never markup, as in
 * the document mapping; inline content and link targets are ReaderInlines' part.
 */
export class ReaderTree {
  readonly headings: ReaderHeading[] = [];
  private readonly slugs = new HeadingSlugs();
  private inlines: ReaderInlines;

  constructor(private readonly opts: ReaderRenderOptions) {
    this.inlines = new ReaderInlines(opts.links, new Map());
  }

  build(markdown: string): Root {
    const root = parseMarkdown(markdown);
    this.inlines = new ReaderInlines(this.opts.links, definitionsOf(root).definitions);
    return { type: 'root', children: this.blocks(root.children, 0) };
  }

  private blocks(children: RootContent[], depth: number): RootContent[] {
    if (depth > MAX_NESTING) return [{ type: 'paragraph', children: [txt(children.map(plain).join('\n'))] }];
    return groupBlocks(children).flatMap((g) => this.grouped(g, depth));
  }

  private grouped(g: Grouped, depth: number): RootContent[] {
    if (g.kind === 'node') return this.node(g.node, depth);
    if (g.kind === 'tag') return this.tag(g.tag, g.children, depth);
    const body = [...(g.inner ? parseMarkdown(g.inner).children : []), ...g.children];
    return [element('details', [], [element('summary', [], [txt(g.title)]), ...this.blocks(body, depth + 1)])];
  }

  private tag(tag: Tag, children: RootContent[], depth: number): RootContent[] {
    switch (tag.name) {
      case 'hint': {
        const style = HINT_STYLES.find((s) => s === attr(tag, 'style')) ?? 'info';
        return [element('div', ['hint', `hint-${style}`], this.blocks(children, depth + 1), { role: 'note' })];
      }
      case 'tabs':
      case 'tab':
        return [element('div', ['tabs'], this.tabs(tag.name === 'tab' ? [{ kind: 'tag', tag, children }] : groupBlocks(children), depth))];
      case 'code':
        return this.blocks(children, depth).map((b) => (b.type === 'code' ? this.code(b, codeAttributes(tag)) : b));
      case 'embed': {
        const url = attr(tag, 'url');
        const href = url ? this.inlines.href(url) : null;
        return href ? [element('div', ['embed'], [this.anchor(href, ['embed-link'], [txt(url!)])])] : [];
      }
      case 'file':
        return this.file(attr(tag, 'src') ?? '', depth);
      default: {
        const url = attr(tag, 'url');
        return url !== undefined ? [this.contentRef(url, children)] : this.blocks(children, depth);
      }
    }
  }

  private tabs(groups: Grouped[], depth: number): RootContent[] {
    const items = tabItems(groups);
    // Open details: every tab reads without script; the page may turn them into tabs.
    return items.map((t) => element('details', ['tabs-item'], [element('summary', [], [txt(t.title)]), ...this.blocks(t.children, depth + 1)], { open: true }));
  }

  private file(src: string, depth: number): RootContent[] {
    const target = classifyTarget(src);
    if (target.kind !== 'file') return this.blocks([{ type: 'paragraph', children: [{ type: 'link', url: src, children: [txt(src)] }] }], depth);
    const name = this.opts.fileName?.(target.file) ?? target.file;
    return [element('div', ['file'], [this.anchor(this.opts.links.file(target.file), ['file-link'], [txt(name)])])];
  }

  private contentRef(url: string, children: RootContent[]): RootContent {
    const target = classifyTarget(url);
    const label = children.map(plain).join(' ').trim();
    const title = (target.kind === 'page' ? this.opts.pageTitle?.(target.page) : undefined) ?? (label || url);
    const href = this.inlines.href(url);
    return element('div', ['content-ref'], [href ? this.anchor(href, ['content-ref-link'], [txt(title)]) : element('span', [], [txt(title)])]);
  }

  private code(n: Code, data: { title?: unknown; lineNumbers?: unknown; overflow?: unknown }): RootContent {
    const title =
      typeof data.title === 'string'
        ? data.title
        : /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/
            .exec(n.meta ?? '')
            ?.slice(1)
            .find((v) => v);
    const classes = ['code-block', ...(data.lineNumbers ? ['line-numbers'] : []), ...(data.overflow === 'wrap' ? ['wrap'] : [])];
    if (!title && classes.length === 1) return n;
    return element('figure', classes, [...(title ? [element('figcaption', [], [txt(title)])] : []), { ...n, meta: null }]);
  }

  private node(n: RootContent, depth: number): RootContent[] {
    switch (n.type) {
      case 'paragraph':
        return [{ ...n, children: this.inlines.phrasing(n.children) }];
      case 'heading':
        return [this.heading(n)];
      case 'blockquote':
        return [this.quote(n, depth)];
      case 'list':
        return [{ ...n, children: n.children.map((i) => ({ ...i, children: this.blocks(i.children, depth + 1) as typeof i.children })) }];
      case 'listItem':
      case 'footnoteDefinition':
        return [{ ...n, children: this.blocks(n.children, depth + 1) as typeof n.children }];
      case 'code':
        return [this.code(n, {})];
      case 'html':
        return this.html(n);
      case 'table':
        return [
          { ...n, children: n.children.map((r) => ({ ...r, children: r.children.map((c) => ({ ...c, children: this.inlines.phrasing(c.children) })) })) },
        ];
      case 'gitbookTag':
        // An include left here names a reusable content the space no longer has: nothing to show.
        // Any other tag this server does not know stays visible.
        return parseTag(n.value)?.name === 'include' ? [] : [{ type: 'paragraph', children: [txt(n.value)] }];
      case 'definition':
      case 'yaml':
        return [];
      default:
        return [n];
    }
  }

  private heading(n: Heading): Heading {
    const children = [...n.children];
    // `## Title <a href="#id" id="id"></a>`: GitBook's explicit anchor, not text.
    const tail = children.slice(-2);
    const id = tail.length === 2 && tail.every((c) => c.type === 'html') ? headingAnchor(tail.map((c) => c.value).join('')) : null;
    if (id) children.splice(-2, 2);
    const last = children[children.length - 1];
    if (id && last?.type === 'text') children[children.length - 1] = { ...last, value: last.value.trimEnd() };
    const phrasing = this.inlines.phrasing(children);
    const title = plain({ type: 'paragraph', children: phrasing }).replace(/\s+/g, ' ').trim();
    const anchor = this.slugs.next(title, id);
    this.headings.push({ level: Math.min(n.depth, 3) as 1 | 2 | 3, title, anchor });
    return { ...n, children: phrasing, data: { hProperties: { id: anchor } } };
  }

  private quote(n: Blockquote, depth: number): RootContent {
    const [first, ...rest] = n.children;
    const lead = first?.type === 'paragraph' && first.children[0]?.type === 'text' ? first.children[0] : null;
    const alert = lead ? /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/.exec(lead.value) : null;
    if (!alert || first.type !== 'paragraph') return { ...n, children: this.blocks(n.children, depth + 1) as Blockquote['children'] };
    const remaining = [{ ...lead!, value: lead!.value.slice(alert[0].length) }, ...first.children.slice(1)].filter(
      (c) => !(c.type === 'text' && c.value === ''),
    );
    const body = remaining.length ? [{ ...first, children: remaining }, ...rest] : rest;
    return element('div', ['hint', `hint-${ALERTS[alert[1]]}`], this.blocks(body, depth + 1), { role: 'note' });
  }

  private html(n: Html): RootContent[] {
    if (isComment(n.value)) return [];
    const figures = parseFigures(n.value);
    if (!figures) return [{ type: 'code', lang: 'html', meta: null, value: n.value }];
    return figures.flatMap((f) => {
      const src = this.inlines.src(f.src.value);
      if (!src) return f.alt ? [{ type: 'paragraph', children: [txt(f.alt)] }] : [];
      const img = { type: 'image' as const, url: src, alt: f.alt ?? null, title: f.title ?? null };
      return [element('figure', [], [img, ...(f.caption ? [element('figcaption', [], [txt(f.caption)])] : [])])];
    });
  }

  private anchor(href: string, classes: string[], children: Phrasing[]): RootContent {
    return element('a', classes, children, { href });
  }
}
