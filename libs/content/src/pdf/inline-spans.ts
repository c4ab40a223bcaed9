import { asNode, plainText, str } from './document-nodes';
import { FontKey } from './pdf-fonts';

/**
 * Where a clickable span leads: a web address, or a named destination inside this PDF (with the
 * page's own destination as `fallback` for an anchor not known to exist).
 */
export type LinkTarget = { kind: 'url'; url: string } | { kind: 'dest'; dest: string; fallback?: string };

export interface SpanStyle {
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  /** Monospace without the inline-code background (code blocks, which draw their own). */
  mono?: boolean;
  strike?: boolean;
  link?: LinkTarget;
  /** Dimmed text (placeholders for things a PDF cannot show). */
  muted?: boolean;
}

export interface Span {
  text: string;
  style: SpanStyle;
}

/** What inline rendering needs to know about the content around it. */
export interface InlineContext {
  /** Where a content reference leads (undefined: shown, not clickable). */
  link(ref: unknown): LinkTarget | undefined;
  /** A readable name for a reference shown without text (page title, file name, address). */
  label(ref: unknown): string;
}

export const fontFor = (s: SpanStyle): FontKey =>
  s.code || s.mono ? 'mono' : s.bold && s.italic ? 'boldItalic' : s.bold ? 'bold' : s.italic ? 'italic' : 'sans';

function withMarks(base: SpanStyle, marks: string[]): SpanStyle {
  const style = { ...base };
  for (const m of marks) {
    if (m === 'bold') style.bold = true;
    else if (m === 'italic') style.italic = true;
    else if (m === 'code' || m === 'keyboard') style.code = true;
    else if (m === 'strikethrough') style.strike = true;
  }
  return style;
}

/** The spans of inline content (text leaves, links, inline images, math, emoji, mentions). */
export function spansOf(nodes: unknown[], ctx: InlineContext, base: SpanStyle = {}): Span[] {
  return nodes.flatMap((raw): Span[] => {
    const n = asNode(raw);
    if (n.object === 'text' || n.leaves.length) return n.leaves.map((l) => ({ text: l.text, style: withMarks(base, l.marks) }));
    switch (n.type) {
      case 'link': {
        const link = ctx.link(n.data.ref);
        const style = link ? { ...base, link } : base;
        const inner = spansOf(n.nodes, ctx, style);
        return inner.some((s) => s.text.trim()) ? inner : [{ text: ctx.label(n.data.ref), style }];
      }
      case 'inline-image': {
        const alt = str(n.data.alt) || str(n.data.caption);
        return [{ text: alt ? `[${alt}]` : '[image]', style: { ...base, muted: true } }];
      }
      case 'inline-math':
        return [{ text: str(n.data.formula) ?? '', style: { ...base, code: true } }];
      case 'emoji': {
        const code = str(n.data.code) ?? '';
        const points = code.split('-').map((h) => parseInt(h, 16));
        return points.every((p) => Number.isInteger(p) && p >= 0 && p <= 0x10ffff) && code ? [{ text: String.fromCodePoint(...points), style: base }] : [];
      }
      case 'mention':
        return [{ text: ctx.label(n.data.ref), style: base }];
      case 'button':
        return [{ text: str(n.data.label) ?? '', style: { ...base, bold: true } }];
      default:
        return n.nodes.length ? spansOf(n.nodes, ctx, base) : [{ text: plainText(raw), style: base }].filter((s) => s.text);
    }
  });
}
