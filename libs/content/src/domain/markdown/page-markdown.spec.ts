import { BadRequest } from '@app/platform';
import { PageEntry } from '../page';
import { parsePageMarkdown, renderPageMarkdown } from './page-markdown';

const page = (fields: Partial<PageEntry>): PageEntry => ({
  id: 'p',
  parent: null,
  order: 'a0',
  slug: 's',
  doc: 'd',
  createdAt: '',
  updatedAt: '',
  title: 'T',
  ...fields,
});

describe('page markdown', () => {
  it('reads frontmatter and the title heading, and renders them back identically', () => {
    const md = '---\ndescription: "A: b"\nhidden: true\n---\n\n# Title here\n\nBody line\n';
    const parsed = parsePageMarkdown(md, 'm');
    expect(parsed).toEqual({ fields: { description: 'A: b', hidden: true, title: 'Title here' }, body: 'Body line\n' });
    const rendered = renderPageMarkdown(page({ title: 'Title here', description: 'A: b', hidden: true }), parsed.body);
    expect(rendered).toBe(md);
    expect(parsePageMarkdown(rendered, 'm')).toEqual(parsed);
  });

  it('keeps a title ending in # (`# C#` lost its title to the closing sequence rule)', () => {
    expect(parsePageMarkdown('# C#\n\nText', 'm').fields.title).toBe('C#');
    expect(parsePageMarkdown('# F# and C# #\n\nText', 'm').fields.title).toBe('F# and C#');
    for (const title of ['C#', 'Issue #', '#', 'a ## b']) expect(parsePageMarkdown(renderPageMarkdown(page({ title }), 'x'), 'm').fields.title).toBe(title);
    expect(parsePageMarkdown('#hashtag\n\nText', 'm')).toEqual({ fields: {}, body: '#hashtag\n\nText' });
  });

  it('reads YAML frontmatter: quoting, block scalars, booleans as text, other keys ignored', () => {
    const md = "---\ndescription: >-\n  Folded\n  text\nicon: 'book'\nnoIndex: 'true'\nlayout:\n  width: wide\n---\n# T\n";
    expect(parsePageMarkdown(md, 'm').fields).toEqual({ description: 'Folded text', icon: 'book', noIndex: true, title: 'T' });
  });

  it('renders values YAML would misread with quotes', () => {
    for (const description of ['- not a list', '&anchor', 'yes', '123', 'x: y', 'long '.repeat(40).trim()]) {
      const md = renderPageMarkdown(page({ description }), '');
      expect(parsePageMarkdown(md, 'm').fields.description).toBe(description);
    }
  });

  it.each([
    ['---\nhidden: maybe\n---\n', 'm: frontmatter hidden: must be true or false'],
    ['---\ndescription: [a]\n---\n', 'm: frontmatter description: must be text'],
    ['---\n- a\n---\n', 'm: frontmatter must be a map of keys to values'],
    ['---\na: "open\n---\n', 'm: frontmatter is not valid YAML'],
    [
      '---\na: &x [1]\nb: [*x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x]\n---\n',
      'm: frontmatter is not valid YAML',
    ],
  ])('400 for bad frontmatter %j', (md, message) => {
    expect(() => parsePageMarkdown(md, 'm')).toThrow(BadRequest);
    expect(() => parsePageMarkdown(md, 'm')).toThrow(message);
  });
});
