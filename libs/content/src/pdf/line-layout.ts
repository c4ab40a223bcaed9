import { FontKey, segmentByFont } from './pdf-fonts';
import { fontFor, Span, SpanStyle } from './inline-spans';

/** Width of `text` in `font` at `size` points (the PDF document's own metrics). */
export type Measure = (text: string, font: FontKey, size: number) => number;

/** A piece of one line: text in one face and one style. */
export interface Piece {
  text: string;
  font: FontKey;
  style: SpanStyle;
  width: number;
}

export interface Line {
  pieces: Piece[];
  width: number;
}

export interface LayoutOptions {
  width: number;
  size: number;
  measure: Measure;
  /** Code: keep every space and tab (as 4 spaces); prose collapses white space like HTML. */
  preserveSpaces?: boolean;
}

type Token = { kind: 'word'; pieces: Piece[] } | { kind: 'space'; piece: Piece } | { kind: 'break' };

function tokenize(spans: Span[], o: LayoutOptions): { tokens: Token[]; missing: number } {
  const tokens: Token[] = [];
  let missing = 0;
  let word: Piece[] | undefined;
  const space = (style: SpanStyle, text: string) => {
    word = undefined;
    const font = fontFor(style) === 'mono' ? 'mono' : 'sans';
    tokens.push({ kind: 'space', piece: { text, font, style, width: o.measure(text, font, o.size) } });
  };
  for (const span of spans) {
    const text = o.preserveSpaces ? span.text.replace(/\t/g, '    ') : span.text.replace(/\r/g, '');
    for (const part of text.split(o.preserveSpaces ? /(\n| +)/ : /(\n|[^\S\n\u00a0]+)/)) {
      if (!part) continue;
      if (part === '\n') {
        word = undefined;
        tokens.push({ kind: 'break' });
      } else if (/^[^\S\u00a0]+$/.test(part)) {
        const last = tokens[tokens.length - 1];
        if (o.preserveSpaces) space(span.style, part);
        else if (last?.kind !== 'space') space(span.style, ' ');
        else word = undefined;
      } else {
        const split = segmentByFont(part, fontFor(span.style));
        missing += split.missing;
        if (!word) tokens.push({ kind: 'word', pieces: (word = []) });
        for (const s of split.segments) word.push({ text: s.text, font: s.font, style: span.style, width: o.measure(s.text, s.font, o.size) });
      }
    }
  }
  return { tokens, missing };
}

/**
 * Greedy line breaking at spaces; a word wider than the line is cut between characters (long
 * URLs, hashes). Prose drops spaces at line starts and ends; code keeps indentation.
 */
export function layoutLines(spans: Span[], o: LayoutOptions): { lines: Line[]; missing: number } {
  const { tokens, missing } = tokenize(spans, o);
  const lines: Line[] = [];
  let line: Line = { pieces: [], width: 0 };
  let pending: Piece | undefined;
  const push = (p: Piece) => {
    line.pieces.push(p);
    line.width += p.width;
  };
  const newLine = () => {
    lines.push(line);
    line = { pieces: [], width: 0 };
    pending = undefined;
  };
  for (const t of tokens) {
    if (t.kind === 'break') newLine();
    else if (t.kind === 'space') {
      if (o.preserveSpaces && (!line.pieces.length || line.width + t.piece.width <= o.width)) push(t.piece);
      else if (o.preserveSpaces) newLine();
      else if (line.pieces.length) pending = t.piece;
    } else {
      const w = t.pieces.reduce((sum, p) => sum + p.width, 0);
      const gap = pending?.width ?? 0;
      if (line.pieces.length && line.width + gap + w > o.width) newLine();
      if (pending && line.pieces.length) push(pending);
      pending = undefined;
      if (line.width + w <= o.width) t.pieces.forEach(push);
      else for (const p of t.pieces) cut(p);
    }
  }
  if (line.pieces.length || !lines.length) lines.push(line);
  return { lines, missing };

  function cut(p: Piece) {
    let chunk = '';
    let chunkWidth = 0;
    for (const ch of p.text) {
      const cw = o.measure(ch, p.font, o.size);
      if (line.width + chunkWidth + cw > o.width && (line.pieces.length || chunk)) {
        if (chunk) push({ ...p, text: chunk, width: chunkWidth });
        newLine();
        chunk = '';
        chunkWidth = 0;
      }
      chunk += ch;
      chunkWidth += cw;
    }
    if (chunk) push({ ...p, text: chunk, width: chunkWidth });
  }
}
