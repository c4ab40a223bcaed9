import { BadRequest } from '@app/platform';
import type { PhrasingContent, RootContent } from 'mdast';
import { plainOf } from './document-to-mdast.inline';
import { figureHtml } from './html-snippets';
import { optionalArray, optionalString, prop, requiredString } from './untrusted-json';

/** Pieces of document → mdast: content references as targets, GitBook tags, code and images. */
const tagValue = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
export const tag = (name: string, attrs: Record<string, string | undefined> = {}): RootContent => ({
  type: 'gitbookTag',
  value: `{% ${[name, ...Object.entries(attrs).flatMap(([k, v]) => (v === undefined ? [] : [`${k}="${tagValue(v)}"`]))].join(' ')} %}`,
});
export const html = (value: string): RootContent => ({ type: 'html', value });

export function refToTarget(ref: unknown, field: string): string {
  const f = `${field}.data.ref`;
  const kind = prop(ref, 'kind');
  const page = optionalString(prop(ref, 'page'), `${f}.page`);
  switch (kind) {
    case 'page':
      return `/pages/${requiredString(page, `${f}.page`)}`;
    case 'file':
      return `/files/${requiredString(prop(ref, 'file'), `${f}.file`)}`;
    case 'anchor': {
      const anchor = requiredString(prop(ref, 'anchor'), `${f}.anchor`);
      return page ? `/pages/${page}#${anchor}` : `#${anchor}`;
    }
    case 'url':
      return requiredString(prop(ref, 'url'), `${f}.url`);
    default:
      throw new BadRequest(`${f}: unsupported content reference kind ${JSON.stringify(kind)}`);
  }
}

export const fragmentNodes = (node: unknown, name: string, field: string): [unknown, string] => {
  const fragments = optionalArray(prop(node, 'fragments'), `${field}.fragments`);
  const k = fragments.findIndex((x) => prop(x, 'fragment') === name || prop(x, 'type') === name);
  return k < 0 ? [[], field] : [prop(fragments[k], 'nodes') ?? [], `${field}.fragments[${k}]`];
};

export function codeToMdast(n: unknown, f: string): RootContent[] {
  const data = prop(n, 'data');
  // Blank lines emptied, as markdown cannot keep their spaces inside lists (mdast-to-document.ts).
  const lines = optionalArray(prop(n, 'nodes'), `${f}.nodes`).map((line) => plainOf(prop(line, 'nodes')).replace(/^\s+$/, ''));
  const syntax = optionalString(prop(data, 'syntax'), `${f}.data.syntax`)?.replace(/[\s`]+/g, '-');
  const code: RootContent = { type: 'code', lang: syntax || null, value: lines.join('\n') };
  const title = optionalString(prop(data, 'title'), `${f}.data.title`);
  const overflow = prop(data, 'overflow');
  const attrs = {
    title: title || undefined,
    overflow: overflow === 'wrap' ? 'wrap' : undefined,
    lineNumbers: prop(data, 'lineNumbers') === true ? 'true' : undefined,
    fullWidth: prop(data, 'fullWidth') === true ? 'true' : undefined,
  };
  return Object.values(attrs).some((v) => v !== undefined) ? [tag('code', attrs), code, tag('endcode')] : [code];
}

export function imagesToMdast(nodes: [unknown, string][]): RootContent[] {
  const images = nodes.map(([img, field]) => {
    const data = prop(img, 'data');
    const [caption] = fragmentNodes(img, 'caption', field);
    return {
      src: refToTarget(prop(data, 'ref'), field),
      alt: optionalString(prop(data, 'alt'), `${field}.data.alt`),
      title: optionalString(prop(data, 'title'), `${field}.data.title`),
      caption: plainOf(Array.isArray(caption) ? caption : []) || undefined,
    };
  });
  if (!images.length) return [];
  if (images.some((i) => i.caption)) return [html(images.map(figureHtml).join('\n'))];
  const children = images.flatMap((i, j): PhrasingContent[] => [
    ...(j ? [{ type: 'text' as const, value: ' ' }] : []),
    { type: 'image', url: i.src, alt: i.alt, title: i.title },
  ]);
  return [{ type: 'paragraph', children }];
}
