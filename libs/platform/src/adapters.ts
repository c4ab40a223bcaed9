import * as path from 'path';
import { PlatformConfig } from './config/platform-config';
import { EventStore } from './event-store/event-store.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { ReadStore } from './read-store/read-store.port';
import { SqliteReadStore } from './read-store/sqlite-read-store';

/** The only place that chooses adapters: embedded files by default, servers when configured. */
export async function createEventStore(config: PlatformConfig): Promise<EventStore> {
  if (config.eventStoreConnectionString) {
    // Loaded lazily so the embedded default never touches the gRPC client.
    const { EventStoreDbEventStore } = await import('./event-store/esdb-event-store');
    return EventStoreDbEventStore.connect(config.eventStoreConnectionString);
  }
  return new SqliteEventStore(path.join(config.dataDir, 'events.sqlite'));
}

export async function createReadStore(config: PlatformConfig): Promise<ReadStore> {
  if (config.mongodbUri) {
    const { MongoReadStore } = await import('./read-store/mongo-read-store');
    return MongoReadStore.connect(config.mongodbUri, config.mongodbDatabase);
  }
  return new SqliteReadStore(path.join(config.dataDir, 'read-models.sqlite'));
}
