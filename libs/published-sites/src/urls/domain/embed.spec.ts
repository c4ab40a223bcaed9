import type { PublishedSiteView } from '@app/sites';
import { bareLink, externalEmbed, publishedEmbed } from './embed';
import { siteSpaceOf } from './site-part';

const url = new URL('https://blog.example.com/posts/1?utm=x');

describe('embeds of external pages', () => {
  it('is the bare link when nothing is known', () => {
    expect(bareLink(url)).toEqual({ type: 'link', title: 'https://blog.example.com/posts/1', site: 'blog.example.com' });
    expect(externalEmbed(url, null, null)).toEqual(bareLink(url));
  });

  it('takes the page head first, the oEmbed answer for what the head lacks, and a player as rich', () => {
    const page = { title: 'Post', siteName: null, icon: 'https://blog.example.com/i.png', image: null, oembed: 'https://blog.example.com/oembed' };
    const oembed = { title: 'Player', providerName: 'Videos', image: 'https://v.example.com/t.jpg', html: '<iframe src="https://v.example.com/e/1"></iframe>' };
    expect(externalEmbed(url, page, null)).toEqual({ type: 'link', title: 'Post', site: 'blog.example.com', icon: 'https://blog.example.com/i.png' });
    expect(externalEmbed(url, page, oembed)).toEqual({
      type: 'rich',
      html: oembed.html,
      title: 'Player',
      site: 'Videos',
      icon: 'https://blog.example.com/i.png',
      image: 'https://v.example.com/t.jpg',
    });
    expect(externalEmbed(url, { ...page, siteName: 'Blog' }, { ...oembed, html: null })).toMatchObject({ type: 'link', site: 'Blog' });
  });
});

const site = (over: Partial<PublishedSiteView> = {}): PublishedSiteView => ({
  siteId: 'site1',
  organizationId: 'org1',
  title: 'Docs',
  visibility: 'public',
  published: true,
  basename: 'docs',
  hostname: null,
  agentsContext: 'excluded',
  adaptiveContent: false,
  url: 'https://x/published/org1/docs',
  sections: [],
  sectionGroups: [],
  siteSpaces: [],
  customization: {},
  version: 1,
  ...over,
});
const siteSpace = (id: string, sectionId: string | null, isDefault: boolean) => ({
  id,
  spaceId: `space-${id}`,
  title: `Variant ${id}`,
  path: id,
  isDefault,
  sectionId,
  condition: null,
  url: `https://x/${id}`,
});
const section = (id: string, isDefault: boolean) => ({
  id,
  title: id,
  path: id,
  isDefault,
  condition: null,
  sectionGroupId: null,
  icon: null,
  url: `https://x/${id}`,
});

describe('embeds of published pages', () => {
  it('names the page, else its site space, else the site; the site by its title, with its favicon', () => {
    const s = site({ siteSpaces: [siteSpace('a', null, true)], customization: { favicon: { icon: { light: 'https://cdn.example.com/fav.png', dark: 'x' } } } });
    expect(publishedEmbed(s, 'a', 'Install')).toEqual({ type: 'link', title: 'Install', site: 'Docs', icon: 'https://cdn.example.com/fav.png' });
    expect(publishedEmbed(s, 'a', null)).toMatchObject({ title: 'Variant a' });
    expect(publishedEmbed(site({ customization: { favicon: { emoji: '📘' } } }), 'gone', null)).toEqual({ type: 'link', title: 'Docs', site: 'Docs' });
  });
});

describe('siteSpaceOf: the site space a site URL stands for', () => {
  const sectioned = site({
    sections: [section('guides', false), section('api', true)],
    siteSpaces: [siteSpace('g1', 'guides', true), siteSpace('a1', 'api', false), siteSpace('a2', 'api', true)],
  });

  it('the default site space of the default section for the site, of the named section for a section', () => {
    expect(siteSpaceOf(sectioned, null)?.id).toBe('a2');
    expect(siteSpaceOf(sectioned, { sectionId: 'guides' })?.id).toBe('g1');
    expect(siteSpaceOf(site({ siteSpaces: [siteSpace('x', null, false), siteSpace('y', null, true)] }), null)?.id).toBe('y');
  });

  it('the named site space; nothing for parts the site does not have', () => {
    expect(siteSpaceOf(sectioned, { siteSpaceId: 'a1' })?.id).toBe('a1');
    expect(siteSpaceOf(sectioned, { siteSpaceId: 'zz' })).toBeUndefined();
    expect(siteSpaceOf(sectioned, { sectionId: 'zz' })).toBeUndefined();
    expect(siteSpaceOf(site(), null)).toBeUndefined();
  });
});
