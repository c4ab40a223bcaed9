import { parseQuery } from './search-query';
import { sectionHits, snippet } from './section-hits';
import { matchesIn } from './search-query';

const q = (text: string) => parseQuery(text)!;

describe('section hits', () => {
  const sections = [
    { anchor: null, title: 'Setup', text: 'Welcome. This page explains the setup.' },
    { anchor: 'install', title: 'Install', text: 'Run the installer, then configure the token in your profile.' },
    { anchor: 'token', title: 'API token', text: 'A token authenticates requests. Keep the token secret; rotate the token often.' },
    { anchor: 'faq', title: 'FAQ', text: 'Nothing relevant here.' },
  ];

  it('lists the sections holding terms, more distinct terms and terms in the heading first', () => {
    const hits = sectionHits(q('api token'), sections);
    expect(hits.map((h) => h.anchor)).toEqual(['token', 'install']);
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
    expect(hits[0].snippet).toContain('<mark>token</mark>');
  });

  it('keeps at most the given number of sections, ties in document order', () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ anchor: `s${i}`, title: `S${i}`, text: 'same word' }));
    expect(sectionHits(q('word'), many, 3).map((h) => h.anchor)).toEqual(['s0', 's1', 's2']);
  });

  it('does not count the page title (the first section has no heading of its own)', () => {
    expect(sectionHits(q('setup'), sections).map((h) => h.anchor)).toEqual([null]);
    expect(sectionHits(q('welcome'), [{ anchor: null, title: 'Welcome', text: 'nothing' }])).toEqual([]);
  });

  it('escapes the text around the marks, so a snippet is safe HTML', () => {
    const text = '<script>alert(1)</script> and the token & <b>more</b>';
    const s = snippet(text, matchesIn(q('token'), text));
    expect(s).toBe('&lt;script&gt;alert(1)&lt;/script&gt; and the <mark>token</mark> &amp; &lt;b&gt;more&lt;/b&gt;');
  });

  it('shows a window around the densest matches, cut with ellipses', () => {
    const text = `${'lorem ipsum '.repeat(40)}alpha beta gamma ${'dolor sit '.repeat(40)}`;
    const s = snippet(text, matchesIn(q('alpha gamma'), text), 60);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('<mark>alpha</mark> beta <mark>gamma</mark>');
    expect(s.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(62);
  });

  it('shows the beginning of a text without matches, collapsing white space', () => {
    expect(snippet('one\n\ntwo   three', [])).toBe('one two three');
    expect(snippet('word '.repeat(100), [], 20)).toBe('word word word word…');
  });
});
