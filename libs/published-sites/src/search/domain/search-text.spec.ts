import { escapeHtml, fold, tokenize } from './search-text';

describe('search text', () => {
  it('folds case and accents the way the index compares words', () => {
    expect(fold('Ÿes ÉCOLE naïve Straße')).toBe('yes ecole naive straße');
  });

  it('cuts words at anything but letters and digits, keeping their place in the original', () => {
    const text = 'Install the CLI: npm i -g café-tools (v2)';
    const words = tokenize(text);
    expect(words.map((t) => t.term)).toEqual(['install', 'the', 'cli', 'npm', 'i', 'g', 'cafe', 'tools', 'v2']);
    for (const t of words) expect(fold(text.slice(t.start, t.end))).toBe(t.term);
  });

  it('keeps decomposed accents, astral characters and non-Latin scripts inside their word', () => {
    expect(tokenize('cafe\u0301 au lait').map((t) => t.term)).toEqual(['cafe', 'au', 'lait']);
    expect(tokenize('Привет, мир').map((t) => t.term)).toEqual(['привет', 'мир']);
    const astral = tokenize('a𝒳b c');
    expect(astral.map((t) => [t.start, t.end])).toEqual([
      [0, 4],
      [5, 6],
    ]);
  });

  it('stops after max words', () => {
    expect(tokenize('one two three four', 2).map((t) => t.term)).toEqual(['one', 'two']);
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<img src=x onerror="a('&')">`)).toBe('&lt;img src=x onerror=&quot;a(&#39;&amp;&#39;)&quot;&gt;');
  });
});
