import fc from 'fast-check';

/**
 * Markdown text as people (and GitBook's export) write it, built from the pieces that interact:
 * block markers, GitBook tags, HTML snippets, emphasis, links, math, footnotes, tables,
 * indentation. Not valid on purpose: unbalanced tags and half-written syntax are the point.
 */
const inlinePiece = fc.oneof(
  { weight: 8, arbitrary: fc.stringMatching(/^[a-zA-Z0-9]{1,6}$/) },
  { weight: 3, arbitrary: fc.constantFrom(' ', ' ', '  ') },
  {
    weight: 4,
    arbitrary: fc.constantFrom('*', '**', '_', '__', '~~', '`', '``', '\\', '[', ']', '(', ')', '!', '<', '>', '&', '#', '|', '$$', '$', '^', '"', "'", ':'),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '[link](https://example.com/a_(b))',
      '![alt](/files/f1 "title")',
      '[page](/pages/p1#top)',
      '<https://example.com>',
      'www.example.com',
      '[^1]',
      '$$x^2$$',
      '<br>',
      '<kbd>K</kbd>',
      '`code`',
      '**bold**',
      '_it_',
      '~~del~~',
      'Ж λ 中',
      '&amp;',
      '[ref]',
    ),
  },
);
const inlineText = fc.array(inlinePiece, { minLength: 1, maxLength: 8 }).map((p) => p.join(''));
const prefix = fc.constantFrom(
  '',
  '',
  '',
  '',
  '# ',
  '### ',
  '#### ',
  '- ',
  '* ',
  '1. ',
  '2) ',
  '> ',
  '- [ ] ',
  '- [x] ',
  '  ',
  '    ',
  '   - ',
  '> > ',
  '- > ',
);
const blockLine = fc.oneof(
  { weight: 10, arbitrary: fc.tuple(prefix, inlineText).map(([p, t]) => p + t) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      '',
      '---',
      '***',
      '```',
      '```js title="a.js"',
      '~~~',
      '$$',
      '| a | b |',
      '| :- | -: |',
      '| x | y |',
      '{% hint style="warning" %}',
      '{% endhint %}',
      '{% tabs %}',
      '{% tab title="One" %}',
      '{% endtab %}',
      '{% endtabs %}',
      '{% code title="x.js" lineNumbers="true" %}',
      '{% endcode %}',
      '{% embed url="https://example.com/v" %}',
      '{% content-ref url="/pages/p2" %}',
      '{% endcontent-ref %}',
      '{% file src="/files/f2" %}',
      '{% unknown %}',
      '<details>',
      '<summary>More</summary>',
      '</details>',
      '<figure><img src="/files/f3" alt="A"><figcaption><p>Cap</p></figcaption></figure>',
      '<div>html</div>',
      '<!-- comment -->',
      '[^1]: A footnote.',
      '[ref]: /pages/p3',
      '> [!NOTE]',
    ),
  },
);

export const markdownArbitrary = fc.array(blockLine, { minLength: 1, maxLength: 14 }).map((lines) => lines.join('\n'));
