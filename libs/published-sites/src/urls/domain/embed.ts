import type { PublishedSiteView } from '@app/sites';
import { shownUrl } from './own-url';
import type { OEmbedCard } from './oembed';
import type { PageCard } from './page-card';

/**
 * The reference `Embed`: a link card (`type: link`) or a player (`type: rich` with `html`).
 * `image` (the page's preview image) is an extension field: the reference has none, and its
 * schema allows more properties.
 */
export type Embed = { title: string; site: string; icon?: string; image?: string } & ({ type: 'link' } | { type: 'rich'; html: string });

/** A card for a URL nothing is known about: its address and host, nothing fetched. */
export const bareLink = (url: URL): Embed => ({ type: 'link', title: shownUrl(url), site: url.hostname });

const optional = (key: 'icon' | 'image', value: string | null | undefined) => (value ? { [key]: value } : {});

/** The card of an external page from its head and, when it has one, its oEmbed answer. */
export function externalEmbed(url: URL, page: PageCard | null, oembed: OEmbedCard | null): Embed {
  const base = {
    title: oembed?.title ?? page?.title ?? shownUrl(url),
    site: page?.siteName ?? oembed?.providerName ?? url.hostname,
    ...optional('icon', page?.icon),
    ...optional('image', page?.image ?? oembed?.image),
  };
  return oembed?.html ? { type: 'rich', html: oembed.html, ...base } : { type: 'link', ...base };
}

/** The card of a published page: its title (or its site space's, or the site's), the site's title, the site's favicon. */
export function publishedEmbed(site: PublishedSiteView, siteSpaceId: string, pageTitle: string | null): Embed {
  const siteSpace = site.siteSpaces.find((s) => s.id === siteSpaceId);
  const favicon = (site.customization?.favicon as { icon?: { light?: unknown } } | undefined)?.icon?.light;
  return {
    type: 'link',
    title: pageTitle ?? siteSpace?.title ?? site.title,
    site: site.title,
    ...optional('icon', typeof favicon === 'string' ? favicon : null),
  };
}
