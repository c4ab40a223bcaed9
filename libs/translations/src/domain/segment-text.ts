/*
 * The text form of a segment: what a translator receives and returns. Text is escaped as in
 * HTML (`&`, `<`, `>`); inline markup is kept out of the translator's reach as numbered tags,
 * `<gN>…</gN>` around text it wraps (emphasis, a link's label) and `<xN/>` for what stands alone
 * (inline code, an image, a glossary term). LibreTranslate's HTML mode and chat models both keep
 * tags, and a reply whose tags do not add up is detected here instead of being written.
 */

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeHtml(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return NAMED[name.toLowerCase()] ?? all;
  });
}

export type ReplyToken = { kind: 'text'; text: string } | { kind: 'open' | 'close' | 'atom'; n: number };

const TAG = /<\s*(\/?)\s*([gx])(\d{1,4})\s*(\/?)\s*>/gi;

/**
 * A translator's reply as tokens, or null when its tags do not add up: every `gN` of the
 * segment opened once and closed once, properly nested; every `xN` exactly once (`<xN></xN>`,
 * as an HTML serializer may write it, counts as one); no tag the segment did not have.
 */
export function parseReply(reply: string, groups: number, atoms: number): ReplyToken[] | null {
  const tokens: ReplyToken[] = [];
  const seen = { open: new Set<number>(), atom: new Set<number>() };
  const stack: number[] = [];
  let cursor = 0;
  for (const m of reply.matchAll(TAG)) {
    if (m.index > cursor) tokens.push({ kind: 'text', text: decodeHtml(reply.slice(cursor, m.index)) });
    cursor = m.index + m[0].length;
    const [, slash, letter, digits, selfClosing] = m;
    const n = Number(digits);
    if (letter.toLowerCase() === 'x') {
      if (n < 1 || n > atoms) return null;
      if (slash) {
        // The closing half of `<xN></xN>`: right after its opening half only.
        const last = tokens[tokens.length - 1];
        if (!(last?.kind === 'atom' && last.n === n)) return null;
        continue;
      }
      if (seen.atom.has(n)) return null;
      seen.atom.add(n);
      tokens.push({ kind: 'atom', n });
      continue;
    }
    if (n < 1 || n > groups || selfClosing) return null;
    if (!slash) {
      if (seen.open.has(n)) return null;
      seen.open.add(n);
      stack.push(n);
      tokens.push({ kind: 'open', n });
    } else {
      if (stack.pop() !== n) return null;
      tokens.push({ kind: 'close', n });
    }
  }
  if (cursor < reply.length) tokens.push({ kind: 'text', text: decodeHtml(reply.slice(cursor)) });
  if (stack.length || seen.open.size !== groups || seen.atom.size !== atoms) return null;
  return tokens;
}
