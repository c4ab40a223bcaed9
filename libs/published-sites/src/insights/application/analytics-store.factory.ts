import * as path from 'path';
import { connectWithRetry, PlatformConfig } from '@app/platform';
import { AnalyticsStore } from './analytics-store.port';
import { SqliteAnalyticsStore } from './sqlite-analytics-store';

/** The embedded store's file in DATA_DIR. */
export const ANALYTICS_FILE = 'analytics.sqlite';

/**
 * Chosen as the platform chooses its stores (libs/platform/src/adapters.ts): with MONGODB_URI a
 * collection in MONGODB_DATABASE, else an SQLite file of its own in DATA_DIR.
 */
export async function createAnalyticsStore(config: PlatformConfig): Promise<AnalyticsStore> {
  const uri = config.mongodbUri;
  if (uri) {
    // Loaded lazily so the embedded default never loads the driver.
    const { MongoAnalyticsStore } = await import('./mongo-analytics-store');
    return connectWithRetry('MongoDB (insights)', () => MongoAnalyticsStore.connect(uri, config.mongodbDatabase), {
      attempts: config.storeConnectAttempts,
      uri,
    });
  }
  return new SqliteAnalyticsStore(path.join(config.dataDir, ANALYTICS_FILE));
}
