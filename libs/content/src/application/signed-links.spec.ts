import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ManualClock, NotFound, PlatformConfig, SigningKeys, upcast } from '@app/platform';
import { SignedLinks } from './signed-links';

describe('SignedLinks', () => {
  let dataDir: string;
  let clock: ManualClock;
  let links: SignedLinks;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signed-links-'));
    clock = new ManualClock('2026-03-01T10:00:00.000Z');
    const keys = new SigningKeys(PlatformConfig.fromEnv({}, { dataDir }), clock);
    keys.onModuleInit();
    links = new SignedLinks(keys);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('a link verifies on its own route only, for GET, until it expires', async () => {
    const token = await links.sign({ k: 'file', b: 'blob1', t: 'text/plain', n: 'a.txt' });
    expect(links.verify('GET', `/v1/content/files/${token}`, 'file', 'file')).toEqual({ k: 'file', b: 'blob1', t: 'text/plain', n: 'a.txt' });
    expect(() => links.verify('GET', `/v1/content/pdf/${token}`, 'pdf', 'PDF')).toThrow(/invalid/);
    expect(() => links.verify('POST', `/v1/content/files/${token}`, 'file', 'file')).toThrow(NotFound);
    clock.advance(3600_001);
    expect(() => links.verify('GET', `/v1/content/files/${token}`, 'file', 'file')).toThrow(/expired/);
  });

  it('shows the retired key event of old data folders redacted (history itself is not rewritten)', () => {
    const stored = { type: 'ContentSigningKeyCreated', data: { key: 'ab'.repeat(32) }, metadata: { schemaVersion: 1 } };
    const shown = upcast(stored);
    expect(JSON.stringify(shown)).not.toContain('ab'.repeat(32));
    expect(shown.data).toEqual({ key: '[redacted: retired signing key]' });
    expect(stored.data.key).toBe('ab'.repeat(32));
  });
});
