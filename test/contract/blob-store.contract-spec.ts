/**
 * One contract for every BlobStore adapter: files in a data folder always, GridFS when
 * MONGODB_URI is set (a database of its own per run, dropped afterwards), else a SKIPPED line.
 */
import { spawn } from 'child_process';
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as readline from 'readline';
import { BlobStore, blobKeyProblem, FilesystemBlobStore, InvalidBlobKey } from '@app/platform';

const ROOT = path.resolve(__dirname, '..', '..');
const meta = (organizationId = 'org1', contentType = 'font/woff2') => ({ contentType, organizationId });

interface Harness {
  /** A new store instance over the same storage (another process would see the same). */
  open(): Promise<BlobStore>;
  cleanup(): Promise<void>;
}

const HOSTILE_KEYS = ['', '/abs', '../escape', 'a/../../b', 'a/./b', 'a//b', 'a/', 'a\\b', 'a\u0000b', 'café', 'a b', '..', '.', 'x'.repeat(513)];

function runBlobStoreContract(name: string, factory: () => Promise<Harness>): void {
  describe(`${name} blob store contract`, () => {
    const run = randomBytes(3).toString('hex');
    let harness: Harness;
    let store: BlobStore;
    const key = (label: string) => `contract/${run}/${label}`;

    beforeAll(async () => {
      harness = await factory();
      store = await harness.open();
    });
    afterAll(async () => {
      await (store as unknown as { onApplicationShutdown?: () => Promise<void> })?.onApplicationShutdown?.();
      await harness?.cleanup();
    });

    it('stores bytes with their metadata, byte for byte; a missing key is null', async () => {
      const bytes = Buffer.from(Array.from({ length: 256 * 4 }, (_, i) => i % 256));
      await store.put(key('all-bytes'), bytes, meta('org1', 'application/octet-stream'));
      const got = await store.get(key('all-bytes'));
      expect(got).toEqual({ bytes, contentType: 'application/octet-stream', organizationId: 'org1', size: 1024 });
      expect(Buffer.isBuffer(got!.bytes)).toBe(true);
      expect(await store.get(key('never-written'))).toBeNull();
    });

    it('an empty blob and a blob of several megabytes (several GridFS chunks) round-trip', async () => {
      await store.put(key('empty'), Buffer.alloc(0), meta());
      expect(await store.get(key('empty'))).toMatchObject({ size: 0, bytes: Buffer.alloc(0) });
      const big = randomBytes(3 * 1024 * 1024 + 17);
      await store.put(key('big'), big, meta());
      const got = await store.get(key('big'));
      expect(got!.size).toBe(big.length);
      expect(got!.bytes.equals(big)).toBe(true);
    });

    it('a put replaces the bytes and the metadata; another instance sees the new blob', async () => {
      await store.put(key('replaced'), Buffer.from('first'), meta('org1', 'text/plain'));
      await store.put(key('replaced'), Buffer.from('second version'), meta('org2', 'application/json'));
      const other = await harness.open();
      try {
        for (const s of [store, other]) {
          expect(await s.get(key('replaced'))).toEqual({
            bytes: Buffer.from('second version'),
            contentType: 'application/json',
            organizationId: 'org2',
            size: 14,
          });
        }
      } finally {
        await (other as unknown as { onApplicationShutdown?: () => Promise<void> }).onApplicationShutdown?.();
      }
    });

    it('delete removes a blob; deleting a missing key is no error', async () => {
      await store.put(key('deleted'), Buffer.from('gone soon'), meta());
      await store.delete(key('deleted'));
      expect(await store.get(key('deleted'))).toBeNull();
      await expect(store.delete(key('deleted'))).resolves.toBeUndefined();
    });

    it('concurrent puts of one key leave exactly one of them, whole', async () => {
      const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(300_000 + i, i + 1));
      await Promise.all(versions.map((v, i) => store.put(key('raced'), v, meta(`org${i}`))));
      const got = await store.get(key('raced'));
      const i = versions.findIndex((v) => v.equals(got!.bytes));
      expect(i).toBeGreaterThanOrEqual(0);
      expect(got).toMatchObject({ organizationId: `org${i}`, size: versions[i].length });
    });

    it('keys outside the rule are refused by every method, before any I/O', async () => {
      for (const bad of HOSTILE_KEYS) {
        expect([bad, blobKeyProblem(bad)]).toEqual([bad, expect.stringMatching(/^storageKey: must be a storage key/)]);
        await expect(store.put(bad, Buffer.from('x'), meta())).rejects.toBeInstanceOf(InvalidBlobKey);
        await expect(store.get(bad)).rejects.toBeInstanceOf(InvalidBlobKey);
        await expect(store.delete(bad)).rejects.toBeInstanceOf(InvalidBlobKey);
      }
      for (const ok of ['a', 'orgs/o1/customization_font/u1/Inter-Regular.woff2', 'a.b/c_d/e-f', 'x'.repeat(512)]) expect(blobKeyProblem(ok)).toBeNull();
      await expect(store.put(key('no-type'), Buffer.from('x'), meta('org1', ''))).rejects.toBeInstanceOf(InvalidBlobKey);
    });
  });
}

/** Every file under `dir`, relative. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    : [];

{
  let dir = '';
  runBlobStoreContract('Filesystem', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-store-contract-'));
    return { open: async () => new FilesystemBlobStore(path.join(dir, 'blobs')), cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  });

  describe('Filesystem blob store: files', () => {
    let root: string;
    let store: FilesystemBlobStore;
    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-store-files-'));
      store = new FilesystemBlobStore(path.join(root, 'blobs'));
    });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it('lives in its folder only: file names are hashes of the keys, no temporary file stays', async () => {
      await store.put('orgs/o1/a.woff2', Buffer.from('a'), meta());
      for (const bad of HOSTILE_KEYS) await store.put(bad, Buffer.from('evil'), meta()).catch(() => undefined);
      expect(fs.readdirSync(root)).toEqual(['blobs']);
      const files = filesUnder(path.join(root, 'blobs'));
      expect(files).toEqual([expect.stringMatching(/^[0-9a-f]{2}\/[0-9a-f]{62}$/)]);
      expect(path.relative(root, store.fileOf('orgs/o1/a.woff2'))).toBe(path.join('blobs', files[0]));
    });

    it('a file that is not a blob is an error, not bytes; a truncated one too', async () => {
      await store.put('orgs/o1/broken', Buffer.from('0123456789'), meta());
      const file = store.fileOf('orgs/o1/broken');
      const whole = fs.readFileSync(file);
      fs.writeFileSync(file, whole.subarray(0, whole.length - 3));
      await expect(store.get('orgs/o1/broken')).rejects.toThrow(/truncated/);
      fs.writeFileSync(file, 'garbage');
      await expect(store.get('orgs/o1/broken')).rejects.toThrow(/not a blob/);
    });

    it('a writer killed (SIGKILL) in the middle of puts leaves the old blob or the new one, never part of one', async () => {
      const blobs = path.join(root, 'crash');
      const script = `
        const { FilesystemBlobStore } = require('./libs/platform/src/blobs/filesystem-blob-store.ts');
        const store = new FilesystemBlobStore(${JSON.stringify(blobs)});
        (async () => {
          for (let i = 0; ; i++) {
            await store.put('crash/key', Buffer.alloc(2 * 1024 * 1024 + i, i % 2 ? 0x42 : 0x41), { contentType: 'application/octet-stream', organizationId: 'o' + i });
            console.log('put ' + i);
          }
        })();`;
      const proc = spawn(process.execPath, ['-r', './test/support/register-ts.js', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      proc.stderr!.on('data', (d) => (stderr += d));
      const exited = new Promise<string | null>((resolve) => proc.on('exit', (_code, signal) => resolve(signal)));
      await new Promise<void>((resolve, reject) => {
        readline.createInterface({ input: proc.stdout! }).on('line', (line) => {
          if (line === 'put 3') resolve();
        });
        void exited.then(() => reject(new Error(`writer exited early: ${stderr}`)));
      });
      proc.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      const got = await new FilesystemBlobStore(blobs).get('crash/key');
      const i = Number(got!.organizationId.slice(1));
      expect(i).toBeGreaterThanOrEqual(3);
      expect(got!.size).toBe(2 * 1024 * 1024 + i);
      expect(got!.bytes.every((b) => b === (i % 2 ? 0x42 : 0x41))).toBe(true);
    }, 60_000);
  });
}

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  const database = `blob_store_contract_${randomBytes(4).toString('hex')}`;
  runBlobStoreContract('GridFS', async () => {
    const { GridFsBlobStore } = await import('@app/platform/blobs/gridfs-blob-store');
    const { MongoClient } = await import('mongodb');
    return {
      open: () => GridFsBlobStore.connect(mongoUri, database),
      cleanup: async () => {
        const client = await MongoClient.connect(mongoUri);
        await client.db(database).dropDatabase();
        await client.close();
      },
    };
  });
} else {
  it('GridFS blob store contract: SKIPPED — MONGODB_URI is not set', () => {
    console.warn('GridFS blob store contract: SKIPPED — MONGODB_URI is not set');
  });
}
