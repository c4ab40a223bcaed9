import fc from 'fast-check';
import { markdownArbitrary } from '../testing/markdown-arbitraries';
import { renderReaderPage } from './render-reader-page';

const opts = { links: { page: (id: string) => `/site/${id}`, file: (id: string) => `/site/~files/${id}` } };
const render = (markdown: string) => renderReaderPage(markdown, 'Page', opts);
/** No element or attribute beyond what the handlers emit: every tag's name is one of the schema's. */
const TAGS = /<\/?([a-zA-Z][\w-]*)/g;
const ALLOWED = new Set(
  'a blockquote br code del details div em figcaption figure h1 h2 h3 h4 h5 h6 hr img input li ol p pre section span strong sup summary table tbody td th thead tr ul'.split(
    ' ',
  ),
);

/** How deep elements nest in an HTML text (void elements do not open). */
function nesting(html: string): number {
  let depth = 0;
  let max = 0;
  for (const m of html.matchAll(/<(\/?)([a-z][\w-]*)/g)) {
    if (['br', 'hr', 'img', 'input'].includes(m[2])) continue;
    depth += m[1] ? -1 : 1;
    max = Math.max(max, depth);
  }
  return max;
}

describe('reader HTML on any input', () => {
  it('never throws, emits only allowed elements, and gives every listed heading its anchor', () => {
    fc.assert(
      fc.property(markdownArbitrary, (markdown) => {
        const r = render(markdown);
        for (const m of r.html.matchAll(TAGS)) expect(ALLOWED.has(m[1])).toBe(true);
        for (const h of r.headings) expect(r.html).toContain(` id="${h.anchor}"`);
        expect(new Set(r.headings.map((h) => h.anchor)).size).toBe(r.headings.length);
        expect(r.sections).toHaveLength(r.headings.length + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps hostile nesting shallow (the tree walkers after the parser recurse)', () => {
    const cases = [
      `${'*'.repeat(3000)}a${'*'.repeat(3000)}`,
      `${'> '.repeat(60)}deep`,
      `${'{% hint %}\n'.repeat(200)}x${'\n{% endhint %}'.repeat(200)}`,
      `${'<details><summary>s</summary>\n\n'.repeat(100)}x${'\n\n</details>'.repeat(100)}`,
      `${'[a'.repeat(2000)}${'](x)'.repeat(2000)}`,
    ];
    for (const md of cases) expect(nesting(render(md).html)).toBeLessThan(120);
  });
});
