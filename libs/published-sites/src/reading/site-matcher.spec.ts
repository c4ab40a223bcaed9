import { locate, matchPage, readingOrder } from './site-matcher';
import { PAGES, page, sectionedSite, site, siteSpace } from './testing/site-fixture';
import { VisitorView } from './visitor-view';

describe('VisitorView: what the claims show', () => {
  it('drops sections, site spaces and pages whose condition is false, with what is under them', () => {
    const anonymous = new VisitorView(sectionedSite(), {});
    expect(anonymous.sections.map((s) => s.id)).toEqual(['guides']);
    expect(anonymous.siteSpaces.map((s) => s.id)).toEqual(['v1']);
    expect(anonymous.sectionGroups).toEqual([{ id: 'g1', title: 'Products', sections: [anonymous.sections[0]] }]);
    const pro = new VisitorView(sectionedSite(), { pro: true, beta: true });
    expect(pro.sections.map((s) => s.id)).toEqual(['guides', 'api']);
    expect(pro.siteSpaces.map((s) => s.id)).toEqual(['v1', 'v2', 'ref']);
    const visible = anonymous.pagesOf([...PAGES, page('deeper', { parentId: 'secret', path: 'advanced/secret/deeper' })]);
    expect(visible.pages.map((p) => p.id)).toEqual(['intro', 'setup', 'advanced', 'tuning', 'website']);
    expect(visible.excluded).toEqual(['secret', 'deeper']);
    expect(visible.listed(visible.byId.get('setup')!)).toBe(false);
    expect(pro.pagesOf(PAGES).byPath.get('advanced/secret')?.id).toBe('secret');
  });

  it('fails closed on a condition that does not parse, and a site space needs its section', () => {
    const view = new VisitorView(
      site({ siteSpaces: [siteSpace('a', { isDefault: true, condition: 'visitor.claims.(' }), siteSpace('b', { sectionId: 'gone' })] }),
      {},
    );
    expect(view.siteSpaces).toEqual([]);
  });

  it('fingerprints what the claims change, not the claims themselves', () => {
    const a = new VisitorView(sectionedSite(), { pro: false, name: 'Ada' });
    const b = new VisitorView(sectionedSite(), { other: 1 });
    const c = new VisitorView(sectionedSite(), { pro: true });
    expect(a.fingerprint(a.pagesOf(PAGES))).toBe(b.fingerprint(b.pagesOf(PAGES)));
    expect(c.fingerprint(c.pagesOf(PAGES))).not.toBe(a.fingerprint(a.pagesOf(PAGES)));
  });
});

describe('locate: section, then variant, then the page path', () => {
  const pro = new VisitorView(sectionedSite(), { pro: true, beta: true });
  const anonymous = new VisitorView(sectionedSite(), {});

  it('defaults have no segment; a named section or variant consumes one', () => {
    expect(locate(pro, [])).toMatchObject({ section: { id: 'guides' }, siteSpace: { id: 'v1' }, rest: [], complete: false });
    expect(locate(pro, ['v2', 'intro'])).toMatchObject({ section: { id: 'guides' }, siteSpace: { id: 'v2' }, rest: ['intro'] });
    expect(locate(pro, ['api', 'x'])).toMatchObject({ section: { id: 'api' }, siteSpace: { id: 'ref' }, rest: ['x'], complete: true });
    // Complete: a variant was named, or the section was and has one variant; not at a level with alternatives.
    expect([locate(pro, ['v2'])?.complete, locate(pro, ['api'])?.complete]).toEqual([true, true]);
  });

  it('a section or variant the visitor may not see does not match: its segment is a page path of the root', () => {
    expect(locate(anonymous, ['api', 'x'])).toMatchObject({ section: { id: 'guides' }, siteSpace: { id: 'v1' }, rest: ['api', 'x'] });
    expect(locate(anonymous, ['v2'])).toMatchObject({ siteSpace: { id: 'v1' }, rest: ['v2'], complete: true });
  });

  it('the first visible section stands in for a default the visitor may not see; nothing visible is null', () => {
    const hiddenDefault = sectionedSite();
    hiddenDefault.sections[0].condition = 'false';
    expect(locate(new VisitorView(hiddenDefault, { pro: true }), [])).toMatchObject({ section: { id: 'api' }, siteSpace: { id: 'ref' } });
    expect(locate(new VisitorView(hiddenDefault, {}), [])).toBeNull();
  });
});

describe('matchPage', () => {
  const visible = new VisitorView(site(), {}).pagesOf(PAGES);

  it('the root shows the first listed document page; a path shows its page, hidden ones too', () => {
    expect(matchPage(visible, [])).toEqual({ kind: 'page', page: PAGES[0] });
    expect(matchPage(visible, ['setup'])).toEqual({ kind: 'page', page: PAGES[1] });
    expect(matchPage(visible, ['advanced', 'secret'])).toEqual({ kind: 'none' });
    expect(matchPage(visible, ['nope'])).toEqual({ kind: 'none' });
  });

  it('a group sends to its first page, a link page to its target; an empty space is empty', () => {
    expect(matchPage(visible, ['advanced'])).toEqual({ kind: 'redirect', to: { pageId: 'tuning' } });
    expect(matchPage(visible, ['website'])).toEqual({ kind: 'redirect', to: { url: 'https://example.com' } });
    expect(matchPage(new VisitorView(site(), {}).pagesOf([]), [])).toEqual({ kind: 'empty' });
  });

  it('reading order skips hidden pages, groups and links', () => {
    expect(readingOrder(visible).map((p) => p.id)).toEqual(['intro', 'tuning']);
  });
});
