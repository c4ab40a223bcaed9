import { OnApplicationShutdown } from '@nestjs/common';
import { GridFSBucket, GridFSFile, MongoClient } from 'mongodb';
import { BlobMeta, checkBlobKey, checkBlobMeta } from './blob-key';
import { BlobStore } from './blob-store.port';

const BUCKET = 'blobs';
/** Newest first: the file a key names is its latest complete upload. */
const NEWEST = { uploadDate: -1, _id: -1 } as const;

/**
 * The MongoDB adapter (MONGODB_URI): GridFS bucket `blobs`, the file name is the key and the
 * metadata travels in the file document. GridFS inserts the file document only after its last
 * chunk, so a reader never sees half a blob. A put uploads a new file and then removes the
 * files of the key that are older than it (never newer ones), so of concurrent puts the newest
 * stays, whatever the order in which they finish; a reader takes the newest file of the key.
 */
export class GridFsBlobStore extends BlobStore implements OnApplicationShutdown {
  private readonly bucket: GridFSBucket;

  private constructor(
    private readonly client: MongoClient,
    database: string,
  ) {
    super();
    this.bucket = new GridFSBucket(client.db(database), { bucketName: BUCKET });
  }

  static async connect(uri: string, database: string): Promise<GridFsBlobStore> {
    const client = new MongoClient(uri);
    try {
      await client.connect();
    } catch (e) {
      // connectWithRetry makes a new client per attempt: this one must not linger.
      await client.close().catch(() => undefined);
      throw e;
    }
    return new GridFsBlobStore(client, database);
  }

  async put(key: string, bytes: Buffer, meta: BlobMeta): Promise<void> {
    checkBlobKey(key);
    checkBlobMeta(meta);
    const upload = this.bucket.openUploadStream(key, { metadata: { contentType: meta.contentType, organizationId: meta.organizationId } });
    await new Promise<void>((resolve, reject) => {
      upload.once('finish', resolve).once('error', reject);
      upload.end(bytes);
    });
    const mine = upload.gridFSFile ?? (await this.bucket.find({ _id: upload.id }).next());
    if (!mine) throw new Error(`GridFS: the file just written for ${key} is missing`);
    const older = await this.bucket
      .find({ filename: key, $or: [{ uploadDate: { $lt: mine.uploadDate } }, { uploadDate: mine.uploadDate, _id: { $lt: mine._id } }] })
      .toArray();
    for (const f of older) await this.remove(f);
  }

  async get(key: string): Promise<{ bytes: Buffer; contentType: string; organizationId: string; size: number } | null> {
    checkBlobKey(key);
    // A newer put may remove the file between finding and reading it: then read the newer one.
    for (let attempt = 0; attempt < 3; attempt++) {
      const [file] = await this.bucket.find({ filename: key }, { sort: NEWEST, limit: 1 }).toArray();
      if (!file) return null;
      const bytes = await this.read(file).catch((e: Error) => {
        if (/FileNotFound|ChunkIsMissing|not found/i.test(e.message)) return null;
        throw e;
      });
      if (!bytes) continue;
      const m = (file.metadata ?? {}) as Partial<BlobMeta>;
      return { bytes, contentType: String(m.contentType ?? 'application/octet-stream'), organizationId: String(m.organizationId ?? ''), size: bytes.length };
    }
    throw new Error(`GridFS: ${key} kept changing while it was read`);
  }

  async delete(key: string): Promise<void> {
    checkBlobKey(key);
    for (const f of await this.bucket.find({ filename: key }).toArray()) await this.remove(f);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  private async read(file: GridFSFile): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Deleting a file another writer already deleted is fine. */
  private async remove(file: GridFSFile): Promise<void> {
    await this.bucket.delete(file._id).catch((e: Error) => {
      if (!/FileNotFound|not found/i.test(e.message)) throw e;
    });
  }
}
