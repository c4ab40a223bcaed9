/**
 * The few HTML snippets GitBook's markdown export writes, read and written as text:
 * `<figure><img src alt><figcaption><p>caption</p></figcaption></figure>` (also several in a
 * row, or plain `<img>` tags, optionally wrapped in one `<p>`/`<div>`), `<details><summary>`,
 * heading anchors `<a href="#id" id="id"></a>`. Everything else in HTML is not interpreted.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (m, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? m;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text of an HTML fragment (tags dropped, entities decoded, blanks collapsed). */
export const htmlText = (html: string): string =>
  decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

export interface HtmlAttribute {
  name: string;
  value: string;
  /** Offset of the raw value inside the scanned text. */
  start: number;
  end: number;
}

/** Attributes of one tag's attribute text, with where each value sits (offset `base` added). */
export function attributes(text: string, base = 0): HtmlAttribute[] {
  const out: HtmlAttribute[] = [];
  for (const m of text.matchAll(/([a-zA-Z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)) {
    const raw = m[2] ?? m[3] ?? m[4];
    const start = base + m.index + m[0].length - raw.length - (m[4] === undefined ? 1 : 0);
    out.push({ name: m[1], value: decodeEntities(raw), start, end: start + raw.length });
  }
  return out;
}

export interface FigureImage {
  src: HtmlAttribute;
  alt?: string;
  title?: string;
  caption?: string;
}

const FIGURE = /^\s*(?:<figure>\s*<img\b([^>]*?)\/?>\s*(?:<figcaption>([\s\S]*?)<\/figcaption>\s*)?<\/figure>|<img\b([^>]*?)\/?>)/i;

/** The images of an HTML block made only of figures and img tags, or null. */
export function parseFigures(html: string): FigureImage[] | null {
  let rest = html;
  let offset = 0;
  const wrapper = /^\s*<(p|div)\b[^>]*>([\s\S]*)<\/\1>\s*$/i.exec(html);
  if (wrapper) {
    offset = html.indexOf(wrapper[2], wrapper[0].indexOf('>') + 1);
    rest = wrapper[2];
  }
  const out: FigureImage[] = [];
  while (rest.trim() !== '') {
    const m = FIGURE.exec(rest);
    if (!m) return null;
    const attrText = m[1] ?? m[3];
    const attrs = attributes(attrText, offset + m[0].indexOf(attrText));
    const get = (name: string) => attrs.find((a) => a.name.toLowerCase() === name);
    const src = get('src');
    if (!src) return null;
    const caption = m[2] !== undefined ? htmlText(m[2]) : undefined;
    out.push({
      src,
      ...(get('alt') ? { alt: get('alt')!.value } : {}),
      ...(get('title') ? { title: get('title')!.value } : {}),
      ...(caption ? { caption } : {}),
    });
    offset += m[0].length;
    rest = rest.slice(m[0].length);
  }
  return out.length ? out : null;
}

export function figureHtml(image: { src: string; alt?: string; title?: string; caption?: string }): string {
  const attr = (name: string, value?: string) => (value !== undefined ? ` ${name}="${escapeHtml(value)}"` : '');
  const caption = image.caption ? `<figcaption><p>${escapeHtml(image.caption)}</p></figcaption>` : '';
  return `<figure><img${attr('src', image.src)}${attr('alt', image.alt)}${attr('title', image.title)}>${caption}</figure>`;
}

/** `<details>` opening (with its summary as plain text), or null. `rest` is what follows `</summary>` in the same HTML block. */
export function detailsOpening(html: string): { title: string | null; rest: string } | null {
  const m = /^\s*<details\b[^>]*>\s*(?:<summary\b[^>]*>([\s\S]*?)<\/summary>)?([\s\S]*)$/i.exec(html);
  return m ? { title: m[1] === undefined ? null : htmlText(m[1]), rest: m[2] } : null;
}

/** `<summary>…</summary>` on its own (GitBook's export puts it in the block after `<details>`). */
export function summary(html: string): { title: string; rest: string } | null {
  const m = /^\s*<summary\b[^>]*>([\s\S]*?)<\/summary>([\s\S]*)$/i.exec(html);
  return m ? { title: htmlText(m[1]), rest: m[2] } : null;
}

export const isDetailsEnd = (html: string): boolean => /^\s*<\/details>\s*$/i.test(html);
export const isComment = (html: string): boolean => /^\s*<!--[\s\S]*?-->\s*$/.test(html);
export const isLineBreak = (html: string): boolean => /^<br\s*\/?>$/i.test(html.trim());

/** GitBook writes custom heading anchors as `<a href="#id" id="id"></a>` at the end of the heading. */
export const HEADING_ID = /^[-a-z0-9.+_]+$/;
export function headingAnchor(html: string): string | null {
  const m = /^\s*<a\b([^>]*)>\s*<\/a>\s*$/i.exec(html);
  const id = m ? attributes(m[1]).find((a) => a.name.toLowerCase() === 'id')?.value : undefined;
  return id && HEADING_ID.test(id) ? id : null;
}
export const headingAnchorHtml = (id: string): string => `<a href="#${id}" id="${id}"></a>`;
