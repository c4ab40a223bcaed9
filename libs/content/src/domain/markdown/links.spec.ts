import { findLinks, rewriteLinks } from './links';

const targets = (md: string) => findLinks(md).map((l) => [l.target, l.image]);

describe('findLinks', () => {
  it('finds inline links and images outside code, with their offsets', () => {
    const md = '[a](/x) `[b](/y)`\n```\n[c](/z)\n```\n![d](<e f.png>) $$[m](/n)$$';
    expect(targets(md)).toEqual([
      ['/x', false],
      ['e f.png', true],
    ]);
    for (const l of findLinks(md)) expect(md.slice(l.start, l.end)).toBe(l.target);
  });

  it('keeps balanced parentheses and escapes in targets (parentheses used to end the link)', () => {
    const md = 'See [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) and [t](/a\\(b "title").';
    expect(targets(md)).toEqual([
      ['https://en.wikipedia.org/wiki/Foo_(bar)', false],
      ['/a(b', false],
    ]);
  });

  it('finds reference definitions, content-ref and file tags, and figure images; not autolinks', () => {
    const md =
      '[x][r] <https://auto.example> www.example.com\n\n[r]: ./guide.md\n\n{% content-ref url="./p.md" %}\n[p](./p.md)\n{% endcontent-ref %}\n\n{% file src="./a.pdf" %}\n\n<figure><img src="./i.png" alt="I"></figure>';
    expect(targets(md)).toEqual([
      ['./guide.md', false],
      ['./p.md', false],
      ['./p.md', false],
      ['./a.pdf', true],
      ['./i.png', true],
    ]);
  });

  it('gives offsets into the text as written, CRLF line endings included', () => {
    const md = 'a\r\n\r\n> [x](/one)\r\n> ![y](/two)';
    for (const l of findLinks(md)) expect(md.slice(l.start, l.end)).toBe(l.target);
    expect(findLinks(md)).toHaveLength(2);
  });
});

describe('rewriteLinks', () => {
  it('replaces targets in place, escaping the new one for where it is written', () => {
    const md = '[a](./a.md) [b](<./b c.md>)\n{% content-ref url="./a.md" %}\n[c](./c.md "t")';
    const out = rewriteLinks(md, (l) => (l.target === './a.md' ? '/pages/p1' : l.target === './b c.md' ? '/pages/p<2>' : l.target === './c.md' ? 'x y' : null));
    expect(out).toBe('[a](/pages/p1) [b](</pages/p\\<2\\>>)\n{% content-ref url="/pages/p1" %}\n[c](<x y> "t")');
  });

  it('leaves the text alone when nothing changes', () => {
    const md = 'No [link](https://example.com) to change.';
    expect(rewriteLinks(md, () => null)).toBe(md);
  });
});
