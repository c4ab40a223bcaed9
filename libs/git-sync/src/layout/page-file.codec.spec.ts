import { parsePageFile, renderPageFile } from './page-file.codec';
import { GitLayoutError } from './git-layout.error';

const parse = (source: string) => parsePageFile(source, 'docs/guide.md');

describe('page files', () => {
  it('the leading `# heading` is the title; one blank line after it belongs to it', () => {
    expect(parse('# Setup\n\nBody\n')).toEqual({ title: 'Setup', markdown: 'Body\n' });
    expect(parse('\n\n# Setup\nBody')).toEqual({ title: 'Setup', markdown: 'Body' });
    expect(parse('# Setup\n\n\nBody')).toEqual({ title: 'Setup', markdown: '\nBody' });
    expect(parse('# Setup\n')).toEqual({ title: 'Setup', markdown: '' });
  });

  it('heading text: closing `#`s are not part of it, escapes are undone', () => {
    expect(parse('# C#\n').title).toBe('C#');
    expect(parse('# Title ##\n').title).toBe('Title');
    expect(parse('# Writing \\[draft\\] \\_pages\\_\n').title).toBe('Writing [draft] _pages_');
  });

  it('without a leading `# heading` there is no title and the body is the whole text', () => {
    expect(parse('## Section\n\ntext\n')).toEqual({ markdown: '## Section\n\ntext\n' });
    expect(parse('#hashtag\n')).toEqual({ markdown: '#hashtag\n' });
  });

  it('frontmatter: description, icon, hidden, layout flags in GitBook form or as booleans; other keys ignored', () => {
    const source = [
      '---',
      'description: >-',
      '  Folded',
      '  text.',
      'icon: 12',
      'hidden: true',
      'layout:',
      '  width: wide',
      '  title:',
      '    visible: false',
      '  outline: true',
      '  pagination: {}',
      'cover: .gitbook/assets/x.png',
      '---',
      '',
      '# T',
      '',
      'Body',
    ].join('\n');
    expect(parse(source)).toEqual({
      title: 'T',
      markdown: 'Body',
      description: 'Folded text.',
      icon: '12',
      hidden: true,
      layout: { title: false, outline: true },
    });
  });

  it('`hidden: false` and empty texts are the defaults, so they are not kept', () => {
    expect(parse('---\nhidden: false\ndescription: ""\nicon:\n---\n# T\n')).toEqual({ title: 'T', markdown: '' });
  });

  it('bad frontmatter: a GitLayoutError naming the file and its line', () => {
    const error = (() => {
      try {
        parse('---\ndescription: ok\nicon: [oops\n---\n# T\n');
      } catch (e) {
        return e as GitLayoutError;
      }
    })();
    expect(error).toBeInstanceOf(GitLayoutError);
    expect(error!.message).toMatch(/^docs\/guide\.md:\d+: frontmatter is not valid YAML/);
    expect(error!.line).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['---\n- a\n---\n', /guide\.md:2: frontmatter must be a map of keys to values/],
    ['---\ntitle: x\ndescription: [a, b]\n---\n', /guide\.md:3: frontmatter description: must be text/],
    ['---\nicon: {a: 1}\n---\n', /guide\.md:2: frontmatter icon: must be text/],
  ])('refuses %j', (source, message) => {
    expect(() => parse(source)).toThrow(message);
  });

  it('writes frontmatter only with the fields set, in a fixed order, then the title and the body', () => {
    expect(renderPageFile({ title: 'T', markdown: 'Body\n' })).toBe('# T\n\nBody\n');
    expect(renderPageFile({ title: 'T', markdown: '' })).toBe('# T\n');
    expect(renderPageFile({ title: 'T', markdown: 'x', hidden: false, description: '' })).toBe('# T\n\nx');
    expect(
      renderPageFile({ title: 'T', markdown: 'x', layout: { zeta: true, pagination: false, title: true }, hidden: true, icon: 'rocket', description: 'D: d' }),
    ).toBe(
      '---\ndescription: "D: d"\nicon: rocket\nhidden: true\nlayout:\n  title:\n    visible: true\n  pagination:\n    visible: false\n  zeta:\n    visible: true\n---\n\n# T\n\nx',
    );
  });

  it('escapes titles so they read back as the same text', () => {
    for (const title of ['a *b* [c] <d> `e` _f_ \\g', 'C#', 'ends with #', '#', '\\#', 'x ## #']) {
      const source = renderPageFile({ title, markdown: 'body' });
      expect(parse(source)).toEqual({ title, markdown: 'body' });
    }
    expect(renderPageFile({ title: 'ends with #', markdown: '' })).toBe('# ends with # #\n');
  });
});
