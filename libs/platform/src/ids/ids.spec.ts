import { idCharacters, newEventId, RandomIdGenerator, UNBIASED_BYTE_LIMIT } from './ids';

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, b) => b);

describe('random ids', () => {
  it('gives every character exactly as many byte values (no modulo bias)', () => {
    expect(UNBIASED_BYTE_LIMIT).toBe(248);
    const chars = idCharacters(ALL_BYTES);
    expect(chars).toHaveLength(248);
    const preimages = new Map<string, number>();
    for (const c of chars) preimages.set(c, (preimages.get(c) ?? 0) + 1);
    expect(preimages.size).toBe(62);
    expect(new Set(preimages.values())).toEqual(new Set([4]));
  });

  it('drops bytes from 248 up and draws again for the missing characters', () => {
    const draws: Uint8Array[] = [Uint8Array.from([...Array(18).fill(0), 248, 255]), Uint8Array.from([1, 61])];
    const asked: number[] = [];
    const ids = new RandomIdGenerator((n) => (asked.push(n), draws.shift()!));
    expect(ids.next()).toBe('A'.repeat(18) + 'B9');
    expect(asked).toEqual([20, 2]);
  });

  it('keeps the id shape: 20 characters of [A-Za-z0-9]', () => {
    const ids = new RandomIdGenerator();
    for (let i = 0; i < 100; i++) expect(ids.next()).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('event ids are version 7 UUIDs, in the order they were made (the event store index grows at its edge)', () => {
    const made = Array.from({ length: 1000 }, () => newEventId());
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
    // The first 48 bits are the time in milliseconds.
    const ms = parseInt(made[0].replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);
  });
});
