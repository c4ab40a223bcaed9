import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PlatformConfig } from '../config/platform-config';
import { SealedIds } from '../secrets/sealed-ids';
import { canonicalJson, idempotencyRecordKeys } from './idempotency-keys';

describe('idempotency record keys', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idem-'));
  const sealed = new SealedIds(PlatformConfig.fromEnv({}, { dataDir: dir }));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('one stream per caller and key, naming neither', () => {
    const a = idempotencyRecordKeys(sealed, 'user-a', 'key-1');
    expect(a.stream).toMatch(/^platform\.idempotency-[A-Za-z0-9_-]{32}$/);
    expect(a.stream).not.toContain('key-1');
    expect(idempotencyRecordKeys(sealed, 'user-a', 'key-1').stream).toBe(a.stream);
    expect(idempotencyRecordKeys(sealed, 'user-b', 'key-1').stream).not.toBe(a.stream);
    expect(idempotencyRecordKeys(sealed, 'user-a', 'key-2').stream).not.toBe(a.stream);
  });

  it('fingerprints the method, the path and the body, whatever the order of its keys', () => {
    const k = idempotencyRecordKeys(sealed, 'user-a', 'key-1');
    const f = k.fingerprint('POST', '/v1/orgs/o/spaces', { title: 'A', emoji: null });
    expect(k.fingerprint('post', '/v1/orgs/o/spaces', { emoji: null, title: 'A' })).toBe(f);
    expect(k.fingerprint('POST', '/v1/orgs/o/spaces', { title: 'B', emoji: null })).not.toBe(f);
    expect(k.fingerprint('POST', '/v1/orgs/p/spaces', { title: 'A', emoji: null })).not.toBe(f);
    expect(k.fingerprint('PUT', '/v1/orgs/o/spaces', { title: 'A', emoji: null })).not.toBe(f);
    // The fingerprint is keyed: another caller's key fingerprints the same request differently.
    expect(idempotencyRecordKeys(sealed, 'user-b', 'key-1').fingerprint('POST', '/v1/orgs/o/spaces', { title: 'A', emoji: null })).not.toBe(f);
  });

  it('seals the answer (no clear text), and only the same caller and key open it', () => {
    const k = idempotencyRecordKeys(sealed, 'user-a', 'key-1');
    const answer = { location: 'http://x/v1/orgs/o/link-invites/secret-id', body: { id: 'secret-id', n: [1, 2] } };
    const s = k.seal(answer);
    expect(s).not.toContain('secret-id');
    expect(Buffer.from(s, 'base64url').toString('latin1')).not.toContain('secret-id');
    expect(k.open(s)).toEqual(answer);
    expect(() => idempotencyRecordKeys(sealed, 'user-b', 'key-1').open(s)).toThrow();
  });

  it('canonical JSON sorts keys at every depth and keeps arrays in order', () => {
    expect(canonicalJson({ b: [{ y: 1, x: 2 }], a: 'é' })).toBe('{"a":"é","b":[{"x":2,"y":1}]}');
  });
});
