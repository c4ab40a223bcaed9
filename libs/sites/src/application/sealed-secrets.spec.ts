import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PlatformConfig, SealedIds, SealedSecrets } from '@app/platform';
import { hashShareKey, ShareLinkKeys } from './share-link-keys';
import { McpServerSecrets } from './mcp-server-secrets';

describe('sealed secrets of the sites context', () => {
  let dataDir: string;
  const secrets = (overrides: Partial<PlatformConfig> = {}) => new SealedSecrets(new SealedIds(PlatformConfig.fromEnv({}, { dataDir, ...overrides })));
  beforeEach(() => (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sites-secrets-'))));
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('opens what it sealed, in another instance on the same secret store too; the sealed form does not contain the value', () => {
    const sealed = secrets().seal('p', 'rec1', 'Bearer top-secret');
    expect(sealed).not.toContain('top-secret');
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('top-secret');
    expect(secrets().open('p', 'rec1', sealed)).toBe('Bearer top-secret');
    expect(secrets().seal('p', 'rec1', 'same')).not.toBe(secrets().seal('p', 'rec1', 'same'));
  });

  it('is bound to its purpose and record, and refuses tampering or another key', () => {
    const s = secrets();
    const sealed = s.seal('p', 'rec1', 'value');
    expect(s.open('q', 'rec1', sealed)).toBeNull();
    expect(s.open('p', 'rec2', sealed)).toBeNull();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(s.open('p', 'rec1', `v1.${raw.toString('base64url')}`)).toBeNull();
    expect(s.open('p', 'rec1', 'v1.short')).toBeNull();
    expect(s.open('p', 'rec1', 'garbage')).toBeNull();
    expect(secrets({ contentSigningKey: 'k'.repeat(64) }).open('p', 'rec1', sealed)).toBeNull();
  });

  it('share-link keys: 256 random bits, the hash and the sealed key name the same key', () => {
    const keys = new ShareLinkKeys(secrets());
    const a = keys.generate('l1');
    const b = keys.generate('l1');
    expect(a.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.keyHash).toBe(hashShareKey(a.key));
    expect(a.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.open('l1', a.sealedKey)).toBe(a.key);
    expect(keys.open('l2', a.sealedKey)).toBeNull();
  });

  it('MCP server headers round-trip per server', () => {
    const headers = new McpServerSecrets(secrets());
    const sealed = headers.seal('m1', { Authorization: 'Bearer x' });
    expect(headers.open('m1', sealed)).toEqual({ Authorization: 'Bearer x' });
    expect(headers.open('m2', sealed)).toBeNull();
  });
});
