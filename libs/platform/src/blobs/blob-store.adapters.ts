import * as path from 'path';
import { connectWithRetry } from '../adapters';
import { PlatformConfig } from '../config/platform-config';
import { BlobStore } from './blob-store.port';
import { FilesystemBlobStore } from './filesystem-blob-store';

/** Files in DATA_DIR by default; GridFS when MONGODB_URI is set (the same choice as the read store's). */
export async function createBlobStore(config: PlatformConfig): Promise<BlobStore> {
  const uri = config.mongodbUri;
  if (uri) {
    // Loaded lazily so the embedded default never loads the MongoDB driver.
    const { GridFsBlobStore } = await import('./gridfs-blob-store');
    return connectWithRetry('MongoDB (blobs)', () => GridFsBlobStore.connect(uri, config.mongodbDatabase), { attempts: config.storeConnectAttempts, uri });
  }
  return new FilesystemBlobStore(path.join(config.dataDir, 'blobs'));
}
