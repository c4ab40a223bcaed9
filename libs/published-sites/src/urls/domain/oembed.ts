import type { Element, Root } from 'hast';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { readHead } from './html-head';
import { absolute } from './page-card';

/** What an oEmbed answer adds to a card. */
export interface OEmbedCard {
  title: string | null;
  providerName: string | null;
  image: string | null;
  /** The player as one `<iframe>`, rebuilt from the provider's markup; null when it has none. */
  html: string | null;
}

const IFRAME_ATTRIBUTES = ['src', 'width', 'height', 'title', 'allow', 'allowFullScreen', 'frameBorder', 'loading', 'referrerPolicy'];

/** Only an iframe, only these attributes, only an http(s) source. */
const IFRAME_ONLY: Schema = {
  tagNames: ['iframe'],
  attributes: { iframe: IFRAME_ATTRIBUTES },
  protocols: { src: ['http', 'https'] },
  required: {},
  ancestors: {},
  strip: [],
};

/**
 * A provider's oEmbed JSON read into a card. Its `html` is third-party markup (often a script
 * that would run on every page showing the embed): it is never passed through. A `video` or
 * `rich` answer whose markup holds an `<iframe>` with an http(s) `src` becomes that one iframe,
 * built anew from its allowed attributes and sanitized; anything else is no player at all.
 */
export function oembedCard(json: unknown, oembedUrl: string): OEmbedCard | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 300) : null);
  const player = (o.type === 'video' || o.type === 'rich') && typeof o.html === 'string' ? iframeOf(o.html, oembedUrl) : null;
  return {
    title: str(o.title),
    providerName: str(o.provider_name),
    image: absolute(str(o.thumbnail_url) ?? (o.type === 'photo' ? (str(o.url) ?? '') : ''), oembedUrl),
    html: player,
  };
}

function iframeOf(markup: string, base: string): string | null {
  const tag = readHead(markup.slice(0, 64 * 1024)).tags.find((t) => t.name === 'iframe');
  const src = tag ? absolute(tag.attrs.src ?? '', base) : null;
  if (!tag || !src) return null;
  const a = tag.attrs;
  const dimension = (v: string | undefined) => (v && /^\d{1,5}%?$/.test(v) ? v : undefined);
  const properties: Element['properties'] = {
    src,
    width: dimension(a.width),
    height: dimension(a.height),
    title: a.title?.slice(0, 300),
    allow: a.allow?.slice(0, 500),
    allowFullScreen: 'allowfullscreen' in a ? true : undefined,
    frameBorder: a.frameborder === '0' ? '0' : undefined,
    loading: 'lazy',
    referrerPolicy: a.referrerpolicy && /^[a-z-]{1,40}$/.test(a.referrerpolicy) ? a.referrerpolicy : undefined,
  };
  for (const k of Object.keys(properties)) if (properties[k] === undefined) delete properties[k];
  const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'iframe', properties, children: [] }] };
  const html = toHtml(sanitize(tree, IFRAME_ONLY));
  return html.startsWith('<iframe') ? html : null;
}
