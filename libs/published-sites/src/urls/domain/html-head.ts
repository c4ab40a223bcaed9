import { decodeNamedCharacterReference } from 'decode-named-character-reference';

/**
 * A small reader of an HTML document's head: its `<meta>`, `<link>`, `<base>` (and `<iframe>`)
 * tags with their attributes, in document order, and the title. It is not a full HTML parser, and the unfurl needs nothing more: `<meta>`,
 * `<link>`, `<base>` and `<title>` sit in the head; comments and the raw text of `<script>`,
 * `<style>`, `<template>` and `<noscript>` are skipped (a `<meta>` written inside a script
 * is not one); reading stops at `</head>` or `<body>`. The page is someone else's: the scan
 * reads each character a bounded number of times (no backtracking), whatever the input.
 */
export interface HeadTag {
  name: string;
  attrs: Record<string, string>;
}
export interface Head {
  tags: HeadTag[];
  title: string | null;
}

const RAW_TEXT = new Map(['script', 'style', 'template', 'noscript', 'textarea', 'title'].map((n) => [n, new RegExp(`</${n}`, 'ig')]));
/** The tags a card is read from (an iframe: an oEmbed player's markup). */
const KEPT = new Set(['meta', 'link', 'base', 'iframe']);
const NAME_START = /[a-zA-Z]/;
const SPACE = /[\s/]/;

export function readHead(html: string): Head {
  const tags: HeadTag[] = [];
  let title: string | null = null;
  let i = 0;
  for (;;) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      if (end < 0) break;
      i = end + 3;
      continue;
    }
    const closing = html[lt + 1] === '/';
    const nameAt = closing ? lt + 2 : lt + 1;
    if (!NAME_START.test(html[nameAt] ?? '')) {
      i = lt + 1;
      continue;
    }
    const tag = startTag(html, nameAt);
    if (!tag) break; // the document ends inside a tag
    i = tag.end;
    if (closing) {
      if (tag.name === 'head') break;
      continue;
    }
    if (tag.name === 'body') break;
    const endTag = RAW_TEXT.get(tag.name);
    if (endTag) {
      // The element's text runs to its end tag, whatever it contains.
      endTag.lastIndex = i;
      const close = endTag.exec(html)?.index ?? -1;
      const text = html.slice(i, close < 0 ? html.length : close);
      if (tag.name === 'title' && title === null) title = collapse(decodeEntities(text));
      if (close < 0) break;
      i = close;
      continue;
    }
    if (KEPT.has(tag.name)) tags.push({ name: tag.name, attrs: tag.attrs });
  }
  return { tags, title: title || null };
}

/** The tag whose name starts at `at`: its name, attributes and the index after its `>`; null at the end of input. */
function startTag(html: string, at: number): { name: string; attrs: Record<string, string>; end: number } | null {
  let i = at;
  while (i < html.length && !SPACE.test(html[i]) && html[i] !== '>') i++;
  const name = html.slice(at, i).toLowerCase();
  const attrs: Record<string, string> = Object.create(null) as Record<string, string>;
  for (;;) {
    while (i < html.length && SPACE.test(html[i])) i++;
    if (i >= html.length) return null;
    if (html[i] === '>') return { name, attrs, end: i + 1 };
    const nameStart = i;
    while (i < html.length && !SPACE.test(html[i]) && html[i] !== '>' && html[i] !== '=') i++;
    const attr = html.slice(nameStart, i).toLowerCase();
    while (i < html.length && /\s/.test(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && /\s/.test(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const from = i;
        while (i < html.length && !/\s/.test(html[i]) && html[i] !== '>') i++;
        value = html.slice(from, i);
      }
    }
    // The first of a repeated attribute wins, as in HTML.
    if (attr && !(attr in attrs)) attrs[attr] = decodeEntities(value);
  }
}

const ENTITY = /&(?:#[xX]([0-9a-fA-F]{1,6})|#(\d{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));?/g;

/** Character references (`&amp;`, `&#39;`, `&#x2014;`); unknown names stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name !== undefined) {
      const decoded = decodeNamedCharacterReference(name);
      return decoded === false ? whole : decoded;
    }
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    // NUL, surrogates and values past Unicode become the replacement character, as in HTML.
    return code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? '\uFFFD' : String.fromCodePoint(code);
  });
}

/** Whitespace runs as one space, trimmed. */
export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();
