import { parseGitbookConfig, renderGitbookConfig } from './gitbook-config.codec';
import { GitLayoutError } from './git-layout.error';

const parse = (source?: string) => parseGitbookConfig(source, 'docs/.gitbook.yaml');
const failure = (source: string) => {
  try {
    parse(source);
  } catch (e) {
    return e as GitLayoutError;
  }
  throw new Error('expected a GitLayoutError');
};

describe('.gitbook.yaml', () => {
  it('without a file: GitBook defaults', () => {
    expect(parse()).toEqual({ readme: 'README.md', summary: 'SUMMARY.md', redirects: {} });
    expect(parse('')).toEqual({ readme: 'README.md', summary: 'SUMMARY.md', redirects: {} });
  });

  it('reads root, structure and redirects', () => {
    const config = parse('root: ./docs/\nstructure:\n  readme: intro.md\n  summary: toc.md\nredirects:\n  old/page: new/page.md\n  __proto__: x.md\n');
    expect(config).toEqual({ root: './docs/', readme: 'intro.md', summary: 'toc.md', redirects: { 'old/page': 'new/page.md', ['__proto__']: 'x.md' } });
    expect(Object.getPrototypeOf(config.redirects)).toBe(Object.prototype);
  });

  it('bad YAML: a GitLayoutError naming the file and the line', () => {
    const error = failure('root: ./docs\nstructure:\n  readme: [unclosed\n');
    expect(error).toBeInstanceOf(GitLayoutError);
    expect(error.status).toBe(400);
    expect(error.file).toBe('docs/.gitbook.yaml');
    expect(error.line).toBeGreaterThanOrEqual(3);
    expect(error.message).toMatch(/^docs\/\.gitbook\.yaml:\d+: not valid YAML/);
  });

  it.each([
    ['- a list\n', /:1: must be a map of settings/],
    ['root: 12\n', /:1: root: must be a non-empty text/],
    ['root: ./\nstructure: [a]\n', /:2: structure: must be a map/],
    ['structure:\n  summary: ""\n', /:2: structure.summary: must be a non-empty text/],
    ['redirects: nope\n', /:1: redirects: must be a map of old path to new file/],
    ['redirects:\n  a: {b: c}\n', /:2: redirects.a: must be a non-empty text/],
  ])('refuses %j', (source, message) => {
    expect(failure(source).message).toMatch(message);
  });

  it('bounds YAML aliases (no "billion laughs")', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 8 }, (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(', ')}]`),
    ].join('\n');
    expect(failure(bomb).message).toMatch(/not valid YAML/);
  });

  it('writes nothing when every setting is a default', () => {
    expect(renderGitbookConfig({ readme: 'README.md', summary: 'SUMMARY.md', redirects: {} })).toBeUndefined();
  });

  it('writes root, structure and redirects, a blank line between sections', () => {
    expect(renderGitbookConfig({ root: './docs', readme: 'README.md', summary: 'SUMMARY.md', redirects: {} })).toBe(
      'root: ./docs\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n',
    );
    expect(renderGitbookConfig({ readme: 'intro.md', summary: 'SUMMARY.md', redirects: { 'a/b': 'c.md', yes: 'true' } })).toBe(
      'structure:\n  readme: intro.md\n  summary: SUMMARY.md\n\nredirects:\n  a/b: c.md\n  yes: "true"\n',
    );
  });

  it('reads back what it writes', () => {
    const config = { root: 'site/', readme: 'a b.md', summary: 'toc: x.md', redirects: { '#1': 'ü.md', null: '~.md' } };
    expect(parse(renderGitbookConfig(config))).toEqual(config);
  });
});
