import { decodePath, encodePath, isExternal, joinPath, pageSlug, relativePath, slugOfPath, titleOfName } from './layout-paths';

describe('layout paths', () => {
  it('joins and normalises, refusing to leave the top', () => {
    expect(joinPath('./docs/', 'a/./b//c.md')).toBe('docs/a/b/c.md');
    expect(joinPath('docs', '../x.md')).toBe('x.md');
    expect(joinPath('docs', '../../x.md')).toBeUndefined();
    expect(joinPath('')).toBe('');
  });

  it('relative paths between folders', () => {
    expect(relativePath('', 'a/b.md')).toBe('a/b.md');
    expect(relativePath('toc', 'a/b.md')).toBe('../a/b.md');
    expect(relativePath('a', 'a/b.md')).toBe('b.md');
  });

  it('slugs from paths: the folder for a folder README, the file name otherwise, the title for the root README', () => {
    expect(slugOfPath('guides/setup.md')).toBe('setup');
    expect(slugOfPath('guides/README.md')).toBe('guides');
    expect(slugOfPath('Getting Started.md')).toBe('getting-started');
    expect(slugOfPath('v1.2_beta.md')).toBe('v1.2_beta');
    expect(slugOfPath('readme.md')).toBe('readme');
    expect(slugOfPath('README.md')).toBeUndefined();
    expect(pageSlug('README.md', 'Welcome Home!')).toBe('welcome-home');
  });

  it('link destinations: external or a path, percent-encoding both ways', () => {
    expect(isExternal('https://x.org')).toBe(true);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('//cdn.x.org/a.png')).toBe(true);
    expect(isExternal('a/b.md')).toBe(false);
    expect(decodePath('my%20page.md#part')).toBe('my page.md');
    expect(decodePath('100%.md')).toBe('100%.md');
    const odd = 'a b/(c)#?%<d>\\é.md';
    expect(encodePath(odd)).toBe('a%20b/%28c%29%23%3F%25%3Cd%3E%5Cé.md');
    expect(decodePath(encodePath(odd))).toBe(odd);
  });

  it('titles from file names', () => {
    expect(titleOfName('getting-started_guide.md')).toBe('Getting started guide');
  });
});
