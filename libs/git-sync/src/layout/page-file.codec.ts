import { isMap, LineCounter, parseDocument, stringify } from 'yaml';
import { GitLayoutError } from './git-layout.error';
import { escapeTitle, unescapeMarkdown } from './markdown-escapes';

/** A page's markdown file: frontmatter metadata, the `# Title` heading, the body. */
export interface PageFile {
  title?: string;
  markdown: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  layout?: Record<string, boolean>;
}

/** GitBook's order of the layout flags in the frontmatter; others follow, sorted. */
const LAYOUT_ORDER = ['title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata', 'cover'];
const FRONTMATTER = /^---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;
/** An ATX heading of level 1 (CommonMark: closing `#`s count only after a blank), as the content context reads titles. */
const TITLE = /^ {0,3}#(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/** Layout flags as GitBook writes them (`title: {visible: true}`) or as plain booleans; other keys (width…) are not flags. */
function layoutFlags(value: unknown): Record<string, boolean> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const flags: Record<string, boolean> = {};
  for (const [key, flag] of Object.entries(value as Record<string, unknown>)) {
    const visible = flag && typeof flag === 'object' ? (flag as Record<string, unknown>).visible : flag;
    if (typeof visible === 'boolean') flags[key] = visible;
  }
  return flags;
}

function frontmatter(yaml: string, file: string): Omit<PageFile, 'markdown' | 'title'> {
  const lines = new LineCounter();
  const doc = parseDocument(yaml, { prettyErrors: true, lineCounter: lines });
  // The YAML starts on the file's second line, after the opening `---`.
  const at = (line: number | undefined) => (line === undefined ? undefined : line + 1);
  if (doc.errors.length)
    throw new GitLayoutError(file, at(doc.errors[0].linePos?.[0].line), `frontmatter is not valid YAML (${doc.errors[0].message.split('\n')[0]})`);
  if (doc.contents === null) return {};
  if (!isMap(doc.contents)) throw new GitLayoutError(file, 2, 'frontmatter must be a map of keys to values');
  let data: Record<string, unknown>;
  try {
    data = doc.toJS({ maxAliasCount: 100 }) as Record<string, unknown>;
  } catch (e) {
    throw new GitLayoutError(file, 2, `frontmatter is not valid YAML (${(e as Error).message.split('\n')[0]})`);
  }
  const fields: Omit<PageFile, 'markdown' | 'title'> = {};
  for (const key of ['description', 'icon'] as const) {
    const value = data[key];
    if (typeof value === 'string' || typeof value === 'number') {
      if (String(value) !== '') fields[key] = String(value);
    } else if (value !== undefined && value !== null) {
      const node = doc.get(key, true) as { range?: [number, number, number] } | undefined;
      throw new GitLayoutError(file, at(node?.range && lines.linePos(node.range[0]).line), `frontmatter ${key}: must be text`);
    }
  }
  if (data.hidden === true || data.hidden === 'true') fields.hidden = true;
  const layout = layoutFlags(data.layout);
  if (layout) fields.layout = layout;
  return fields;
}

/** Reads a page file; the title is the leading `# heading`, if any (one blank line after it belongs to the heading). */
export function parsePageFile(source: string, file: string): PageFile {
  let text = source;
  let fields: Omit<PageFile, 'markdown' | 'title'> = {};
  const fm = FRONTMATTER.exec(text);
  if (fm) {
    fields = frontmatter(fm[1] ?? '', file);
    text = text.slice(fm[0].length);
  }
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && lines[i].trim() === '') i++;
  const heading = TITLE.exec(lines[i] ?? '');
  if (!heading?.[1]) return { ...fields, markdown: lines.slice(i).join('\n') };
  i++;
  if (lines[i]?.trim() === '') i++;
  return { ...fields, title: unescapeMarkdown(heading[1]), markdown: lines.slice(i).join('\n') };
}

/** `# <title>`, with a closing `#` when the title itself ends in one that would otherwise read as closing. */
const titleLine = (title: string) => {
  const text = escapeTitle(title);
  return /(^|[ \t])#+$/.test(text) ? `# ${text} #` : `# ${text}`;
};

const orderedLayout = (layout: Record<string, boolean>) => {
  const keys = Object.keys(layout).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, { visible: layout[key] }]));
};
const rank = (key: string) => (LAYOUT_ORDER.includes(key) ? LAYOUT_ORDER.indexOf(key) : LAYOUT_ORDER.length);

/** Frontmatter only with the fields set, in the order description, icon, hidden, layout; then the title; then the body. */
export function renderPageFile(page: PageFile & { title: string }): string {
  const fm: Record<string, unknown> = {};
  if (page.description) fm.description = page.description;
  if (page.icon) fm.icon = page.icon;
  if (page.hidden) fm.hidden = true;
  if (page.layout) fm.layout = orderedLayout(page.layout);
  const head = Object.keys(fm).length ? `---\n${stringify(fm, { lineWidth: 0 })}---\n\n` : '';
  return `${head}${titleLine(page.title)}\n${page.markdown === '' ? '' : `\n${page.markdown}`}`;
}
