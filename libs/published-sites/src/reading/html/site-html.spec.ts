import { SiteLinks } from '../site-links';
import { siteNavigation } from '../site-navigation';
import { PAGES, sectionedSite } from '../testing/site-fixture';
import { VisitorView } from '../visitor-view';
import { escapeHtml, markup, safeHref, trusted } from './html-template';
import { renderLayout, type LayoutModel } from './site-layout';
import { articleHtml, searchResultsHtml, snippetHtml } from './site-pages';
import { accentColor } from './site-styles';

const XSS = `<script>alert(1)</script>"'&`;

describe('html template', () => {
  it('escapes every interpolated value, joins arrays and keeps SafeHtml', () => {
    expect(markup`<p title="${XSS}">${XSS}</p>`.value).toBe(`<p title="${escapeHtml(XSS)}">&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;</p>`);
    expect(markup`<ul>${['a<', 'b'].map((x) => markup`<li>${x}</li>`)}</ul>`.value).toBe('<ul><li>a&lt;</li><li>b</li></ul>');
    expect(markup`${trusted('<b>ok</b>')}${null}${undefined}${false}${0}`.value).toBe('<b>ok</b>0');
  });

  it('safeHref keeps http(s), root paths and fragments only', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('/published/o/b')).toBe('/published/o/b');
    expect(safeHref('#top')).toBe('#top');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example', 'vbscript:x']) expect(safeHref(bad)).toBe('#');
  });

  it('an accent color is used only when it is a plain hex color', () => {
    expect(accentColor({ styling: { primaryColor: { light: '#ff0000' } } })).toBe('#ff0000');
    expect(accentColor({ styling: { primaryColor: { light: 'red;}</style><script>' } } })).toBe('#346ddb');
  });
});

describe('layout and pages', () => {
  const evil = sectionedSite({ title: XSS });
  evil.sections[0].title = XSS;
  const view = new VisitorView(evil, { pro: true, beta: true });
  const links = new SiteLinks('/published/org1/docs', view);
  const visible = view.pagesOf(PAGES.map((p) => (p.id === 'intro' ? { ...p, title: XSS, emoji: '🚀' } : p)));
  const location = { section: view.sections[0], siteSpace: view.siteSpaces[0] };
  const model = (): LayoutModel => ({
    siteTitle: evil.title,
    title: XSS,
    description: XSS,
    rootHref: links.root(),
    searchHref: links.search(),
    canonical: 'https://x/a?b=1&c=2',
    noindex: true,
    accent: '#123456',
    nav: siteNavigation(view, location, visible, visible.byId.get('tuning')!, links),
    main: articleHtml({ title: XSS, description: null, emoji: null }, { html: '<p>body</p>', headings: [] }),
    toc: [{ level: 2, title: XSS, anchor: 'a-b' }],
  });

  it('renders navigation from the structure: tabs in their group, variants, page tree with the current page, previous/next', () => {
    const out = renderLayout(model());
    expect(out).toContain('<details class="section-group active"><summary>Products</summary>');
    expect(out).toContain('<a href="/published/org1/docs/api">API</a>');
    expect(out).toContain('<a href="/published/org1/docs/v2">V2</a>');
    expect(out).toContain('<a href="/published/org1/docs/advanced/tuning" aria-current="page">tuning</a>');
    expect(out).toContain('<span class="group-title">advanced</span>');
    expect(out).toContain('<a href="https://example.com/" rel="noopener noreferrer">website</a>');
    expect(out).not.toContain('>setup<');
    expect(out).toContain('<a rel="prev" href="/published/org1/docs/intro">');
    expect(out).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(out).toContain('<link rel="canonical" href="https://x/a?b=1&amp;c=2">');
    expect(out).toContain('<li class="level-2"><a href="#a-b">');
  });

  it('escapes every text it writes: no markup from titles, descriptions or headings gets through', () => {
    const out = renderLayout(model());
    expect(out).not.toContain('<script>');
    expect(out.match(/&lt;script&gt;/g)!.length).toBeGreaterThanOrEqual(6);
  });

  it('opens the article with the title unless the body starts with it', () => {
    expect(articleHtml({ title: 'T', description: 'D', emoji: null }, { html: '<p>x</p>', headings: [] }).value).toContain('<h1>T</h1>');
    const titled = articleHtml(
      { title: 'T', description: null, emoji: null },
      { html: '<h1 id="t">T</h1><p>x</p>', headings: [{ level: 1, title: 'T', anchor: 't' }] },
    );
    expect(titled.value.match(/<h1/g)).toHaveLength(1);
  });

  it('search snippets keep <mark> and nothing else', () => {
    expect(snippetHtml('a &lt;b&gt; <mark>hit</mark> &amp; c').value).toBe('a &lt;b&gt; <mark>hit</mark> &amp; c');
    expect(snippetHtml('<img src=x onerror=alert(1)><mark>x</mark>').value).toBe('&lt;img src=x onerror=alert(1)&gt;<mark>x</mark>');
    const page = searchResultsHtml(XSS, [{ title: XSS, href: '/p', where: null, sections: [{ title: XSS, href: '/p#a', snippet: '<mark>x</mark>' }] }]).value;
    expect(page).not.toContain('<script>');
    expect(searchResultsHtml('zzz', []).value).toContain('No page matches your search.');
  });
});
