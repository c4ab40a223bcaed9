import { BadRequest } from '@app/platform';
import { applyBatch, ContentChange } from './content-batch';
import { emptyStructure, Structure } from './page';
import { includedIds, mergeReusables, splitAtIncludes } from './reusable-content';
import { bodyToDocument, dereferenceDocument, dereferenceMarkdown, documentWithIncludesToMarkdown, JsonDocumentLike } from './reusable-content-document';
import { build, bodyOf, fixtureContext, insert } from './test-fixtures';
import { mergeTrees } from './tree-merge';

const snippet = (title: string, markdown: string, ref?: string): ContentChange => ({
  operation: 'insert_reusable_content',
  title,
  markdown,
  ...(ref ? { ref } : {}),
});
const bodies = (s: Structure) => Object.fromEntries([...s.reusables!.values()].map((r) => [r.title, bodyOf(r.doc)]));

describe('reusable contents in a content batch', () => {
  it('inserts one, and a page of the same batch includes it by its ref, stored as its id', () => {
    const r = build([insert('Guide', 'Intro\n\n{% include "./warning" %}\n\nOutro'), snippet('Warning', 'Do **not** run this twice.', 'warning')]);
    const [w] = [...r.structure.reusables!.values()];
    expect(w).toMatchObject({ id: 'p2', title: 'Warning' });
    expect(bodyOf(w.doc)).toBe('Do **not** run this twice.');
    expect(bodyOf(r.structure.pages.get('p1')!.doc)).toBe('Intro\n\n{% include "/reusable-contents/p2" %}\n\nOutro');
    expect(r.insertedReusables).toEqual([w]);
    expect(r.outcomes).toEqual([{ object: 'created_page', page: 'p1' }]);
  });

  it('a bare id of an existing content gets the prefix; unknown targets and tags inside code stay as written', () => {
    const base = build([snippet('A', 'a')]).structure;
    const md = '{% include "p1" %}\n\n{% include "nowhere.md" %}\n\n```\n{% include "p1" %}\n```';
    const r = applyBatch(base, [insert('Page', md)], fixtureContext('q'));
    expect(bodyOf(r.structure.pages.get('q1')!.doc)).toBe(
      '{% include "/reusable-contents/p1" %}\n\n{% include "nowhere.md" %}\n\n```\n{% include "p1" %}\n```',
    );
  });

  it('updates the title and the body, and deletes; pages that include a deleted one keep their tag', () => {
    const base = build([snippet('A', 'old'), snippet('B', 'b'), insert('Uses B', '{% include "/reusable-contents/p2" %}')]).structure;
    const r = applyBatch(
      base,
      [
        { operation: 'update_reusable_content', reusableContent: 'p1', title: 'A2', markdown: 'new' },
        { operation: 'delete_reusable_content', reusableContent: 'p2' },
      ],
      fixtureContext('q', '2026-02-01T00:00:00.000Z'),
    );
    expect(bodies(r.structure)).toEqual({ A2: 'new' });
    expect(r.structure.reusables!.get('p1')!.updatedAt).toBe('2026-02-01T00:00:00.000Z');
    expect(r.structure.pages.get('p3')).toBe(base.pages.get('p3'));
  });

  it('refuses an unknown reusable content and a ref already used in the batch, naming the change', () => {
    const update: ContentChange = { operation: 'update_reusable_content', reusableContent: 'nope', title: 'x' };
    expect(() => build([update])).toThrow(new BadRequest('changes[0].reusableContent: no reusable content with id nope in this change request'));
    expect(() => build([{ operation: 'delete_reusable_content', reusableContent: 'nope' }])).toThrow(BadRequest);
    expect(() => build([insert('P', '', { ref: 'x' }), snippet('S', '', 'x')])).toThrow(new BadRequest('changes[1].ref: "x" is already used in this batch'));
    expect(() => build([snippet('S', '', 'x'), insert('P', '', { ref: 'x' })])).toThrow(new BadRequest('changes[1].ref: "x" is already used in this batch'));
  });

  it('a content inserted and deleted in one batch leaves nothing', () => {
    const r = build([snippet('Gone', 'x', 'g'), { operation: 'delete_reusable_content', reusableContent: 'p1' }]);
    expect(r.structure.reusables!.size).toBe(0);
    expect(r.insertedReusables).toEqual([]);
  });
});

describe('include lines', () => {
  it('are tags alone on a line from its first column, outside code fences', () => {
    const md =
      'a\n{% include "/reusable-contents/x1" %}\n  {% include "/reusable-contents/x2" %}\n~~~\n{% include "/reusable-contents/x3" %}\n~~~\n{%include "/reusable-contents/x4"%}';
    expect(includedIds(md)).toEqual(['x1', 'x4']);
    expect(splitAtIncludes('a\n\n{% include "r" %}\n\nb')).toEqual([{ markdown: 'a\n' }, { include: 'r' }, { markdown: '\nb' }]);
  });
});

describe('reusable contents as document blocks', () => {
  // A stand-in for the markdown module: one paragraph per non-empty line.
  const toDocument = (md: string): JsonDocumentLike & { data: unknown } => ({
    object: 'document',
    data: { schemaVersion: 1 },
    nodes: md
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: l, marks: [] }] }] })),
  });
  interface Node {
    type: string;
    nodes?: Array<{ leaves: Array<{ text: string }> }>;
    data?: { ref: { reusableContent: string } };
  }
  const text = (n: unknown) => {
    const node = n as Node;
    return node.type === 'paragraph' ? node.nodes![0].leaves[0].text : `<${node.type} ${node.data!.ref.reusableContent}>`;
  };

  it('an include line of a body is a reusable-content block; a tag naming no stored content stays text', () => {
    const doc = bodyToDocument('Before\n\n{% include "/reusable-contents/r1" %}\n{% include "elsewhere" %}\nAfter', toDocument);
    expect(doc.nodes.map(text)).toEqual(['Before', '<reusable-content r1>', '{% include "elsewhere" %}', 'After']);
    expect(doc.nodes[1]).toEqual({
      object: 'block',
      type: 'reusable-content',
      isVoid: true,
      data: { ref: { kind: 'reusable-content', reusableContent: 'r1' } },
    });
  });

  it('dereferenced: the block is replaced by the included document, markdown by the included body', () => {
    const doc = bodyToDocument('A\n{% include "/reusable-contents/r1" %}\n{% include "/reusable-contents/gone" %}', toDocument);
    const included = (id: string) => (id === 'r1' ? toDocument('One\nTwo') : undefined);
    expect(dereferenceDocument(doc, included).nodes.map(text)).toEqual(['A', 'One', 'Two', '<reusable-content gone>']);
    expect(dereferenceMarkdown('A\n{% include "/reusable-contents/r1" %}', (id) => (id === 'r1' ? 'One' : undefined))).toBe('A\nOne');
  });

  it('written documents: reusable-content blocks become include lines, whatever the markdown writer escapes', () => {
    const toMarkdown = (doc: unknown) => (doc as { nodes: Node[] }).nodes.map((n) => n.nodes![0].leaves[0].text.replace(/"/g, '\\"')).join('\n\n');
    const doc = {
      object: 'document',
      nodes: [
        toDocument('Hi').nodes[0],
        { object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'snip' } } },
      ],
    };
    expect(documentWithIncludesToMarkdown(doc, 'changes[0].document', toMarkdown)).toBe('Hi\n\n{% include "snip" %}');
    const bad = { ...doc, nodes: [{ type: 'reusable-content', data: { ref: { kind: 'page', page: 'x' } } }] };
    expect(() => documentWithIncludesToMarkdown(bad, 'changes[0].document', toMarkdown)).toThrow(
      new BadRequest('changes[0].document.nodes[0].data.ref.kind: must be "reusable-content"'),
    );
  });
});

describe('merging reusable-content tables', () => {
  const base = build([snippet('A', 'a'), snippet('B', 'b')]).structure;
  const edit = (s: Structure, changes: ContentChange[], prefix: string) => applyBatch(s, changes, fixtureContext(prefix)).structure;

  it('takes main and applies the change request: added, edited and deleted entries', () => {
    const ours = edit(base, [snippet('C', 'c'), { operation: 'update_reusable_content', reusableContent: 'p1', markdown: 'a2' }], 'o');
    const theirs = edit(base, [{ operation: 'delete_reusable_content', reusableContent: 'p2' }, snippet('D', 'd')], 't');
    const { reusables, conflicts } = mergeReusables(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(Object.fromEntries([...reusables.values()].map((r) => [r.title, bodyOf(r.doc)]))).toEqual({ A: 'a2', C: 'c', D: 'd' });
  });

  it('the same entry changed differently on both sides conflicts, unless a side is preferred', () => {
    const ours = edit(base, [{ operation: 'update_reusable_content', reusableContent: 'p1', markdown: 'ours' }], 'o');
    const theirs = edit(base, [{ operation: 'update_reusable_content', reusableContent: 'p1', markdown: 'theirs' }], 't');
    expect(mergeReusables(base, ours, theirs).conflicts).toEqual([
      { page: 'p1', title: 'A', reason: 'reusable content changed both in the change request and on main' },
    ]);
    expect(bodyOf(mergeReusables(base, ours, theirs, 'ours').reusables.get('p1')!.doc)).toBe('ours');
    expect(bodyOf(mergeReusables(base, ours, theirs, 'theirs').reusables.get('p1')!.doc)).toBe('theirs');
    expect(mergeReusables(emptyStructure(), emptyStructure(), emptyStructure()).reusables.size).toBe(0);
  });

  it('a three-way merge of revisions carries the reusable contents, and reports their conflicts with the pages', () => {
    const ours = edit(base, [snippet('C', 'c')], 'o');
    const theirs = edit(base, [insert('Page')], 't');
    const merged = mergeTrees({ base, ours, theirs, body: bodyOf, hash: (b) => `h:${b}` });
    if (!merged.clean) throw new Error('expected a clean merge');
    expect([...merged.structure.reusables!.values()].map((r) => r.title).sort()).toEqual(['A', 'B', 'C']);
    expect(merged.structure.pages.size).toBe(1);
    const clash = (side: string) => edit(base, [{ operation: 'update_reusable_content', reusableContent: 'p2', title: side }], side);
    const conflicted = mergeTrees({ base, ours: clash('o'), theirs: clash('t'), body: bodyOf, hash: (b) => `h:${b}` });
    expect(conflicted).toMatchObject({ clean: false, conflicts: [{ page: 'p2', title: 'o' }] });
  });
});
