import { Inline, Mark } from './ast';

const DELIMS: Array<[string, Mark]> = [
  ['**', 'bold'],
  ['__', 'bold'],
  ['~~', 'strikethrough'],
  ['*', 'italic'],
  ['_', 'italic'],
];

/** Parses inline markdown: code spans, links, images, emphasis, strikethrough, escapes. */
export function parseInline(text: string, marks: Mark[] = []): Inline[] {
  const out: Inline[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ t: 'text', text: buf, marks });
    buf = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length && /[\\`*_{}[\]()#+\-.!~>|]/.test(text[i + 1])) {
      buf += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const ticks = /^`+/.exec(text.slice(i))![0];
      const end = text.indexOf(ticks, i + ticks.length);
      if (end > 0) {
        flush();
        out.push({ t: 'text', text: text.slice(i + ticks.length, end).replace(/^ (.*) $/, '$1'), marks: [...marks, 'code'] });
        i = end + ticks.length;
        continue;
      }
    }
    if (ch === '[' || (ch === '!' && text[i + 1] === '[')) {
      const m = /^(!?)\[((?:[^\]\\]|\\.)*)\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/.exec(text.slice(i));
      if (m) {
        flush();
        const target = m[3].startsWith('<') ? m[3].slice(1, -1) : m[3];
        out.push(m[1] ? { t: 'image', target, alt: m[2] } : { t: 'link', target, children: parseInline(m[2], marks) });
        i += m[0].length;
        continue;
      }
    }
    const delim = DELIMS.find(([d]) => text.startsWith(d, i));
    if (delim && !/\s/.test(text[i + delim[0].length] ?? ' ')) {
      const [d, mark] = delim;
      let end = text.indexOf(d, i + d.length);
      while (end > 0 && (/\s/.test(text[end - 1]) || text[end - 1] === '\\')) end = text.indexOf(d, end + 1);
      // Single `_` inside words (snake_case) is not emphasis.
      const intraword = d[0] === '_' && /\w/.test(text[i - 1] ?? '');
      if (end > i + d.length && !intraword) {
        flush();
        out.push(...parseInline(text.slice(i + d.length, end), marks.includes(mark) ? marks : [...marks, mark]));
        i = end + d.length;
        continue;
      }
    }
    buf += ch;
    i++;
  }
  flush();
  return out;
}

const WRAP: Record<Mark, string> = { bold: '**', italic: '_', strikethrough: '~~', code: '`' };

/** Inverse of parseInline (used when a JSON document is written). */
export function inlineToMarkdown(inlines: Inline[]): string {
  return inlines
    .map((n) => {
      if (n.t === 'image') return `![${n.alt}](${n.target})`;
      if (n.t === 'link') return `[${inlineToMarkdown(n.children)}](${n.target})`;
      if (n.marks.includes('code')) {
        const fence = n.text.includes('`') ? '``' : '`';
        const inner = fence === '``' ? ` ${n.text} ` : n.text;
        return n.marks.filter((m) => m !== 'code').reduce((s, m) => `${WRAP[m]}${s}${WRAP[m]}`, `${fence}${inner}${fence}`);
      }
      const escaped = n.text.replace(/([\\`*_[\]~])/g, '\\$1');
      return n.marks.reduce((s, m) => (s.trim() ? `${WRAP[m]}${s}${WRAP[m]}` : s), escaped);
    })
    .join('');
}
