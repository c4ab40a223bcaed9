import { BadRequest } from '@app/platform';
import { parseDocument, stringify } from 'yaml';
import { PageEntry, PageFields } from '../page';

/**
 * A page's markdown as users write and read it: optional YAML frontmatter (page metadata), then
 * the leading `# Title` heading, then the body. Only the body is stored as the page document;
 * title and frontmatter fields become page metadata, as Git Sync does, so that reading a page's
 * markdown and writing it back is a no-op.
 */
export interface ParsedMarkdown {
  fields: PageFields;
  body: string;
}

const BOOLEAN_KEYS = ['hidden', 'noIndex', 'noRobotsIndex'] as const;
const STRING_KEYS = ['title', 'description', 'icon', 'emoji', 'slug', 'condition'] as const;
const FRONTMATTER = /^---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;
/**
 * An ATX heading of level 1 (CommonMark): the closing `#`s count only after a blank, so
 * `# C#` is titled "C#" and `# Title #` is titled "Title".
 */
const TITLE = /^ {0,3}#(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

function frontmatterFields(yaml: string, field: string): PageFields {
  let data: unknown;
  try {
    const doc = parseDocument(yaml);
    if (doc.errors.length) throw doc.errors[0];
    // Aliases are bounded so a small "billion laughs" text cannot expand into gigabytes.
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    throw new BadRequest(`${field}: frontmatter is not valid YAML (${(e as Error).message.split('\n')[0]})`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new BadRequest(`${field}: frontmatter must be a map of keys to values`);
  const fields: PageFields = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if ((BOOLEAN_KEYS as readonly string[]).includes(key)) {
      if (value !== true && value !== false && value !== 'true' && value !== 'false')
        throw new BadRequest(`${field}: frontmatter ${key}: must be true or false`);
      fields[key as (typeof BOOLEAN_KEYS)[number]] = value === true || value === 'true';
    } else if ((STRING_KEYS as readonly string[]).includes(key)) {
      if (value !== null && value !== undefined && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
        throw new BadRequest(`${field}: frontmatter ${key}: must be text`);
      fields[key as (typeof STRING_KEYS)[number]] = value === null || value === undefined ? '' : String(value);
    }
    // Other keys (layout, metaLinks…) are Git Sync settings this server does not model.
  }
  return fields;
}

export function parsePageMarkdown(markdown: string, field: string): ParsedMarkdown {
  let text = markdown.replace(/\r\n?/g, '\n');
  let fields: PageFields = {};
  const fm = FRONTMATTER.exec(text);
  if (fm) {
    fields = frontmatterFields(fm[1] ?? '', field);
    text = text.slice(fm[0].length);
  }
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && lines[i].trim() === '') i++;
  const heading = TITLE.exec(lines[i] ?? '');
  if (heading && heading[1]) {
    fields.title = heading[1];
    i++;
    if (lines[i]?.trim() === '') i++;
  } else {
    i = 0;
    while (i < lines.length && lines[i].trim() === '') i++;
  }
  return { fields, body: lines.slice(i).join('\n') };
}

/** `# <title>`, with a closing `#` when the title itself ends in one that would otherwise read as closing. */
const titleLine = (title: string) => (/(^|[ \t])#+$/.test(title) ? `# ${title} #` : `# ${title}`);

/** The markdown of a page: frontmatter for metadata that differs from defaults, title, body. */
export function renderPageMarkdown(page: PageEntry, body: string): string {
  const fm: Record<string, string | boolean> = {};
  if (page.description) fm.description = page.description;
  if (page.icon) fm.icon = page.icon;
  if (page.emoji) fm.emoji = page.emoji;
  for (const k of BOOLEAN_KEYS) if (page[k]) fm[k] = true;
  const head = Object.keys(fm).length ? `---\n${stringify(fm, { lineWidth: 0 })}---\n\n` : '';
  return `${head}${titleLine(page.title)}\n${body === '' ? '' : `\n${body}`}`;
}
