import { generateKey, keyIdOf, parseRing, rotateRing, serializeRing, verifyingKey } from './key-ring';

const at = (iso: string) => Date.parse(iso);
const DAY = 24 * 60 * 60 * 1000;

describe('signing key ring', () => {
  const k1 = generateKey(new Date('2026-01-01T00:00:00Z'));
  const k2 = generateKey(new Date('2026-01-02T00:00:00Z'));
  const k3 = generateKey(new Date('2026-01-03T00:00:00Z'));

  it('names keys by an id that is stable, short and not the key', () => {
    expect(k1.id).toMatch(/^[0-9a-f]{16}$/);
    expect(keyIdOf(k1.secret)).toBe(k1.id);
    expect(k1.secret.toString('hex')).not.toContain(k1.id);
    expect(k2.id).not.toBe(k1.id);
  });

  it('after a rotation the new key is current and the old one verifies until its grace ends', () => {
    const ring = rotateRing({ keys: [k1] }, k2, 60_000, at('2026-01-02T00:00:00Z'));
    expect(ring.keys.map((k) => k.id)).toEqual([k2.id, k1.id]);
    expect(verifyingKey(ring, k1.id, at('2026-01-02T00:00:59.999Z'))).toBeDefined();
    expect(verifyingKey(ring, k1.id, at('2026-01-02T00:01:00Z'))).toBeUndefined();
    expect(verifyingKey(ring, k2.id, at('2030-01-01T00:00:00Z'))).toBeDefined();
  });

  it('keys past their grace leave the ring at the next rotation', () => {
    const two = rotateRing({ keys: [k1] }, k2, 60_000, at('2026-01-02T00:00:00Z'));
    const three = rotateRing(two, k3, 60_000, at('2026-01-03T00:00:00Z'));
    expect(three.keys.map((k) => k.id)).toEqual([k3.id, k2.id]);
  });

  it('a grace of 0 (a leak) leaves only the new key, also dropping older keys still in an earlier grace', () => {
    expect(rotateRing({ keys: [k1] }, k2, 0, at('2026-01-02T00:00:00Z')).keys.map((k) => k.id)).toEqual([k2.id]);
    const two = rotateRing({ keys: [k1] }, k2, DAY, at('2026-01-02T00:00:00Z'));
    expect(rotateRing(two, k3, 0, at('2026-01-02T00:00:01Z')).keys.map((k) => k.id)).toEqual([k3.id]);
  });

  it('round-trips through the key file format and refuses files that are not key files', () => {
    const ring = rotateRing({ keys: [k1] }, k2, 60_000, at('2026-01-02T00:00:00Z'));
    const back = parseRing(serializeRing(ring), 'f');
    expect(back.keys.map((k) => [k.id, k.secret.toString('hex'), k.retiresAt])).toEqual(ring.keys.map((k) => [k.id, k.secret.toString('hex'), k.retiresAt]));
    expect(() => parseRing('{', 'f')).toThrow(/invalid JSON/);
    expect(() => parseRing('{"version":1,"keys":[]}', 'f')).toThrow(/not a signing key file/);
    expect(() => parseRing('{"version":1,"keys":[{"id":"x","secret":"abcd","createdAt":"","retiresAt":null}]}', 'f')).toThrow(/shorter than 32 bytes/);
  });
});
