import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { sanitizeReaderHtml } from './reader-sanitize';
import { renderReaderPage } from './render-reader-page';
import { LinkTargets } from './reader-nodes';

const links: LinkTargets = { page: (id) => `/site/${id}`, file: (id) => `/site/~files/${id}` };

/** What must never reach a reader's browser as markup. */
function expectInert(rendered: string): void {
  // Attribute values as hast-util-to-html writes them (double quotes, `"` escaped) say nothing of markup.
  const html = rendered.replace(/="[^"]*"/g, (v) => (/^="\s*(?:javascript|vbscript|data|file):/i.test(v) ? v : '=""'));
  expect(html).not.toMatch(/<\/?(script|style|iframe|object|embed|svg|math|form|textarea|meta|link|base)\b/i);
  expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i); // event handler attributes
  expect(html).not.toMatch(/<[^>]*\sstyle\s*=/i);
  expect(html).not.toMatch(/<[^>]*\s(?:href|src)\s*=\s*"\s*(?:javascript|vbscript|data|file):/i);
}

const render = (markdown: string, l: LinkTargets = links) =>
  renderReaderPage(markdown, 'Page', { links: l, pageTitle: () => '<img src=x onerror=alert(1)>', fileName: () => '<script>alert(1)</script>' }).html;

describe('reader HTML sanitizing: XSS payloads in markdown', () => {
  it.each([
    ['a script block', '<script>alert(document.cookie)</script>'],
    ['a script inline', 'Hello <script>alert(1)</script> world'],
    ['an event handler on an image', '<img src="x" onerror="alert(1)">'],
    ['an event handler inline', 'a <img src=x onerror=alert(1)> b'],
    [
      'a raw HTML block of frames, styles and SVG',
      '<div>\n<iframe src="https://evil.example"></iframe>\n<style>body{display:none}</style>\n<svg onload=alert(1)></svg>\n</div>',
    ],
    ['a javascript: link', '[click](javascript:alert(1))'],
    ['a javascript: link in mixed case with entities', '[click](JaVaScRiPt&#58;alert(1)) [x](&#106;avascript:alert(1))'],
    ['a data: link and image', '[d](data:text/html,<script>alert(1)</script>) ![i](data:image/svg+xml,<svg onload=alert(1)>)'],
    ['a javascript: image', '![x](javascript:alert(1))'],
    ['a javascript: reference definition', '[x][1]\n\n[1]: javascript:alert(1)'],
    ['an HTML link', '<a href="javascript:alert(1)">x</a>'],
    ['a link title breaking out of its attribute', '[x](https://a.org "\\" onmouseover=\\"alert(1)")'],
    ['a hint style breaking out of its attribute', '{% hint style="info\\" onclick=\\"alert(1)" %}\nx\n{% endhint %}'],
    [
      'a tab and code title with markup',
      '{% tabs %}\n{% tab title="<script>alert(1)</script>" %}\nx\n{% endtab %}\n{% endtabs %}\n\n```js title="<img src=x onerror=alert(1)>"\nx\n```',
    ],
    ['an embed of a javascript: URL', '{% embed url="javascript:alert(1)" %}'],
    ['a file and content-ref whose names hold markup', '{% file src="/files/f1" %}\n\n{% content-ref url="/pages/p1" %}\n[x](/pages/p1)\n{% endcontent-ref %}'],
    ['a heading anchor with an attribute in its id', '## T <a href="#x" id="x&quot; onmouseover=&quot;alert(1)"></a>'],
    ['a figure with an event handler', '<figure><img src="/files/f1" onerror="alert(1)"><figcaption><script>alert(1)</script></figcaption></figure>'],
    ['details with a handler on the summary', '<details><summary onclick="alert(1)">S</summary>\n\nbody\n\n</details>'],
  ])('%s', (_name, markdown) => {
    const html = render(markdown);
    expectInert(html);
  });

  it('shows raw HTML as text, never as markup', () => {
    expect(render('<script>alert(1)</script>')).toBe('<pre><code class="language-html">&#x3C;script>alert(1)&#x3C;/script>\n</code></pre>');
  });

  it('drops a dangerous URL even when the delivery side hands one out', () => {
    const bad: LinkTargets = { page: () => 'javascript:alert(1)', file: () => 'javascript:alert(2)' };
    const html = render('[p](/pages/p1) ![f](/files/f1) {% file src="/files/f1" %}', bad);
    expectInert(html);
  });
});

describe('reader HTML sanitizing: the schema itself', () => {
  const el = (tagName: string, properties: Element['properties'] = {}, children: Element['children'] = []): Element => ({
    type: 'element',
    tagName,
    properties,
    children,
  });
  const clean = (...children: Element[]) => toHtml(sanitizeReaderHtml({ type: 'root', children }));

  it('strips scripts, styles and frames with their content; unwraps unknown elements keeping their text', () => {
    expect(
      clean(el('script', {}, [{ type: 'text', value: 'alert(1)' }]), el('iframe', { src: 'https://x' }), el('marquee', {}, [{ type: 'text', value: 'hi' }])),
    ).toBe('hi');
  });

  it('keeps only allowed attributes, classes, ids and protocols (an input can only be a disabled checkbox)', () => {
    expect(
      clean(
        el('a', { href: 'javascript:alert(1)', onClick: 'alert(1)', className: ['embed-link', 'evil'] }, [{ type: 'text', value: 'x' }]),
        el('img', { src: 'https://x.org/a.png', onError: 'alert(1)', style: 'position:fixed' }),
        el('div', { className: ['hint', 'hint-info', 'overlay'], role: 'dialog', id: 'a"b' }),
        el('h2', { id: 'ok-anchor' }),
        el('a', { href: '/site/p#x' }),
        el('input', { type: 'text', value: 'x' }),
      ),
    ).toBe(
      '<a class="embed-link">x</a><img src="https://x.org/a.png"><div class="hint hint-info"></div><h2 id="ok-anchor"></h2><a href="/site/p#x"></a><input type="checkbox" disabled>',
    );
  });
});
