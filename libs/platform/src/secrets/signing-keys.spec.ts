import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ManualClock } from '../clock/clock';
import { PlatformConfig } from '../config/platform-config';
import { PreconditionFailed } from '../ddd/errors';
import { SIGNING_KEY_FILE, SigningKeys } from './signing-keys';

describe('SigningKeys (the secret store for URL signing keys)', () => {
  let dataDir: string;
  let clock: ManualClock;
  const keys = (overrides: Partial<PlatformConfig> = {}) => {
    const k = new SigningKeys(PlatformConfig.fromEnv({}, { dataDir, ...overrides }), clock);
    k.onModuleInit();
    return k;
  };
  const keyFile = () => path.join(dataDir, SIGNING_KEY_FILE);

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-keys-'));
    clock = new ManualClock('2026-03-01T10:00:00.000Z');
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates the key file at start, readable by its owner only (0600 in a 0700 folder)', () => {
    keys();
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(keyFile())).mode & 0o777).toBe(0o700);
    const onDisk = JSON.parse(fs.readFileSync(keyFile(), 'utf8')) as { keys: Array<{ secret: string }> };
    expect(onDisk.keys[0].secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tightens a key file whose mode was loosened (e.g. restored from a backup)', () => {
    keys();
    fs.chmodSync(keyFile(), 0o644);
    keys();
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
  });

  it('signs links that expire after SIGNED_URL_TTL_SECONDS; two processes on one folder share the key', () => {
    const api = keys({ signedUrlTtlSeconds: 60 });
    const other = keys();
    const signed = api.signPath('GET', '/v1/content/pdf/x');
    expect(other.verifyPath('GET', signed)).toEqual({ ok: true, path: '/v1/content/pdf/x' });
    expect(other.verifyPath('POST', signed)).toEqual({ ok: false, reason: 'invalid' });
    clock.advance(60_000);
    expect(api.verifyPath('GET', signed)).toEqual({ ok: true, path: '/v1/content/pdf/x' });
    clock.advance(1);
    expect(api.verifyPath('GET', signed)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a rotation in another process applies at once: new links use the new key, old ones verify until the grace ends', () => {
    const api = keys();
    const before = api.signPath('GET', '/v1/a');
    const rotation = keys().rotate(120);
    expect(rotation).toEqual({ keyId: expect.stringMatching(/^[0-9a-f]{16}$/), previousKeyId: expect.any(String), graceUntil: '2026-03-01T10:02:00.000Z' });
    const after = api.signPath('GET', '/v1/a');
    expect(after).toContain(`.${rotation.keyId}.`);
    expect(before).toContain(`.${rotation.previousKeyId}.`);
    clock.advance(119_999);
    expect(api.verifyPath('GET', before).ok).toBe(true);
    clock.advance(1);
    expect(api.verifyPath('GET', before)).toEqual({ ok: false, reason: 'invalid' });
    expect(api.verifyPath('GET', after).ok).toBe(true);
  });

  it('a rotation with grace 0 invalidates the old links at once, also in a process that cached the old key', () => {
    const api = keys();
    const before = api.signPath('GET', '/v1/a');
    expect(api.verifyPath('GET', before).ok).toBe(true);
    keys().rotate(0);
    expect(api.verifyPath('GET', before)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('uses CONTENT_SIGNING_KEY when set (no file), and refuses to rotate it', () => {
    const value = 'k'.repeat(40);
    const a = keys({ contentSigningKey: value });
    expect(fs.existsSync(keyFile())).toBe(false);
    expect(keys({ contentSigningKey: value }).verifyPath('GET', a.signPath('GET', '/v1/a')).ok).toBe(true);
    expect(keys({ contentSigningKey: 'x'.repeat(40) }).verifyPath('GET', a.signPath('GET', '/v1/a')).ok).toBe(false);
    expect(() => a.rotate(0)).toThrow(PreconditionFailed);
    expect(() => a.rotate(0)).toThrow(/CONTENT_SIGNING_KEY.*setting a new value/);
  });

  it('fails at start without CONTENT_SIGNING_KEY on the server adapters, or with a weak one, saying how to set it', () => {
    expect(() => keys({ eventStoreConnectionString: 'esdb://localhost:2113' })).toThrow(
      /CONTENT_SIGNING_KEY is required when EVENTSTORE_CONNECTION_STRING is set.*openssl rand -hex 32/,
    );
    expect(() => keys({ contentSigningKey: 'short' })).toThrow(/CONTENT_SIGNING_KEY is too short.*openssl rand/);
    expect(() => keys({ eventStoreConnectionString: 'esdb://localhost:2113', contentSigningKey: 'k'.repeat(64) })).not.toThrow();
    expect(() => keys({ signedUrlTtlSeconds: Number('1h') })).toThrow(/SIGNED_URL_TTL_SECONDS: must be a whole number of seconds, at least 1/);
    expect(() => keys({ signedUrlTtlSeconds: 0 })).toThrow(/SIGNED_URL_TTL_SECONDS/);
  });
});
