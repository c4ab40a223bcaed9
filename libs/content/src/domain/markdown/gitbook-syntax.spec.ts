import { expectMatchesSchema } from '../../../../../test/support/reference-schema';
import { BlockNode, documentToMarkdown, markdownToDocument } from './document';

/** GitBook's markdown export, as it writes it (tags right next to their content), read and written back. */
const read = (markdown: string): BlockNode[] => {
  const doc = markdownToDocument(markdown);
  expectMatchesSchema('JSONDocument', doc);
  return doc.nodes;
};
const write = (nodes: BlockNode[]) => documentToMarkdown({ object: 'document', data: {}, nodes }, 'document');
const stable = (markdown: string) => {
  const once = write(read(markdown));
  expect(write(read(once))).toBe(once);
  return once;
};

describe('GitBook block syntax', () => {
  it.each(['info', 'success', 'warning', 'danger'])('hint style="%s" holds its blocks', (style) => {
    const md = `{% hint style="${style}" %}\nCareful **now**.\n\n- one\n{% endhint %}`;
    expect(read(md)).toMatchObject([{ type: 'hint', data: { style }, nodes: [{ type: 'paragraph' }, { type: 'list-unordered' }] }]);
    expect(stable(md)).toBe(`{% hint style="${style}" %}\n\nCareful **now**.\n\n- one\n\n{% endhint %}`);
  });

  it('tabs with titled tabs', () => {
    const md =
      '{% tabs %}\n{% tab title="JavaScript" %}\n```js\nrun()\n```\n{% endtab %}\n\n{% tab title="Python" %}\nJust `run()`.\n{% endtab %}\n{% endtabs %}';
    expect(read(md)).toMatchObject([
      {
        type: 'tabs',
        nodes: [
          { type: 'tabs-item', data: { title: 'JavaScript' }, nodes: [{ type: 'code', data: { syntax: 'js' } }] },
          { type: 'tabs-item', data: { title: 'Python' }, nodes: [{ type: 'paragraph' }] },
        ],
      },
    ]);
    stable(md);
  });

  it('code with title, line numbers and wrapping; a fence title reads the same', () => {
    const md = '{% code title="index.js" overflow="wrap" lineNumbers="true" %}\n```javascript\nconst a = 1;\n```\n{% endcode %}';
    expect(read(md)).toMatchObject([{ type: 'code', data: { syntax: 'javascript', title: 'index.js', overflow: 'wrap', lineNumbers: true } }]);
    expect(stable(md)).toBe('{% code title="index.js" overflow="wrap" lineNumbers="true" %}\n\n```javascript\nconst a = 1;\n```\n\n{% endcode %}');
    expect(read('```js title="a.js"\nx\n```')).toMatchObject([{ type: 'code', data: { syntax: 'js', title: 'a.js' } }]);
  });

  it('embed, file and content-ref', () => {
    const md =
      '{% embed url="https://www.youtube.com/watch?v=x" %}\n\n{% file src="/files/f1" %}\n\n{% content-ref url="/pages/p1" %}\n[Setup](/pages/p1)\n{% endcontent-ref %}';
    expect(read(md)).toMatchObject([
      { type: 'embed', isVoid: true, data: { url: 'https://www.youtube.com/watch?v=x' } },
      { type: 'file', isVoid: true, data: { ref: { kind: 'file', file: 'f1' } } },
      { type: 'content-ref', isVoid: true, data: { ref: { kind: 'page', page: 'p1' } } },
    ]);
    stable(md);
  });

  it('keeps a file tag whose source is not a file of the space as a link', () => {
    expect(read('{% file src="https://x.org/a.pdf" %}\nA caption\n{% endfile %}')).toMatchObject([
      { type: 'paragraph', nodes: [{ type: 'link', data: { ref: { kind: 'url', url: 'https://x.org/a.pdf' } } }] },
      { type: 'paragraph', nodes: [{ leaves: [{ text: 'A caption' }] }] },
    ]);
  });

  it('<details><summary> as an expandable with title and body', () => {
    const md = '<details>\n\n<summary>More about it</summary>\n\nHidden *text*.\n\n</details>';
    expect(read(md)).toMatchObject([
      {
        type: 'expandable',
        isVoid: true,
        fragments: [
          { fragment: 'expandable-title', nodes: [{ type: 'paragraph', nodes: [{ leaves: [{ text: 'More about it' }] }] }] },
          { fragment: 'expandable-body', nodes: [{ type: 'paragraph' }] },
        ],
      },
    ]);
    expect(stable(md)).toBe('<details>\n<summary>More about it</summary>\n\nHidden *text*.\n\n</details>');
    expect(read('<details><summary>T</summary>Short body</details>')).toMatchObject([
      { type: 'expandable', fragments: [{}, { nodes: [{ type: 'paragraph' }] }] },
    ]);
  });

  it('$$ math blocks and inline math', () => {
    expect(read('$$\nf(x) = x^2\n$$\n\nInline $$a+b$$ here, and $5 stays money.')).toMatchObject([
      { type: 'math', isVoid: true, data: { formula: 'f(x) = x^2' } },
      {
        type: 'paragraph',
        nodes: [{ leaves: [{ text: 'Inline ' }] }, { type: 'inline-math', data: { formula: 'a+b' } }, { leaves: [{ text: ' here, and $5 stays money.' }] }],
      },
    ]);
  });

  it('<figure> images with captions, also several in one block', () => {
    const md =
      '<figure><img src="/files/f1" alt="Diagram"><figcaption><p>The flow</p></figcaption></figure>\n<figure><img src="https://x.org/b.png" alt=""></figure>';
    expect(read(md)).toMatchObject([
      {
        type: 'images',
        nodes: [
          {
            type: 'image',
            data: { ref: { kind: 'file', file: 'f1' }, alt: 'Diagram' },
            fragments: [{ fragment: 'caption', nodes: [{ type: 'paragraph', nodes: [{ leaves: [{ text: 'The flow' }] }] }] }],
          },
          { type: 'image', data: { ref: { kind: 'url', url: 'https://x.org/b.png' } }, fragments: [] },
        ],
      },
    ]);
    expect(stable(md)).toBe(md.replace(' alt=""', ''));
  });

  it('heading anchors <a href="#id" id="id"></a> as the heading id', () => {
    expect(read('## Install it <a href="#install" id="install"></a>')).toMatchObject([
      { type: 'heading-2', data: { id: 'install' }, nodes: [{ leaves: [{ text: 'Install it' }] }] },
    ]);
    expect(stable('## Install it <a href="#install" id="install"></a>')).toBe('## Install it <a href="#install" id="install"></a>');
  });

  it("GitHub's alerts as hints", () => {
    expect(read('> [!WARNING]\n> Mind the gap.')).toMatchObject([
      { type: 'hint', data: { style: 'warning' }, nodes: [{ type: 'paragraph', nodes: [{ leaves: [{ text: 'Mind the gap.' }] }] }] },
    ]);
  });

  it('keeps unknown or unpaired tags as visible text', () => {
    expect(read('{% swagger src="x" %}\n\n{% hint style="info" %}\nno end')).toMatchObject([
      { type: 'paragraph', nodes: [{ leaves: [{ text: '{% swagger src="x" %}' }] }] },
      { type: 'paragraph', nodes: [{ leaves: [{ text: '{% hint style="info" %}' }] }] },
      { type: 'paragraph' },
    ]);
    expect(stable('{% swagger %}')).toBe('\\{% swagger %}');
  });

  it('nests hints in tabs and lists, and rewrites a quote in a hint (the reference allows no quote there)', () => {
    const md =
      '{% tabs %}\n{% tab title="A" %}\n{% hint style="info" %}\nIn a tab\n{% endhint %}\n{% endtab %}\n{% endtabs %}\n\n- {% hint style="danger" %}\n  In a list\n  {% endhint %}\n\n{% hint style="info" %}\n> quoted\n{% endhint %}';
    expect(read(md)).toMatchObject([
      { type: 'tabs', nodes: [{ nodes: [{ type: 'hint', data: { style: 'info' } }] }] },
      { type: 'list-unordered', nodes: [{ nodes: [{ type: 'hint', data: { style: 'danger' } }] }] },
      { type: 'hint', nodes: [{ type: 'paragraph', nodes: [{ leaves: [{ text: 'quoted' }] }] }] },
    ]);
    stable(md);
  });
});
