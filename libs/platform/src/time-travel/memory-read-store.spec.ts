import { MemoryReadStore } from './memory-read-store';

describe('MemoryReadStore (the read models of a folded past)', () => {
  const store = new MemoryReadStore();
  beforeAll(() => {
    for (const [id, seq, org] of [
      ['a', 3, 'o1'],
      ['b', 1, 'o1'],
      ['c', 2, 'o2'],
      ['d', 1, 'o1'],
    ] as const)
      store.put('docs', { id, seq, org });
  });

  it('finds with filters, sorts with id as the tie-breaker, limits and counts', async () => {
    expect((await store.find('docs', { org: 'o1' }, { sort: [['seq', 1]] })).map((d) => d.id)).toEqual(['b', 'd', 'a']);
    expect((await store.find('docs', {}, { sort: [['seq', -1]], limit: 2 })).map((d) => d.id)).toEqual(['a', 'c']);
    expect(await store.count('docs', { seq: { $lte: 2 } })).toBe(3);
    expect(await store.find('unknown')).toEqual([]);
  });

  it('pages by keyset as the adapters do: strictly after the cursor values, either direction', async () => {
    expect((await store.find('docs', {}, { sort: [['seq', 1]], after: [1, 'b'] })).map((d) => d.id)).toEqual(['d', 'c', 'a']);
    expect((await store.find('docs', {}, { sort: [['seq', -1]], after: [2, 'c'] })).map((d) => d.id)).toEqual(['b', 'd']);
  });

  it('updates and deletes as a projection context; a missing document is skipped', async () => {
    const s = new MemoryReadStore();
    s.put('x', { id: '1', n: 1 });
    await s.update<{ id: string; n: number }>('x', '1', (d) => ({ ...d, n: d.n + 1 }));
    await s.update('x', 'missing', (d) => d);
    expect(await s.get('x', '1')).toEqual({ id: '1', n: 2 });
    expect(await s.get('x', 'missing')).toBeNull();
    s.delete('x', '1');
    expect(await s.dump('x')).toEqual([]);
  });

  it('refuses the writing half of the port: a past is read only', () => {
    expect(() => store.commit()).toThrow(/not supported/);
    expect(() => store.checkpoint()).toThrow(/not supported/);
  });
});
