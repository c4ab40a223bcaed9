/**
 * Inline links and images of a markdown text (`[text](target)`, `![alt](target)`), outside code
 * fences and code spans. Positions let callers rewrite targets in place.
 */
export interface MarkdownLink {
  /** Offsets of the target inside the text. */
  start: number;
  end: number;
  target: string;
  image: boolean;
  text: string;
}

const LINK = /(!?)\[((?:[^\]\\]|\\.)*)\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;

export function findLinks(markdown: string): MarkdownLink[] {
  const out: MarkdownLink[] = [];
  let offset = 0;
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
    } else if (f) {
      fence = f[1];
    } else {
      // Blank out code spans so links inside them are not seen.
      const masked = line.replace(/(`+)[^`]*?\1/g, (m) => ' '.repeat(m.length));
      for (const m of masked.matchAll(LINK)) {
        const raw = m[3];
        const inner = raw.startsWith('<') ? raw.slice(1, -1) : raw;
        const start = offset + m.index + m[0].indexOf(raw, m[1].length + m[2].length + 2) + (raw.startsWith('<') ? 1 : 0);
        out.push({ start, end: start + inner.length, target: inner, image: m[1] === '!', text: m[2] });
      }
    }
    offset += line.length + 1;
  }
  return out;
}

/** Replaces link targets; `map` returns the new target or null to keep it. */
export function rewriteLinks(markdown: string, map: (link: MarkdownLink) => string | null): string {
  let out = '';
  let cursor = 0;
  for (const link of findLinks(markdown)) {
    const next = map(link);
    if (next === null || next === link.target) continue;
    out += markdown.slice(cursor, link.start) + next;
    cursor = link.end;
  }
  return out + markdown.slice(cursor);
}

export type LinkTarget =
  | { kind: 'page'; page: string; anchor?: string }
  | { kind: 'file'; file: string }
  | { kind: 'url'; url: string }
  | { kind: 'anchor'; anchor: string }
  | { kind: 'path'; path: string };

/** What a stored (canonical) link target points at. */
export function classifyTarget(target: string): LinkTarget {
  // Only a single id segment is a stable page link; `/pages/a/b` or `/pages/x.md` left unresolved are paths.
  const page = /^\/pages\/([^/#?\s.]+)(?:#(.*))?$/.exec(target);
  if (page) return { kind: 'page', page: page[1], ...(page[2] ? { anchor: page[2] } : {}) };
  const file = /^\/files\/([^/#?\s]+)$/.exec(target);
  if (file) return { kind: 'file', file: file[1] };
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return { kind: 'url', url: target };
  if (target.startsWith('#')) return { kind: 'anchor', anchor: target.slice(1) };
  return { kind: 'path', path: target };
}
