import { BadRequest } from '@app/platform';
import { PageEntry, PageFields } from '../page';

/**
 * A page's markdown as users write and read it: optional frontmatter (page metadata), then the
 * leading `# Title` heading, then the body. Only the body is stored as the page document;
 * title and frontmatter fields become page metadata, as Git Sync does, so that reading a page's
 * markdown and writing it back is a no-op.
 */
export interface ParsedMarkdown {
  fields: PageFields;
  body: string;
}

const BOOLEAN_KEYS = ['hidden', 'noIndex', 'noRobotsIndex'] as const;
const STRING_KEYS = ['title', 'description', 'icon', 'emoji', 'slug', 'condition'] as const;

function scalar(raw: string): string {
  const v = raw.trim();
  if (v.startsWith('"')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      throw new Error('unterminated double-quoted value');
    }
    // JSON text starting with a double quote can only parse to a string; the check narrows the type.
    if (typeof parsed !== 'string') throw new Error('unterminated double-quoted value');
    return parsed;
  }
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2) return v.slice(1, -1).replace(/''/g, "'");
  return v;
}

export function parsePageMarkdown(markdown: string, field: string): ParsedMarkdown {
  let text = markdown.replace(/\r\n?/g, '\n');
  const fields: PageFields = {};
  const fm = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(text);
  if (fm) {
    fm[1].split('\n').forEach((line, i) => {
      if (!line.trim() || line.trim().startsWith('#')) return;
      const m = /^([A-Za-z][\w-]*):(.*)$/.exec(line);
      if (!m) throw new BadRequest(`${field}: frontmatter line ${i + 2} is not "key: value"`);
      const [, key, raw] = m;
      let value: string;
      try {
        value = scalar(raw);
      } catch (e) {
        throw new BadRequest(`${field}: frontmatter ${key}: ${(e as Error).message}`);
      }
      if ((BOOLEAN_KEYS as readonly string[]).includes(key)) {
        if (value !== 'true' && value !== 'false') throw new BadRequest(`${field}: frontmatter ${key}: must be true or false`);
        fields[key as (typeof BOOLEAN_KEYS)[number]] = value === 'true';
      } else if ((STRING_KEYS as readonly string[]).includes(key)) {
        fields[key as (typeof STRING_KEYS)[number]] = value;
      }
      // Other keys (layout, metaLinks…) are Git Sync settings this server does not model.
    });
    text = text.slice(fm[0].length);
  }
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && lines[i].trim() === '') i++;
  const heading = /^#\s+(.+?)\s*#*\s*$/.exec(lines[i] ?? '');
  if (heading) {
    fields.title = heading[1];
    i++;
    if (lines[i]?.trim() === '') i++;
  } else {
    i = 0;
    while (i < lines.length && lines[i].trim() === '') i++;
  }
  return { fields, body: lines.slice(i).join('\n') };
}

const quote = (v: string) => (/^[\w .,()/&+-]*$/.test(v) && v.trim() === v && v !== '' && !/^(true|false)$/.test(v) ? v : JSON.stringify(v));

/** The markdown of a page: frontmatter for metadata that differs from defaults, title, body. */
export function renderPageMarkdown(page: PageEntry, body: string): string {
  const fm: string[] = [];
  if (page.description) fm.push(`description: ${quote(page.description)}`);
  if (page.icon) fm.push(`icon: ${quote(page.icon)}`);
  if (page.emoji) fm.push(`emoji: ${quote(page.emoji)}`);
  for (const k of BOOLEAN_KEYS) if (page[k]) fm.push(`${k}: true`);
  const head = fm.length ? `---\n${fm.join('\n')}\n---\n\n` : '';
  return `${head}# ${page.title}\n${body === '' ? '' : `\n${body}`}`;
}
