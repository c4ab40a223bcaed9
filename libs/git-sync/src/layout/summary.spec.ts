import { readSummary, SummaryEntry, SummaryItem } from './summary.reader';
import { writeSummary } from './summary.writer';

const item = (title: string, href: string, children: SummaryItem[] = []): SummaryItem => ({ kind: 'item', title, href, children });

describe('SUMMARY.md', () => {
  it('nested lists are the page tree, whatever the markers and indentation', () => {
    const source = '# Table of contents\n\n- [A](a.md)\n    + [B](a/b.md)\n\t  * [C](a/b/c.md)\n  * [D](a/d.md)\n* [E](e.md)\n';
    expect(readSummary(source)).toEqual([item('A', 'a.md', [item('B', 'a/b.md', [item('C', 'a/b/c.md')]), item('D', 'a/d.md')]), item('E', 'e.md')]);
  });

  it('`## Heading` starts a group that holds the items up to the next heading, with GitBook anchors as slugs', () => {
    const source = '* [Intro](README.md)\n\n## Guides\n\n* [One](one.md)\n  * [Two](two.md)\n\n## API <a href="#api-v2" id="api-v2"></a>\n* [Ref](ref.md)\n';
    expect(readSummary(source)).toEqual([
      item('Intro', 'README.md'),
      { kind: 'group', title: 'Guides', children: [item('One', 'one.md', [item('Two', 'two.md')])] },
      { kind: 'group', title: 'API', slug: 'api-v2', children: [item('Ref', 'ref.md')] },
    ]);
  });

  it('ignores the title, prose, items without a link and fenced code', () => {
    const source = '# Summary\n\nSome prose.\n\n* Not a link\n* [Real](real.md)\n```\n* [Fake](fake.md)\n```\n';
    expect(readSummary(source)).toEqual([item('Real', 'real.md')]);
  });

  it('link texts and destinations: escapes, nested brackets, angle brackets, titles', () => {
    const source = '* [a \\[b\\] \\\\ c](x.md)\n* [see [this]](y.md "Title")\n* [Spaces](<my page.md>)\n* [Ext](https://example.com/a_(b))\n';
    expect(readSummary(source)).toEqual([
      item('a [b] \\ c', 'x.md'),
      item('see [this]', 'y.md'),
      item('Spaces', 'my page.md'),
      item('Ext', 'https://example.com/a_(b)'),
    ]);
  });

  it('writes GitBook spelling: `*` markers, two spaces per level, blank lines around groups, anchors only when asked', () => {
    const entries: SummaryEntry[] = [
      item('Intro', 'README.md', [item('Child', 'intro/child.md')]),
      { kind: 'group', title: 'Guides', slug: 'guides', children: [item('a [b]', 'guides/a.md')] },
      { kind: 'group', title: 'API <x> #', slug: 'api', children: [item('Ext', 'https://example.com/a b')] },
    ];
    const written = writeSummary(entries, (group) => (group.slug === 'api' ? 'api' : undefined));
    expect(written).toBe(
      '# Table of contents\n\n* [Intro](README.md)\n  * [Child](intro/child.md)\n\n## Guides\n\n* [a \\[b\\]](guides/a.md)\n\n## API \\<x> \\# <a href="#api" id="api"></a>\n\n* [Ext](<https://example.com/a b>)\n',
    );
    expect(readSummary(written)).toEqual([entries[0], { ...entries[1], slug: undefined }, entries[2]]);
  });

  it('an empty tree is just the title', () => {
    expect(writeSummary([], () => undefined)).toBe('# Table of contents\n');
  });
});
