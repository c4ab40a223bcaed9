import { parseMarkdown } from '@app/content';
import { GlossaryTerm, SegmentedPage } from './markdown-segments';
import { parseReply } from './segment-text';

const segmented = (markdown: string, glossary: GlossaryTerm[] = []) => new SegmentedPage(markdown, parseMarkdown(markdown), glossary);
/** A translator that upper-cases text and keeps every tag where it was. */
const shout = (text: string) => text.replace(/(<[^>]+>)|([^<]+)/g, (_m, tag?: string, t?: string) => tag ?? t!.toUpperCase());
const translate = (markdown: string, glossary: GlossaryTerm[] = []) => {
  const page = segmented(markdown, glossary);
  return page.assemble(page.segments.map((s, i) => page.render(i, shout(s.text))));
};

describe('markdown segments', () => {
  it('sends text only, with inline markup as tags, and puts the reply back in place', () => {
    const page = segmented('# Getting started\n\nRead **the guide** and [the API](https://x.org/Api_(v2) "Api") now.\n');
    expect(page.segments.map((s) => s.text)).toEqual(['Getting started', 'Read <g1>the guide</g1> and <g2>the API</g2> now.']);
    expect(page.words).toBe(9);
    expect(page.assemble(page.segments.map((s, i) => page.render(i, shout(s.text))))).toBe(
      '# GETTING STARTED\n\nREAD **THE GUIDE** AND [THE API](https://x.org/Api_(v2) "Api") NOW.\n',
    );
  });

  it('never sends code, HTML, math, GitBook tags, frontmatter, URLs or images', () => {
    const md = [
      '---',
      'description: Keep me',
      '---',
      '',
      '# Title',
      '',
      '{% hint style="info" %}',
      'Use `npm install` here, see <https://example.com> and ![logo](/files/abc).',
      '{% endhint %}',
      '',
      '```sh',
      'echo hello world',
      '```',
      '',
      '<div>raw html</div>',
      '',
      '$$',
      'x = y',
      '$$',
      '',
    ].join('\n');
    const page = segmented(md);
    expect(page.segments.map((s) => s.text)).toEqual(['Title', 'Use <x1/> here, see <x2/> and <x3/>.']);
    expect(translate(md)).toBe(
      md.replace('# Title', '# TITLE').replace('Use `npm install` here, see', 'USE `npm install` HERE, SEE').replace(' and ![logo]', ' AND ![logo]'),
    );
  });

  it('translates lists, quotes and table cells; a cell escapes "|"', () => {
    const md = '- one item\n- two\n\n> quoted line\n> next line\n\n| Name | Kind |\n| --- | --- |\n| a b | c |\n';
    const page = segmented(md);
    expect(page.segments.map((s) => s.text)).toEqual(['one item', 'two', 'quoted line\nnext line', 'Name', 'Kind', 'a b', 'c']);
    const replies = ['un élément', 'deux', 'ligne citée suivante', 'Nom | x', 'Genre', 'a b', 'c'];
    expect(page.assemble(page.segments.map((_s, i) => page.render(i, replies[i])))).toBe(
      '- un élément\n- deux\n\n> ligne citée suivante\n\n| Nom \\| x | Genre |\n| --- | --- |\n| a b | c |\n',
    );
  });

  it('escapes markup characters a translation brings, so they read as text', () => {
    const page = segmented('Plain text here.\n');
    expect(page.render(0, '# 1. *not* &lt;b&gt; `code` [x] $$ {% tag %} &amp;amp;')).toBe(
      '\\# 1. \\*not\\* \\<b\\> \\`code\\` \\[x\\] \\$$ {\\% tag %} \\&amp;',
    );
    expect(page.render(0, '- a list?')).toBe('\\- a list?');
  });

  it('writes glossary terms as their translation, whole words only, whatever their case', () => {
    const glossary = [{ source: 'Space', target: 'Espace' }];
    const page = segmented('A space holds Spaces; the space is in a Workspace.\n', glossary);
    expect(page.segments[0].text).toBe('A <x1/> holds Spaces; the <x2/> is in a Workspace.');
    expect(page.words).toBe(10);
    expect(translate('A space holds Spaces.\n', glossary)).toBe('A Espace HOLDS SPACES.\n');
  });

  it('a reply whose tags do not add up is refused; its pieces are translated alone', () => {
    const page = segmented('Read **the guide** now.\n');
    expect(page.render(0, 'Lisez le guide maintenant.')).toBeNull();
    expect(page.render(0, 'Lisez <g1>le guide</g1> <g1>x</g1>.')).toBeNull();
    expect(page.render(0, '<g1> </g1> 42')).toBeNull();
    expect(page.segments[0].pieces).toEqual(['Read ', 'the guide', ' now.']);
    expect(page.assemble([page.renderPieces(0, ['Lisez', 'le <b>guide</b>', 'maintenant.'])])).toBe('Lisez **le guide** maintenant.\n');
    // A piece answered without text keeps its own.
    expect(page.assemble([page.renderPieces(0, ['Lisez', '', 'maintenant.'])])).toBe('Lisez **the guide** maintenant.\n');
  });

  it('blocks without letters are not sent; a page without text is unchanged', () => {
    expect(segmented('123\n\n`x`\n').segments).toEqual([]);
    expect(translate('```\ncode\n```\n')).toBe('```\ncode\n```\n');
  });
});

describe('translator replies', () => {
  it('tags must match the segment: each group opened and closed once, nested, each atom once', () => {
    expect(parseReply('a <g1>b <x1/></g1>', 1, 1)).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'open', n: 1 },
      { kind: 'text', text: 'b ' },
      { kind: 'atom', n: 1 },
      { kind: 'close', n: 1 },
    ]);
    expect(parseReply('<x1></x1> &lt;ok&gt; &#233;', 0, 1)).toEqual([
      { kind: 'atom', n: 1 },
      { kind: 'text', text: ' <ok> é' },
    ]);
    for (const bad of ['<g1>a', 'a</g1>', '<g1><g2></g1></g2>', '<x1/><x1/>', '', '<g1/>', '<x2/>', '<x1>text</x1>'])
      expect([bad, parseReply(bad, bad.includes('g2') ? 2 : 1, 1)]).toEqual([bad, null]);
  });
});
