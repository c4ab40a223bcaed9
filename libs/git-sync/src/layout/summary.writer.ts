import { escapeHeading, escapeLinkText } from './markdown-escapes';
import { SummaryEntry, SummaryItem } from './summary.reader';

/** Raw when it is safe, else in angle brackets (spaces, parentheses). */
const destination = (href: string) => (/^[^\s()<>]*$/.test(href) ? href : `<${href.replace(/[<>\\]/g, (c) => `\\${c}`)}>`);

function items(list: SummaryItem[], depth: number, out: string[]) {
  for (const item of list) {
    out.push(`${'  '.repeat(depth)}* [${escapeLinkText(item.title)}](${destination(item.href)})`);
    items(item.children, depth + 1, out);
  }
}

/**
 * GitBook's own spelling: `# Table of contents`, `*` markers indented by two spaces per level,
 * a blank line around each `## Group`, relative hrefs as the caller encodes them (other
 * destinations in angle brackets when they hold spaces or parentheses), a single trailing newline.
 */
export function writeSummary(entries: SummaryEntry[], anchor: (group: { title: string; slug?: string }) => string | undefined): string {
  const out = ['# Table of contents', ''];
  for (const entry of entries) {
    if (entry.kind === 'item') {
      items([entry], 0, out);
      continue;
    }
    if (out[out.length - 1] !== '') out.push('');
    const slug = anchor(entry);
    out.push(`## ${escapeHeading(entry.title)}${slug ? ` <a href="#${slug}" id="${slug}"></a>` : ''}`, '');
    items(entry.children, 0, out);
    out.push('');
  }
  while (out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}
