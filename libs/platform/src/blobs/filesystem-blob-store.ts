import { createHash, randomBytes } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import { BlobMeta, checkBlobKey, checkBlobMeta } from './blob-key';
import { BlobStore } from './blob-store.port';

const MAGIC = Buffer.from('DPB1');

/**
 * The embedded adapter: one file per blob under `<DATA_DIR>/blobs`. The file name is the
 * SHA-256 of the key (two-character shards), so no key, however written, can name a path
 * outside that folder; the key is validated all the same, for a clear error. A file holds a
 * small header (magic, header length, JSON with the key and the metadata) and then the bytes,
 * so bytes and metadata change together. Writes go to a temporary file in the same folder,
 * flushed, then renamed over the old one: a reader (this process or another on the same data
 * folder, such as the CLI) sees the old blob or the new one, never half of either.
 */
export class FilesystemBlobStore extends BlobStore {
  constructor(readonly root: string) {
    super();
  }

  /** Where `key`'s file lives (exposed for tests that corrupt or inspect files). */
  fileOf(key: string): string {
    checkBlobKey(key);
    const hash = createHash('sha256').update(key).digest('hex');
    return path.join(this.root, hash.slice(0, 2), hash.slice(2));
  }

  async put(key: string, bytes: Buffer, meta: BlobMeta): Promise<void> {
    const file = this.fileOf(key);
    checkBlobMeta(meta);
    const header = Buffer.from(JSON.stringify({ key, contentType: meta.contentType, organizationId: meta.organizationId, size: bytes.length }));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(header.length);
    const dir = path.dirname(file);
    await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await fs.open(tmp, 'wx', 0o600);
    try {
      await handle.writev([MAGIC, length, header, bytes]);
      await handle.sync();
    } catch (e) {
      await handle.close();
      await fs.rm(tmp, { force: true });
      throw e;
    }
    await handle.close();
    try {
      await fs.rename(tmp, file);
    } catch (e) {
      await fs.rm(tmp, { force: true });
      throw e;
    }
  }

  async get(key: string): Promise<{ bytes: Buffer; contentType: string; organizationId: string; size: number } | null> {
    const file = this.fileOf(key);
    let raw: Buffer;
    try {
      raw = await fs.readFile(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    if (raw.length < 8 || !raw.subarray(0, 4).equals(MAGIC)) throw new Error(`blob file ${file} is not a blob (bad magic)`);
    const headerEnd = 8 + raw.readUInt32BE(4);
    const header = JSON.parse(raw.subarray(8, headerEnd).toString('utf8')) as { key: string; contentType: string; organizationId: string; size: number };
    const bytes = raw.subarray(headerEnd);
    if (header.key !== key) return null;
    if (bytes.length !== header.size) throw new Error(`blob file ${file} is truncated (${bytes.length} of ${header.size} bytes)`);
    return { bytes, contentType: header.contentType, organizationId: header.organizationId, size: header.size };
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }
}
