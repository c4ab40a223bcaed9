import { InvalidatingCache } from './invalidating-cache';

/** A computation that returns once released: a fill held open while something else happens. */
function deferred<T>(value: T) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { compute: async () => (await done, value), release };
}

describe('InvalidatingCache', () => {
  let cache: InvalidatingCache;
  beforeEach(() => {
    cache = new InvalidatingCache();
    cache.enable();
  });

  it('computes once and answers from memory until an invalidation of one of its tags', async () => {
    const r = cache.region<string>('roles', { max: 10 });
    let reads = 0;
    const get = (key: string, tag: string) =>
      r.get(
        key,
        async () => `${key}@${++reads}`,
        () => [tag],
      );
    expect(await get('a', 'org:1')).toBe('a@1');
    expect(await get('a', 'org:1')).toBe('a@1');
    expect(await get('b', 'org:2')).toBe('b@2');
    cache.invalidate(['org:1']);
    expect(await get('a', 'org:1')).toBe('a@3');
    // Other tags are untouched.
    expect(await get('b', 'org:2')).toBe('b@2');
    expect(r.stats()).toMatchObject({ hits: 2, misses: 3, size: 2 });
  });

  it('an invalidation reaches every region holding the tag', async () => {
    const roles = cache.region<string>('roles', { max: 10 });
    const teams = cache.region<string[]>('teams', { max: 10 });
    await roles.get(
      'u',
      async () => 'read',
      () => ['org:1'],
    );
    await teams.get(
      'u',
      async () => ['t'],
      () => ['org:1', 'team:t'],
    );
    cache.invalidate(['team:t']);
    expect(teams.stats().size).toBe(0);
    expect(roles.stats().size).toBe(1);
    cache.invalidate(['org:1']);
    expect(roles.stats().size).toBe(0);
  });

  it('does not store a fill that an invalidation of its tags overtook (it may have read before the commit)', async () => {
    const r = cache.region<string>('roles', { max: 10 });
    const stale = deferred('read');
    const filling = r.get('u', stale.compute, () => ['org:1']);
    // The projection commits the role change and invalidates while the fill is still reading.
    cache.invalidate(['org:1']);
    stale.release();
    // The caller that started before the invalidation gets what it read...
    expect(await filling).toBe('read');
    // ... but it is not kept: the next caller reads again.
    expect(
      await r.get(
        'u',
        async () => 'admin',
        () => ['org:1'],
      ),
    ).toBe('admin');
    expect(r.stats()).toMatchObject({ dropped: 1, misses: 2, size: 1 });
  });

  it('stores a fill overtaken only by invalidations of other tags', async () => {
    const r = cache.region<string>('roles', { max: 10 });
    const fill = deferred('read');
    const filling = r.get('u', fill.compute, () => ['org:1']);
    cache.invalidate(['org:2']);
    fill.release();
    await filling;
    expect(
      await r.get(
        'u',
        async () => 'other',
        () => ['org:1'],
      ),
    ).toBe('read');
  });

  it('does not store a fill overtaken by a clear, nor one older than the invalidations it remembers', async () => {
    const r = cache.region<string>('roles', { max: 10 });
    const cleared = deferred('old');
    const first = r.get('u', cleared.compute, () => ['org:1']);
    cache.clear();
    cleared.release();
    await first;
    expect(r.stats().size).toBe(0);

    const slow = deferred('old');
    const second = r.get('u', slow.compute, () => ['org:1']);
    // More unrelated invalidations than remembered: whether one touched it is not known any more.
    for (let i = 0; i < 2000; i++) cache.invalidate([`org:x${i}`]);
    slow.release();
    await second;
    expect(r.stats().size).toBe(0);
  });

  it('invalidates an entry stored between the commit and the invalidation', async () => {
    const r = cache.region<string>('roles', { max: 10 });
    // A fill that read before the commit and stores before the runner invalidates (same epoch).
    await r.get(
      'u',
      async () => 'read',
      () => ['org:1'],
    );
    cache.invalidate(['org:1']);
    expect(
      await r.get(
        'u',
        async () => 'admin',
        () => ['org:1'],
      ),
    ).toBe('admin');
  });

  it('keeps no answer whose tagsOf is null ("not found" nothing would invalidate)', async () => {
    const r = cache.region<string | null>('tokens', { max: 10 });
    let reads = 0;
    const get = () =>
      r.get(
        'h',
        async () => (++reads, null),
        (v) => (v ? ['t'] : null),
      );
    expect(await get()).toBeNull();
    expect(await get()).toBeNull();
    expect(reads).toBe(2);
    expect(r.stats().size).toBe(0);
  });

  it('does not keep errors', async () => {
    const r = cache.region<string>('roles', { max: 10 });
    await expect(
      r.get(
        'u',
        () => Promise.reject(new Error('store down')),
        () => ['org:1'],
      ),
    ).rejects.toThrow('store down');
    expect(
      await r.get(
        'u',
        async () => 'read',
        () => ['org:1'],
      ),
    ).toBe('read');
  });

  it('is bounded per region (least recently used first) and forgets the tags of evicted entries', async () => {
    const r = cache.region<number>('small', { max: 3 });
    const big = cache.region<number>('big', { max: 100 });
    let reads = 0;
    const get = (k: number) =>
      r.get(
        String(k),
        async () => (++reads, k),
        () => [`s:${k}`],
      );
    for (const k of [1, 2, 3]) await get(k);
    await get(1); // 1 is now the most recent
    await get(4); // evicts 2
    for (let k = 0; k < 50; k++)
      await big.get(
        String(k),
        async () => k,
        () => [`b:${k}`],
      );
    expect(r.stats().size).toBe(3);
    expect(big.stats().size).toBe(50);
    reads = 0;
    await get(3);
    await get(4);
    await get(1);
    expect(reads).toBe(0);
    await get(2); // read again; evicts 3, the least recently used
    expect(reads).toBe(1);
    const tagIndex = (cache as unknown as { byTag: Map<string, unknown> }).byTag;
    // The tag index holds the live entries only: 3 + 50 tags, not one per entry ever stored.
    expect(tagIndex.size).toBe(53);
    cache.invalidate(['s:3']);
    expect(r.stats().size).toBe(3);
    cache.invalidate(['s:2']);
    expect(r.stats().size).toBe(2);
    expect(tagIndex.size).toBe(52);
  });

  it('clear() empties every region', async () => {
    const a = cache.region<number>('a', { max: 10 });
    const b = cache.region<number>('b', { max: 10 });
    await a.get(
      '1',
      async () => 1,
      () => ['x'],
    );
    await b.get(
      '1',
      async () => 1,
      () => ['y'],
    );
    cache.clear();
    expect(a.stats().size + b.stats().size).toBe(0);
    let reads = 0;
    await a.get(
      '1',
      async () => ++reads,
      () => ['x'],
    );
    expect(reads).toBe(1);
  });

  it('disabled (nothing runs the projections here), it always computes and keeps nothing', async () => {
    const off = new InvalidatingCache();
    const r = off.region<number>('r', { max: 10 });
    let reads = 0;
    const read = () =>
      r.get(
        'k',
        async () => ++reads,
        () => ['t'],
      );
    await read();
    await read();
    expect(reads).toBe(2);
    off.enable();
    await read();
    await read();
    expect(reads).toBe(3);
    off.disable();
    expect(r.stats().size).toBe(0);
    // A fill that began while enabled and ends after disable() is not kept.
    off.enable();
    const fill = deferred(9);
    const filling = r.get('j', fill.compute, () => ['t']);
    off.disable();
    fill.release();
    await filling;
    off.enable();
    expect(
      await r.get(
        'j',
        async () => 10,
        () => ['t'],
      ),
    ).toBe(10);
  });

  it('the same name gives the same region', () => {
    expect(cache.region('r', { max: 1 })).toBe(cache.region('r', { max: 1 }));
  });
});
