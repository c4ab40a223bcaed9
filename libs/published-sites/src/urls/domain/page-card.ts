import { collapse, type Head } from './html-head';

/** What a web page says about itself for a link card (OpenGraph, Twitter cards, HTML). */
export interface PageCard {
  title: string | null;
  siteName: string | null;
  /** Absolute http(s) URLs. */
  icon: string | null;
  image: string | null;
  /** The page's oEmbed (JSON) endpoint, when it announces one. */
  oembed: string | null;
}

const MAX_TEXT = 300;

/**
 * The card of a page from its head: titles from `og:title`, then `twitter:title`, then
 * `<title>`; the site from `og:site_name` or `application-name`; the icon from `rel=icon`
 * (`shortcut icon`), then `apple-touch-icon`; the image from `og:image`/`twitter:image`.
 * Relative URLs are read against `<base href>` or the page's final URL; only http(s) URLs are
 * kept (no `data:` or `javascript:` icons).
 */
export function pageCard(head: Head, pageUrl: string): PageCard {
  const baseTag = head.tags.find((t) => t.name === 'base' && t.attrs.href);
  const base = absolute(baseTag?.attrs.href ?? '', pageUrl) ?? pageUrl;
  const meta = new Map<string, string>();
  for (const t of head.tags) {
    if (t.name !== 'meta') continue;
    const key = (t.attrs.property ?? t.attrs.name ?? '').toLowerCase();
    if (key && t.attrs.content !== undefined && !meta.has(key)) meta.set(key, t.attrs.content);
  }
  const links = head.tags.filter((t) => t.name === 'link' && t.attrs.href);
  const rel = (...wanted: string[]) =>
    links.find((l) => {
      const rels = (l.attrs.rel ?? '').toLowerCase().split(/\s+/);
      return wanted.some((w) => rels.includes(w));
    });
  const text = (...values: Array<string | null | undefined>) => {
    const v = values.map((x) => (x ? collapse(x) : '')).find(Boolean);
    return v ? v.slice(0, MAX_TEXT) : null;
  };
  const oembed = links.find((l) => /(^|\s)alternate(\s|$)/i.test(l.attrs.rel ?? '') && (l.attrs.type ?? '').toLowerCase() === 'application/json+oembed');
  return {
    title: text(meta.get('og:title'), meta.get('twitter:title'), head.title),
    siteName: text(meta.get('og:site_name'), meta.get('application-name')),
    icon: absolute(rel('icon')?.attrs.href ?? rel('apple-touch-icon', 'apple-touch-icon-precomposed')?.attrs.href ?? '', base),
    image: absolute(
      meta.get('og:image:secure_url') ?? meta.get('og:image') ?? meta.get('og:image:url') ?? meta.get('twitter:image') ?? meta.get('twitter:image:src') ?? '',
      base,
    ),
    oembed: oembed ? absolute(oembed.attrs.href, base) : null,
  };
}

/** `href` read against `base` when it is an http(s) URL of at most 2048 characters; else null. */
export function absolute(href: string, base: string): string | null {
  const trimmed = href.trim();
  if (!trimmed) return null;
  try {
    const u = new URL(trimmed, base);
    return /^https?:$/.test(u.protocol) && u.href.length <= 2048 ? u.href : null;
  } catch {
    return null;
  }
}
