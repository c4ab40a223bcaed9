import { renderReaderPage } from './render-reader-page';
import { LinkTargets } from './reader-nodes';

const links: LinkTargets = {
  page: (id, anchor) => (id === 'gone' ? null : `/site/${id}${anchor ? `#${anchor}` : ''}`),
  file: (id) => `/site/~files/${id}`,
};
const opts = {
  links,
  pageTitle: (id: string) => (id === 'p1' ? 'Setup guide' : undefined),
  fileName: (id: string) => (id === 'f2' ? 'report.pdf' : undefined),
};
const html = (markdown: string) => renderReaderPage(markdown, 'Page', opts).html.replace(/\n/g, '');

/** Every construct of the markdown dialect (issue 10's list), as readers get it. */
describe('reader HTML: CommonMark and GFM', () => {
  it('headings 1-3 with anchors, paragraphs, marks, divider, quotes', () => {
    expect(html('# One\n\n## Two\n\n### Three\n\n**b** *i* `c` ~~s~~\n\n***\n\n> quoted')).toBe(
      '<h1 id="one">One</h1><h2 id="two">Two</h2><h3 id="three">Three</h3>' +
        '<p><strong>b</strong> <em>i</em> <code>c</code> <del>s</del></p><hr><blockquote><p>quoted</p></blockquote>',
    );
  });

  it('nested, ordered (with start) and task lists', () => {
    expect(html('- a\n  1. x\n- b')).toBe('<ul><li>a<ol><li>x</li></ol></li><li>b</li></ul>');
    expect(html('3. c\n4. d')).toBe('<ol start="3"><li>c</li><li>d</li></ol>');
    expect(html('- [x] done\n- [ ] todo')).toBe(
      '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" checked disabled> done</li>' +
        '<li class="task-list-item"><input type="checkbox" disabled> todo</li></ul>',
    );
  });

  it('tables with alignment', () => {
    expect(html('| a | b | c |\n|:-|:-:|-:|\n| 1 | 2 | 3 |')).toBe(
      '<table><thead><tr><th align="left">a</th><th align="center">b</th><th align="right">c</th></tr></thead>' +
        '<tbody><tr><td align="left">1</td><td align="center">2</td><td align="right">3</td></tr></tbody></table>',
    );
  });

  it('links to URLs, pages (with anchors), anchors and files; autolinks; a page the site cannot show is text', () => {
    expect(
      html('[w](https://x.org/A_(b)) [p](/pages/p1) [s](/pages/p1#setup) [h](#here) [f](/files/f2) <https://y.org> [g](/pages/gone) [r](./nowhere.md)'),
    ).toBe(
      '<p><a href="https://x.org/A_(b)">w</a> <a href="/site/p1">p</a> <a href="/site/p1#setup">s</a> <a href="#here">h</a> ' +
        '<a href="/site/~files/f2">f</a> <a href="https://y.org">https://y.org</a> g r</p>',
    );
    expect(html('[ref][1]\n\n[1]: /pages/p1 "T"')).toBe('<p><a href="/site/p1" title="T">ref</a></p>');
  });

  it('images with alt and title, from files or the web', () => {
    expect(html('![Logo](/files/f1 "The logo") ![w](https://x.org/a.png)')).toBe(
      '<p><img src="/site/~files/f1" alt="Logo" title="The logo"> <img src="https://x.org/a.png" alt="w"></p>',
    );
  });

  it('fenced code with language and a title', () => {
    expect(html('```ts\nconst a = 1;\n```')).toBe('<pre><code class="language-ts">const a = 1;\n</code></pre>'.replace(/\n/g, ''));
    expect(html('```js title="a.js"\nx\n```')).toBe(
      '<figure class="code-block"><figcaption>a.js</figcaption><pre><code class="language-js">x</code></pre></figure>',
    );
  });

  it('footnotes, linked both ways', () => {
    expect(html('Text[^1].\n\n[^1]: The note.')).toBe(
      '<p>Text<sup><a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref aria-describedby="footnote-label">1</a></sup>.</p>' +
        '<section data-footnotes class="footnotes"><h2 class="sr-only" id="footnote-label">Footnotes</h2><ol><li id="user-content-fn-1">' +
        '<p>The note. <a href="#user-content-fnref-1" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">↩</a></p>' +
        '</li></ol></section>',
    );
  });

  it('math blocks keep the formula as text', () => {
    expect(html('$$\nE = mc^2\n$$')).toBe('<pre><code class="language-math math-display">E = mc^2</code></pre>');
  });
});

describe("reader HTML: GitBook's blocks", () => {
  it.each(['info', 'success', 'warning', 'danger'])('hint style="%s"', (style) => {
    expect(html(`{% hint style="${style}" %}\nCareful **now**.\n{% endhint %}`)).toBe(
      `<div class="hint hint-${style}" role="note"><p>Careful <strong>now</strong>.</p></div>`,
    );
  });

  it("GitHub's alerts are hints", () => {
    expect(html('> [!TIP]\n> Use it.')).toBe('<div class="hint hint-success" role="note"><p>Use it.</p></div>');
  });

  it('tabs read without script, each titled', () => {
    expect(html('{% tabs %}\n{% tab title="JS" %}\nrun()\n{% endtab %}\n\n{% tab title="Py" %}\nrun\n{% endtab %}\n{% endtabs %}')).toBe(
      '<div class="tabs"><details class="tabs-item" open><summary>JS</summary><p>run()</p></details>' +
        '<details class="tabs-item" open><summary>Py</summary><p>run</p></details></div>',
    );
  });

  it('code with title, line numbers and wrapping', () => {
    expect(html('{% code title="index.js" overflow="wrap" lineNumbers="true" %}\n```javascript\nconst a = 1;\n```\n{% endcode %}')).toBe(
      '<figure class="code-block line-numbers wrap"><figcaption>index.js</figcaption><pre><code class="language-javascript">const a = 1;</code></pre></figure>',
    );
  });

  it('embed, file and content-ref as links (no frames)', () => {
    expect(html('{% embed url="https://www.youtube.com/watch?v=x" %}')).toBe(
      '<div class="embed"><a class="embed-link" href="https://www.youtube.com/watch?v=x">https://www.youtube.com/watch?v=x</a></div>',
    );
    expect(html('{% file src="/files/f2" %}\nThe caption\n{% endfile %}')).toBe(
      '<div class="file"><a class="file-link" href="/site/~files/f2">report.pdf</a></div><p>The caption</p>',
    );
    expect(html('{% content-ref url="/pages/p1" %}\n[p1.md](/pages/p1)\n{% endcontent-ref %}')).toBe(
      '<div class="content-ref"><a class="content-ref-link" href="/site/p1">Setup guide</a></div>',
    );
    expect(html('{% content-ref url="/pages/gone" %}\n[Gone](/pages/gone)\n{% endcontent-ref %}')).toBe('<div class="content-ref"><span>Gone</span></div>');
    expect(html('{% embed url="javascript:alert(1)" %}')).toBe('');
  });

  it('details with a summary, figures with captions, heading anchors GitBook writes', () => {
    expect(html('<details>\n<summary>More</summary>\n\nInside **here**.\n\n</details>')).toBe(
      '<details><summary>More</summary><p>Inside <strong>here</strong>.</p></details>',
    );
    expect(html('<figure><img src="/files/f1" alt="A"><figcaption><p>Cap</p></figcaption></figure>')).toBe(
      '<figure><img src="/site/~files/f1" alt="A"><figcaption>Cap</figcaption></figure>',
    );
    expect(html('## Title <a href="#custom" id="custom"></a>')).toBe('<h2 id="custom">Title</h2>');
  });

  it('unknown tags stay visible, includes of missing reusable contents vanish, comments are dropped', () => {
    expect(html('{% swagger %}\n\n{% include "/reusable-contents/zz" %}\n\n<!-- note -->\n\nend')).toBe('<p>{% swagger %}</p><p>end</p>');
  });
});

describe('reader HTML: anchors and sections', () => {
  it('gives every heading a unique anchor and lists headings (levels 4-6 count as 3)', () => {
    const r = renderReaderPage('## Intro\n\n## Intro\n\n#### Deep *dive*\n\n## Intro 1\n\n## Ünïcode & Спасибо!', 'P', opts);
    expect(r.headings).toEqual([
      { level: 2, title: 'Intro', anchor: 'intro' },
      { level: 2, title: 'Intro', anchor: 'intro-1' },
      { level: 3, title: 'Deep dive', anchor: 'deep-dive' },
      { level: 2, title: 'Intro 1', anchor: 'intro-1-1' },
      { level: 2, title: 'Ünïcode & Спасибо!', anchor: 'ünïcode-спасибо' },
    ]);
    for (const h of r.headings) expect(r.html).toContain(`id="${h.anchor}"`);
  });

  it('cuts plain text at headings: the lead under the page title, then one section per heading', () => {
    const r = renderReaderPage(
      'Lead **text** with `code`.\n\n## A\n\n- one\n- two\n\n```sh\nnpm i\n```\n\n## B <a href="#b-id" id="b-id"></a>\n\n| x | y |\n|-|-|\n| 1 | 2 |',
      'Title',
      opts,
    );
    expect(r.sections).toEqual([
      { anchor: null, title: 'Title', text: 'Lead text with code.' },
      { anchor: 'a', title: 'A', text: 'one\ntwo\nnpm i' },
      { anchor: 'b-id', title: 'B', text: 'x\ny\n1\n2' },
    ]);
    expect(renderReaderPage('', 'Empty', opts).sections).toEqual([{ anchor: null, title: 'Empty', text: '' }]);
  });
});
