import { changedPaths, isManaged, mergeFiles } from './three-way-files';

const f = (oid: string) => ({ oid, mode: '100644' });
const map = (o: Record<string, string>) => new Map(Object.entries(o).map(([k, v]) => [k, f(v)]));

describe('three-way merge of files', () => {
  it('takes the side that changed; both alike is no conflict', () => {
    const { merged, conflicts } = mergeFiles(
      map({ a: '1', b: '1', c: '1', d: '1' }),
      map({ a: '2', b: '1', c: '3', e: '5' }),
      map({ a: '1', b: '2', c: '3', d: '1' }),
    );
    expect(conflicts).toEqual([]);
    expect(Object.fromEntries([...merged].map(([k, v]) => [k, v.oid]))).toEqual({ a: '2', b: '2', c: '3', e: '5' });
  });
  it('reports files changed differently on both sides (deleted on one side counts), and force keeps ours', () => {
    const base = map({ a: '1', b: '1' });
    const ours = map({ a: '2' });
    const theirs = map({ a: '3', b: '4' });
    expect(mergeFiles(base, ours, theirs).conflicts).toEqual(['a', 'b']);
    const forced = mergeFiles(base, ours, theirs, true);
    expect([forced.conflicts, [...forced.merged.keys()]]).toEqual([[], ['a']]);
  });
  it('lists changed paths and what an export manages', () => {
    expect(changedPaths(map({ a: '1', b: '1' }), map({ a: '1', c: '1' }))).toEqual(['b', 'c']);
    expect(['docs/x.md', 'docs/.gitbook/assets/a.png', '.gitbook.yaml', 'src/x.ts', 'x.md'].map((p) => isManaged(p, 'docs', ''))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
