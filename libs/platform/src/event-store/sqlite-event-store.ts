import Database from 'better-sqlite3';
import { EventEmitter } from 'events';
import * as fs from 'fs';
import * as path from 'path';
import {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  Subscription,
  SubscriptionHandler,
  WrongExpectedRevisionError,
} from './event-store.port';

interface Row {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

const toEvent = (r: Row): RecordedEvent => ({
  id: r.id,
  type: r.type,
  stream: r.stream,
  revision: r.revision,
  position: r.position,
  data: JSON.parse(r.data),
  metadata: JSON.parse(r.metadata),
});

/**
 * Embedded event store: one SQLite file in WAL mode. Appends run in `BEGIN IMMEDIATE`
 * transactions, which SQLite serializes across connections and processes, so positions
 * (the rowid) become visible strictly in commit order: a reader can never see position N+1
 * before N has committed, which is why catch-up readers never skip a late commit.
 */
export class SqliteEventStore extends EventStore {
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly subscriptions = new Set<{ stop: () => void }>();

  constructor(file: string, private readonly pollIntervalMs = 20) {
    super();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 10000');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        stream TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        UNIQUE (stream, revision)
      );`);
    this.appended.setMaxListeners(0);
  }

  private lastRevision(stream: string): number {
    const r = this.db.prepare('SELECT MAX(revision) AS rev FROM events WHERE stream = ?').get(stream) as { rev: number | null };
    return r.rev ?? -1;
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const insert = this.db.prepare(
      'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const byId = this.db.prepare('SELECT * FROM events WHERE id = ?');
    const tx = this.db.transaction((): AppendResult => {
      // Idempotent retry: the same event ids already written to this stream, in order.
      const first = byId.get(events[0].id) as Row | undefined;
      if (first) {
        const rows = events.map((e) => byId.get(e.id) as Row | undefined);
        const same = rows.every((r, i) => r && r.stream === stream && r.revision === first.revision + i);
        if (!same) throw new WrongExpectedRevisionError(stream, expected, this.lastRevision(stream));
        const last = rows[rows.length - 1]!;
        return { nextRevision: last.revision, position: last.position };
      }
      const current = this.lastRevision(stream);
      const ok =
        expected === 'any' ||
        (expected === 'no_stream' && current === -1) ||
        (expected === 'stream_exists' && current >= 0) ||
        (typeof expected === 'number' && expected === current);
      if (!ok) throw new WrongExpectedRevisionError(stream, expected, current === -1 ? 'no_stream' : current);
      let position = 0;
      events.forEach((e, i) => {
        const info = insert.run(e.id, stream, current + 1 + i, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
        position = Number(info.lastInsertRowid);
      });
      return { nextRevision: current + events.length, position };
    });
    const result = tx.immediate();
    this.appended.emit('appended');
    return result;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const rows = this.db
      .prepare(
        `SELECT * FROM events WHERE stream = ? AND revision ${backwards ? '<=' : '>='} ? ORDER BY revision ${backwards ? 'DESC' : 'ASC'} LIMIT ?`,
      )
      .all(stream, from, options.maxCount ?? -1) as Row[];
    return rows.map(toEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAllSync(options);
  }

  private readAllSync(options: ReadAllOptions): RecordedEvent[] {
    const prefix = options.streamPrefix;
    const rows = (
      prefix
        ? this.db
            .prepare('SELECT * FROM events WHERE position > ? AND substr(stream, 1, ?) = ? ORDER BY position LIMIT ?')
            .all(options.after ?? 0, prefix.length, prefix, options.maxCount ?? -1)
        : this.db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?').all(options.after ?? 0, options.maxCount ?? -1)
    ) as Row[];
    return rows.map(toEvent);
  }

  async headPosition(): Promise<number> {
    const r = this.db.prepare('SELECT MAX(position) AS p FROM events').get() as { p: number | null };
    return r.p ?? 0;
  }

  subscribeToAll(after: number, handler: SubscriptionHandler, onError?: (e: Error) => void): Subscription {
    let position = after;
    let stopped = false;
    let wake: (() => void) | null = null;
    const onAppend = () => wake?.();
    this.appended.on('appended', onAppend);
    const entry = { stop: () => { stopped = true; wake?.(); } };
    this.subscriptions.add(entry);
    const loop = (async () => {
      while (!stopped) {
        const batch = this.readAllSync({ after: position, maxCount: 500 });
        if (batch.length > 0) {
          await handler(batch);
          position = batch[batch.length - 1].position;
          continue;
        }
        // Other processes append to the same file: poll as well as listen.
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, this.pollIntervalMs);
          wake = () => { clearTimeout(t); resolve(); };
        });
        wake = null;
      }
    })().catch((e) => {
      stopped = true;
      this.appended.off('appended', onAppend);
      this.subscriptions.delete(entry);
      onError?.(e);
    });
    return {
      close: async () => {
        entry.stop();
        this.appended.off('appended', onAppend);
        this.subscriptions.delete(entry);
        await loop;
      },
    };
  }

  async close(): Promise<void> {
    for (const s of this.subscriptions) s.stop();
    this.subscriptions.clear();
    if (this.db.open) this.db.close();
  }
}
