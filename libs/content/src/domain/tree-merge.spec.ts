import fc from 'fast-check';
import { applyBatch, ContentChange } from './content-batch';
import { Structure } from './page';
import { bodyOf, build, fixtureContext, insert } from './test-fixtures';
import { mergeTrees, TreeMergeResult } from './tree-merge';

const merge = (base: Structure, ours: Structure, theirs: Structure): TreeMergeResult => mergeTrees({ base, ours, theirs, body: bodyOf, hash: (b) => `h:${b}` });
const plain = (s: Structure) => ({ pages: Object.fromEntries([...s.pages].sort()), files: Object.fromEntries([...s.files].sort()) });
const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${i}`).join('\n');

/** A base of `n` root pages with 6-line bodies. */
const baseOf = (n: number) => build(Array.from({ length: n }, (_, i) => insert(`Page ${i}`, lines(6, `p${i}`)))).structure;
const edit = (s: Structure, changes: ContentChange[], prefix: string) =>
  applyBatch(s, changes, fixtureContext(prefix, `2026-01-0${prefix === 'o' ? 2 : 3}T00:00:00.000Z`)).structure;

/** One random page-level change on page `p<i>` of the base. */
const pageChange = (i: number, kind: number, side: string): ContentChange[] => {
  const page = `p${i + 1}`;
  switch (kind) {
    case 0:
      return [
        { operation: 'update_page', page, fields: {}, markdown: `# Page ${i}\n\n${lines(6, `p${i}`).replace(`line ${i % 6}`, `line ${i % 6} (${side})`)}` },
      ];
    case 1:
      return [{ operation: 'update_page', page, fields: { title: `Renamed ${i} by ${side}` } }];
    case 2:
      return [{ operation: 'delete_page', page }];
    case 3:
      return [{ operation: 'update_page', page, fields: {}, at: 0 }];
    default:
      return [insert(`Child of ${i} by ${side}`, 'new', { into: page })];
  }
};

describe('three-way tree merge', () => {
  it('given no change on main, merging gives exactly the change request content', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.tuple(fc.nat(), fc.nat(4)), { maxLength: 6 }), (n, ops) => {
        const base = baseOf(n);
        let ours = base;
        ops.forEach(([i, kind], step) => {
          const page = i % n;
          if (ours.pages.has(`p${page + 1}`)) ours = edit(ours, pageChange(page, kind, `ours-${step}`), `o${step}x`);
        });
        const r = merge(base, ours, base);
        expect(r.clean).toBe(true);
        if (r.clean) expect(plain(r.structure)).toEqual(plain(ours));
      }),
    );
  });

  it('given changes to different pages on each side, the merge is clean, keeps both and commutes', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 10 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.array(fc.constantFrom<'ours' | 'theirs' | null>('ours', 'theirs', null), { minLength: n, maxLength: n }),
              fc.array(fc.nat(4), { minLength: n, maxLength: n }),
            ),
          ),
        ([n, owner, kinds]) => {
          const base = baseOf(n);
          let ours = base,
            theirs = base;
          owner.forEach((side, i) => {
            if (side === 'ours') ours = edit(ours, pageChange(i, kinds[i], side), `o${i}x`);
            if (side === 'theirs') theirs = edit(theirs, pageChange(i, kinds[i], side), `t${i}x`);
          });
          const ab = merge(base, ours, theirs);
          const ba = merge(base, theirs, ours);
          expect(ab.clean).toBe(true);
          expect(ba.clean).toBe(true);
          if (!ab.clean || !ba.clean) return;
          expect(plain(ab.structure)).toEqual(plain(ba.structure));
          owner.forEach((side, i) => {
            const id = `p${i + 1}`;
            const expected = side === 'ours' ? ours.pages.get(id) : side === 'theirs' ? theirs.pages.get(id) : base.pages.get(id);
            expect(ab.structure.pages.get(id)).toEqual(expected);
          });
        },
      ),
    );
  });

  it('merges line edits on different lines of the same page', () => {
    const base = baseOf(1);
    const ours = edit(base, [{ operation: 'update_page', page: 'p1', fields: {}, markdown: lines(6, 'p0').replace('line 1', 'line 1 (ours)') }], 'o');
    const theirs = edit(base, [{ operation: 'update_page', page: 'p1', fields: {}, markdown: lines(6, 'p0').replace('line 4', 'line 4 (theirs)') }], 't');
    const r = merge(base, ours, theirs);
    expect(r.clean).toBe(true);
    if (r.clean) {
      const body = bodyOf(r.structure.pages.get('p1')!.doc);
      expect(body).toContain('p0 line 1 (ours)');
      expect(body).toContain('p0 line 4 (theirs)');
      expect(r.bodies.get(r.structure.pages.get('p1')!.doc)).toBe(body);
    }
  });

  it('reports the same lines changed on both sides, with the page and line numbers', () => {
    const base = baseOf(1);
    const ours = edit(base, [{ operation: 'update_page', page: 'p1', fields: {}, markdown: lines(6, 'p0').replace('line 2', 'line 2 (ours)') }], 'o');
    const theirs = edit(base, [{ operation: 'update_page', page: 'p1', fields: {}, markdown: lines(6, 'p0').replace('line 2', 'line 2 (theirs)') }], 't');
    const r = merge(base, ours, theirs);
    expect(r).toEqual({
      clean: false,
      conflicts: [
        expect.objectContaining({
          page: 'p1',
          title: 'Page 0',
          reason: 'line 5 changed on both sides (change request: "p0 line 2 (ours)"; main: "p0 line 2 (theirs)")',
        }),
      ],
    });
  });

  it('quotes each side of a line conflict, shortened to 80 characters with an ellipsis, and names deleted lines and insertions', () => {
    const base = baseOf(1);
    const long = `p0 line 2 ${'x'.repeat(200)}`;
    const ours = edit(
      base,
      [{ operation: 'update_page', page: 'p1', fields: {}, markdown: lines(6, 'p0').replace('p0 line 2', long).replace('p0 line 3\n', '') }],
      'o',
    );
    const theirs = edit(base, [{ operation: 'update_page', page: 'p1', fields: {}, markdown: lines(6, 'p0').replace('p0 line 2\np0 line 3\n', '') }], 't');
    const r = merge(base, ours, theirs);
    expect(r.clean).toBe(false);
    const reason = r.clean ? '' : r.conflicts[0].reason;
    expect(reason).toBe(`lines 5-6 changed on both sides (change request: "${long.slice(0, 79)}…"; main: deleted)`);
    const insOurs = edit(base, [{ operation: 'update_page', page: 'p1', fields: {}, markdown: `${lines(6, 'p0')}\nmine` }], 'o');
    const insTheirs = edit(base, [{ operation: 'update_page', page: 'p1', fields: {}, markdown: `${lines(6, 'p0')}\ntheirs\nand more` }], 't');
    const ins = merge(base, insOurs, insTheirs);
    expect(ins.clean ? '' : ins.conflicts[0].reason).toBe('lines added after line 8 on both sides (change request: "mine"; main: "theirs\\nand more")');
  });

  it('reports delete/edit, orphaned children, cycles and slug clashes', () => {
    const base = build([insert('A'), insert('B')]).structure;
    const del = edit(base, [{ operation: 'delete_page', page: 'p1' }], 'o');
    const ren = edit(base, [{ operation: 'update_page', page: 'p1', fields: { title: 'A2' } }], 't');
    expect(merge(base, del, ren)).toMatchObject({ clean: false, conflicts: [{ page: 'p1', reason: 'deleted in the change request but edited on main' }] });
    const child = edit(base, [insert('Under A', '', { into: 'p1' })], 't');
    expect(merge(base, del, child)).toMatchObject({
      clean: false,
      conflicts: [{ page: 't1', reason: expect.stringContaining('deleted in the change request') }],
    });
    const aUnderB = edit(base, [{ operation: 'update_page', page: 'p1', fields: {}, into: 'p2' }], 'o');
    const bUnderA = edit(base, [{ operation: 'update_page', page: 'p2', fields: {}, into: 'p1' }], 't');
    expect(merge(base, aUnderB, bUnderA)).toMatchObject({
      clean: false,
      conflicts: expect.arrayContaining([expect.objectContaining({ reason: expect.stringContaining('own ancestor') })]),
    });
    const c1 = edit(base, [insert('C')], 'o');
    const c2 = edit(base, [insert('C')], 't');
    expect(merge(base, c1, c2)).toMatchObject({ clean: false, conflicts: [{ reason: expect.stringContaining('slug "c"') }] });
  });

  it('resolves conflicts in favour of a preferred side, except structural ones', () => {
    const base = baseOf(1);
    const ours = edit(
      base,
      [{ operation: 'update_page', page: 'p1', fields: { title: 'Ours' }, markdown: lines(6, 'p0').replace('line 2', 'line 2 (ours)') }],
      'o',
    );
    const theirs = edit(
      base,
      [
        {
          operation: 'update_page',
          page: 'p1',
          fields: { title: 'Theirs' },
          markdown: lines(6, 'p0').replace('line 2', 'line 2 (theirs)').replace('line 5', 'line 5 (theirs)'),
        },
      ],
      't',
    );
    const r = mergeTrees({ base, ours, theirs, body: bodyOf, hash: (b) => `h:${b}`, prefer: 'ours' });
    expect(r.clean).toBe(true);
    if (r.clean) {
      expect(r.structure.pages.get('p1')!.title).toBe('Ours');
      const body = bodyOf(r.structure.pages.get('p1')!.doc);
      expect(body).toContain('line 2 (ours)');
      expect(body).toContain('line 5 (theirs)');
    }
    const two = build([insert('A'), insert('B')]).structure;
    const del = edit(two, [{ operation: 'delete_page', page: 'p1' }], 'o');
    const ren = edit(two, [{ operation: 'update_page', page: 'p1', fields: { title: 'A2' } }], 't');
    const kept = mergeTrees({ base: two, ours: del, theirs: ren, body: bodyOf, hash: (b) => `h:${b}`, prefer: 'theirs' });
    expect(kept.clean && kept.structure.pages.get('p1')!.title).toBe('A2');
    const child = edit(two, [insert('Under A', '', { into: 'p1' })], 't');
    expect(mergeTrees({ base: two, ours: del, theirs: child, body: bodyOf, hash: (b) => `h:${b}`, prefer: 'ours' }).clean).toBe(false);
  });
});
