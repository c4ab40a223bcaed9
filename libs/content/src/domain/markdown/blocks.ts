import { Block, ListItem } from './ast';
import { parseInline } from './inline';

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

const startsBlock = (line: string) => FENCE.test(line) || HEADING.test(line) || RULE.test(line) || ITEM.test(line) || QUOTE.test(line);
const indentOf = (line: string) => /^\s*/.exec(line)![0].length;

/** Parses block-level markdown into the small syntax tree the server renders. */
export function parseBlocks(markdown: string): Block[] {
  return parseLines(markdown.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'));
}

function parseLines(lines: string[]): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i].trim().startsWith(fence[1][0].repeat(fence[1].length)) && lines[i].trim().replace(/[`~]/g, '') === ''))
        body.push(lines[i++]);
      i++;
      out.push({ t: 'code', ...(fence[2] ? { syntax: fence[2] } : {}), lines: body.length ? body : [''] });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      out.push({ t: 'heading', level: Math.min(heading[1].length, 3) as 1 | 2 | 3, inlines: parseInline(heading[2]) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out.push({ t: 'divider' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) inner.push(QUOTE.exec(lines[i++])![1]);
      out.push({ t: 'quote', blocks: parseLines(inner) });
      continue;
    }
    if (ITEM.test(line)) {
      i = parseList(lines, i, out);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i].trim() !== '' && (para.length === 0 || !startsBlock(lines[i]))) para.push(lines[i++].trim());
    out.push({ t: 'paragraph', inlines: parseInline(para.join('\n')) });
  }
  return out;
}

function parseList(lines: string[], start: number, out: Block[]): number {
  const first = ITEM.exec(lines[start])!;
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items: ListItem[] = [];
  let i = start;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i]);
    if (!m || m[1].length !== indent || /\d/.test(m[2]) !== ordered) break;
    const contentIndent = indent + m[2].length + 1;
    const body = [m[3]];
    i++;
    while (i < lines.length) {
      const l = lines[i];
      if (l.trim() === '') {
        if (i + 1 < lines.length && indentOf(lines[i + 1]) >= contentIndent && lines[i + 1].trim() !== '') {
          body.push('');
          i++;
          continue;
        }
        break;
      }
      if (indentOf(l) >= contentIndent) body.push(l.slice(contentIndent));
      else if (indentOf(l) > indent && ITEM.test(l)) body.push(l.slice(Math.min(indentOf(l), contentIndent)));
      else if (!startsBlock(l)) body.push(l.trim());
      else break;
      i++;
    }
    const task = /^\[([ xX])\]\s+/.exec(body[0]);
    if (task) body[0] = body[0].slice(task[0].length);
    items.push({ ...(task ? { checked: task[1] !== ' ' } : {}), blocks: parseLines(body) });
    while (i < lines.length && lines[i].trim() === '' && ITEM.test(lines[i + 1] ?? '') && ITEM.exec(lines[i + 1])![1].length === indent) i++;
  }
  const tasks = items.length > 0 && items.every((it) => it.checked !== undefined);
  out.push({ t: 'list', ordered, tasks, ...(ordered ? { start: parseInt(first[2], 10) } : {}), items });
  return i;
}
