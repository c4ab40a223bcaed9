import * as path from 'path';
import { connectWithRetry, PlatformConfig, ReadStore } from '@app/platform';
import { SearchIndex } from './search-index.port';
import { SqliteSearchIndex } from './sqlite-search-index';

/**
 * The search index goes where the read models go (it indexes one of them): the read-store file
 * embedded (adapters.ts names it read-models.sqlite in DATA_DIR), MongoDB when MONGODB_URI is set.
 */
export async function createSearchIndex(config: PlatformConfig, store: ReadStore): Promise<SearchIndex> {
  const uri = config.mongodbUri;
  if (uri) {
    const { MongoSearchIndex } = await import('./mongo-search-index');
    return connectWithRetry('MongoDB (search index)', () => MongoSearchIndex.connect(uri, config.mongodbDatabase, store), {
      attempts: config.storeConnectAttempts,
      uri,
    });
  }
  return new SqliteSearchIndex(path.join(config.dataDir, 'read-models.sqlite'), store);
}
