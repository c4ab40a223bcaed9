import { Logger } from '@nestjs/common';
import * as path from 'path';
import { PlatformConfig } from './config/platform-config';
import { EventStore } from './event-store/event-store.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { instrumentEventStore } from './observability/metrics-event-store';
import type { Metrics } from './observability/metrics.service';
import { ReadStore } from './read-store/read-store.port';
import { SqliteReadStore } from './read-store/sqlite-read-store';

/**
 * The only place that chooses adapters: embedded files by default, servers when configured.
 * With `metrics`, every append of the process is counted and timed here (one choke point).
 */
export async function createEventStore(config: PlatformConfig, metrics?: Metrics): Promise<EventStore> {
  const store = await chooseEventStore(config);
  return metrics ? instrumentEventStore(store, metrics) : store;
}

async function chooseEventStore(config: PlatformConfig): Promise<EventStore> {
  const uri = config.eventStoreConnectionString;
  if (uri) {
    // Loaded lazily so the embedded default never touches the gRPC client.
    const { EventStoreDbEventStore } = await import('./event-store/esdb-event-store');
    return connectWithRetry('EventStoreDB', () => EventStoreDbEventStore.connect(uri), { attempts: config.storeConnectAttempts, uri });
  }
  return new SqliteEventStore(path.join(config.dataDir, 'events.sqlite'));
}

export async function createReadStore(config: PlatformConfig): Promise<ReadStore> {
  const uri = config.mongodbUri;
  if (uri) {
    const { MongoReadStore } = await import('./read-store/mongo-read-store');
    return connectWithRetry('MongoDB', () => MongoReadStore.connect(uri, config.mongodbDatabase), { attempts: config.storeConnectAttempts, uri });
  }
  return new SqliteReadStore(path.join(config.dataDir, 'read-models.sqlite'));
}

/**
 * The read store of a lane's own projections when they run in a worker thread. Embedded: a file
 * of their own, because a SQLite read store refuses a commit computed from documents read before
 * another connection committed (see SqliteReadStore.noteOtherWriters), so a second writer on the
 * main file would make the API's projections redo their batches. MongoDB has no such cache:
 * the same store serves.
 */
export function createLaneReadStore(config: PlatformConfig, lane: string, main: ReadStore): ReadStore {
  if (config.mongodbUri) return main;
  return new SqliteReadStore(path.join(config.dataDir, `read-models-${lane}.sqlite`));
}

/** Wait before the next attempt, after `failed` failed ones: 250 ms doubling, capped at 5 s. */
export const connectBackoffMs = (failed: number) => Math.min(5000, 250 * 2 ** (failed - 1));

export interface ConnectRetryOptions {
  attempts: number;
  /** The connection string, so its credentials never reach a log line or an error message. */
  uri?: string;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
}

const logger = new Logger('Stores');

/**
 * Servers may start after the API (docker compose, a restarted cluster): retry the connection
 * with exponential backoff and a log line per failed attempt, and give up only after
 * `attempts` (config.storeConnectAttempts; the container's restart policy takes over then).
 */
export async function connectWithRetry<T>(what: string, connect: () => Promise<T>, o: ConnectRetryOptions): Promise<T> {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const log = o.log ?? ((line: string) => logger.warn(line));
  const attempts = Math.max(1, Math.floor(o.attempts) || 1);
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (e) {
      const reason = redactCredentials(e instanceof Error ? e.message : String(e), o.uri);
      // A fresh error: the original's message or properties may quote the connection string.
      // eslint-disable-next-line preserve-caught-error -- no `cause` on purpose: it would carry the credentials along
      if (attempt >= attempts) throw new Error(`${what}: could not connect after ${attempts} attempt${attempts > 1 ? 's' : ''}: ${reason}`);
      const delay = connectBackoffMs(attempt);
      log(`${what} not reachable (attempt ${attempt}/${attempts}): ${reason}; retrying in ${delay} ms`);
      await sleep(delay);
    }
  }
}

/** Hides the user info of any URL in `text`, and the password of `uri` wherever it appears. */
export function redactCredentials(text: string, uri?: string): string {
  // Up to the last `@` of the authority: a password may contain an unescaped `@`.
  let out = text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]*@/gi, '$1***@');
  const userInfo = uri ? /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(uri)?.[1] : undefined;
  const password = userInfo?.includes(':') ? userInfo.slice(userInfo.indexOf(':') + 1) : undefined;
  if (password) {
    let decoded = password;
    try {
      decoded = decodeURIComponent(password);
    } catch {
      /* keep it as written */
    }
    for (const p of new Set([password, decoded])) out = out.split(p).join('***');
  }
  return out;
}
