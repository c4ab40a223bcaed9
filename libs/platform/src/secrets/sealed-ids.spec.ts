import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PlatformConfig } from '../config/platform-config';
import { SEALING_KEY_FILE, SealedIds } from './sealed-ids';

describe('SealedIds (ids that are credentials)', () => {
  let dataDir: string;
  const sealer = (overrides: Partial<PlatformConfig> = {}) => {
    const s = new SealedIds(PlatformConfig.fromEnv({}, { dataDir, ...overrides }));
    s.onModuleInit();
    return s;
  };
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealed-ids-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('opens what it sealed, in another process on the same folder too; the record id alone does not open', () => {
    const sealed = sealer().seal('invite', 'org1', 'rec123');
    expect(sealed.startsWith('rec123')).toBe(true);
    expect(sealed.length).toBe('rec123'.length + 22);
    expect(sealer().open('invite', 'org1', sealed)).toBe('rec123');
    expect(sealer().open('invite', 'org1', 'rec123')).toBeNull();
    expect(fs.statSync(path.join(dataDir, SEALING_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('binds the id to its purpose and scope, and refuses tampering', () => {
    const s = sealer();
    const sealed = s.seal('invite', 'org1', 'rec123');
    expect(s.open('invite', 'org2', sealed)).toBeNull();
    expect(s.open('other', 'org1', sealed)).toBeNull();
    expect(s.open('invite', 'org1', `x${sealed.slice(1)}`)).toBeNull();
    expect(s.open('invite', 'org1', sealed.slice(0, -1) + (sealed.endsWith('A') ? 'B' : 'A'))).toBeNull();
    expect(s.open('invite', 'org1', '')).toBeNull();
  });

  it('with CONTENT_SIGNING_KEY the key derives from it (no file); another value gives other ids', () => {
    const a = sealer({ contentSigningKey: 'a'.repeat(64) });
    const sealed = a.seal('invite', 'org1', 'rec');
    expect(fs.existsSync(path.join(dataDir, SEALING_KEY_FILE))).toBe(false);
    expect(sealer({ contentSigningKey: 'a'.repeat(64) }).open('invite', 'org1', sealed)).toBe('rec');
    expect(sealer({ contentSigningKey: 'b'.repeat(64) }).open('invite', 'org1', sealed)).toBeNull();
  });
});
