import { HeadingSlugs, slugOf } from './heading-slugs';

describe('heading anchors', () => {
  it('slugs keep letters and digits of any script, lower case, blanks as dashes', () => {
    expect(slugOf('Getting Started!')).toBe('getting-started');
    expect(slugOf('C# & .NET 8')).toBe('c-net-8');
    expect(slugOf('Привет, мир')).toBe('привет-мир');
    expect(slugOf('snake_case-name')).toBe('snake_case-name');
    expect(slugOf('?!')).toBe('section');
  });

  it('numbers repeats, never reuses an anchor, and keeps valid explicit ids', () => {
    const s = new HeadingSlugs();
    expect(['A', 'A', 'A 1', 'A'].map((t) => s.next(t))).toEqual(['a', 'a-1', 'a-1-1', 'a-2']);
    expect(s.next('Whatever', 'custom.id')).toBe('custom.id');
    expect(s.next('Whatever', 'custom.id')).toBe('custom.id-1');
    expect(s.next('Bad', 'x" onclick="y')).toBe('bad');
    // The footnotes heading's id is taken.
    expect(s.next('Footnote label')).toBe('footnote-label-1');
  });
});
