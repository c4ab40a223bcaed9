import type { Definition, PhrasingContent } from 'mdast';
import { isLineBreak } from '../html-snippets';
import { classifyTarget } from '../links';
import { plain } from '../mdast-text';
import { LinkTargets } from './reader-nodes';

type Phrasing = PhrasingContent;
const txt = (value: string): Phrasing => ({ type: 'text', value });
/** Only web and mail links are followed (no `javascript:`, `data:`, `file:`…): others read as text. */
const SAFE_URL = /^(?:https?:|mailto:|\/\/)/i;
const MAX_INLINE_NESTING = 32;

/**
 * Inline content for readers: link and image targets go through the reader's links (a page the
 * reader cannot reach, or an unsafe URL, leaves the link's text), reference links are resolved
 * here, inline HTML stays visible as code.
 */
export class ReaderInlines {
  constructor(
    private readonly links: LinkTargets,
    private readonly definitions: ReadonlyMap<string, Definition>,
  ) {}

  phrasing(children: Phrasing[], depth = 0): Phrasing[] {
    // `***…a…***` nests emphasis as deep as it has delimiters: past a bound it is plain text,
    // so the recursive tree walkers after this one (to-hast, sanitize, to-html) stay shallow.
    if (depth > MAX_INLINE_NESTING) return [txt(children.map(plain).join(''))];
    return children.flatMap((c) => this.inline(c, depth));
  }

  private inline(n: Phrasing, depth: number): Phrasing[] {
    switch (n.type) {
      case 'strong':
      case 'emphasis':
      case 'delete':
        return [{ ...n, children: this.phrasing(n.children, depth + 1) }];
      case 'link':
        return this.link(n.url, n.title, n.children, depth);
      case 'linkReference': {
        const def = this.definitions.get(n.identifier);
        return def ? this.link(def.url, def.title, n.children, depth) : [txt(plain(n))];
      }
      case 'image':
      case 'imageReference': {
        const def = n.type === 'imageReference' ? this.definitions.get(n.identifier) : undefined;
        const url = n.type === 'image' ? n.url : def?.url;
        const src = url === undefined ? null : this.src(url);
        if (!src) return n.alt ? [txt(n.alt)] : [];
        return [{ type: 'image', url: src, alt: n.alt ?? null, title: n.type === 'image' ? (n.title ?? null) : (def?.title ?? null) }];
      }
      case 'html':
        // Inline HTML is shown as code, never as markup (a line break tag is a line break).
        return [isLineBreak(n.value) ? { type: 'break' } : { type: 'inlineCode', value: n.value.replace(/\s*\n\s*/g, ' ') }];
      default:
        return [n];
    }
  }

  private link(url: string, title: string | null | undefined, children: Phrasing[], depth: number): Phrasing[] {
    const inner = this.phrasing(children, depth + 1);
    const href = this.href(url);
    return href === null ? inner : [{ type: 'link', url: href, title: title ?? null, children: inner }];
  }

  /** Where a stored link target points for readers; null: nowhere they can go (shown as text). */
  href(url: string): string | null {
    const t = classifyTarget(url);
    if (t.kind === 'page') return this.links.page(t.page, t.anchor);
    if (t.kind === 'file') return this.links.file(t.file);
    if (t.kind === 'anchor') return `#${t.anchor}`;
    if (t.kind === 'url') return SAFE_URL.test(t.url) ? t.url : null;
    return null; // a relative path no import resolved: no page of this space
  }

  src(url: string): string | null {
    const t = classifyTarget(url);
    return t.kind === 'file' ? this.links.file(t.file) : t.kind === 'url' && /^https?:/i.test(t.url) ? t.url : null;
  }
}
