import { parseMarkdown } from '@app/content';
import { visit } from 'unist-util-visit';
import { SourceDocument } from './source-document';

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const TITLE_MAX = 100;

/**
 * An uploaded markdown file as a document. Its title is its frontmatter `title`, else its first
 * `# heading` (content reads both again when the page is written), else the file name. A
 * frontmatter `slug` is dropped: the run chooses slugs that are free in the target.
 */
export function readMarkdownFile(text: string, sourceURL: string, base: string, fileName: string): SourceDocument {
  let body = text.replace(/^\uFEFF/, '');
  let title = '';
  const fm = FRONTMATTER.exec(body);
  if (fm) {
    const kept = fm[1].split(/\r?\n/).filter((line) => !/^slug[ \t]*:/.test(line));
    title = /^title[ \t]*:[ \t]*(.+)$/m.exec(fm[1])?.[1]?.replace(/^["']|["']$/g, '') ?? '';
    body = (kept.length ? `---\n${kept.join('\n')}\n---\n` : '') + body.slice(fm[0].length);
  }
  if (!title) title = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/m.exec(fm ? body.replace(FRONTMATTER, '') : body)?.[1] ?? '';
  if (!title) title = fileName.replace(/\.(md|markdown|txt)$/i, '').replace(/[-_]+/g, ' ');
  return { sourceURL, base, title: [...title.trim()].slice(0, TITLE_MAX).join('') || 'Imported page', body: { kind: 'markdown', text: body } };
}

/**
 * The markdown with the destinations of its links rewritten by `rewrite` (given the absolute
 * URL the link resolves to against `base`; null keeps it), everything else as written. Links
 * are found by the server's own markdown parser, so code spans and blocks are left alone.
 */
export function rewriteMarkdownLinks(text: string, base: string, rewrite: (url: string) => string | null): string {
  const edits: Array<{ from: number; to: number; value: string }> = [];
  visit(parseMarkdown(text), (node) => {
    if ((node.type !== 'link' && node.type !== 'definition') || !node.position) return;
    const start = node.position.start.offset!;
    const end = node.position.end.offset!;
    const source = text.slice(start, end);
    const opener = node.type === 'link' ? source.lastIndexOf('](') + 2 : source.indexOf(']:') + 2;
    if (opener < 2) return; // a reference link ([a][b]): its definition is rewritten instead
    const rest = source.slice(opener);
    const lead = /^[ \t]*\r?\n?[ \t]*/.exec(rest)![0].length;
    const token = /^(<[^>\n]*>|[^\s)]+)/.exec(rest.slice(lead))?.[0];
    if (!token) return;
    let target: string;
    try {
      target = new URL(node.url, base).href;
    } catch {
      return;
    }
    const to = rewrite(target);
    if (to !== null) edits.push({ from: start + opener + lead, to: start + opener + lead + token.length, value: to });
  });
  let out = text;
  for (const e of edits.sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.value + out.slice(e.to);
  return out;
}
