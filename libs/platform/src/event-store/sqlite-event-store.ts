import Database from 'better-sqlite3';
import { StatementCache } from '../sqlite/statement-cache';
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
  data: JSON.parse(r.data) as RecordedEvent['data'],
  metadata: JSON.parse(r.metadata) as RecordedEvent['metadata'],
});

/**
 * An event of a slice (see readSlice): position and type at once, the rest parsed on each use.
 * Not kept parsed: a slice lives long enough in the feed's cache for V8 to move it to the old
 * generation, and most types have one runner, so a kept parse would only be more old garbage.
 * Row layout: position, id, stream, revision, type, data, metadata.
 */
class SliceRow {
  readonly position: number;
  readonly type: string;

  constructor(private readonly row: unknown[]) {
    this.position = row[0] as number;
    this.type = row[4] as string;
  }

  event(): RecordedEvent {
    const r = this.row;
    return {
      id: r[1] as string,
      stream: r[2] as string,
      revision: r[3] as number,
      position: this.position,
      type: this.type,
      data: JSON.parse(r[5] as string) as RecordedEvent['data'],
      metadata: JSON.parse(r[6] as string) as RecordedEvent['metadata'],
    };
  }
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  private readonly statements: StatementCache;
  /** Appends waiting for the group commit at the end of this turn of the event loop. */
  private queued: Array<{
    stream: string;
    events: NewEvent[];
    expected: ExpectedRevision;
    resolve: (r: AppendResult) => void;
    reject: (e: unknown) => void;
  }> = [];
  private groupCommits = 0;
  private groupedAppends = 0;

  constructor(
    file: string,
    private readonly pollIntervalMs = 20,
  ) {
    super();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.statements = new StatementCache(this.db);
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

  private stmt(sql: string): Database.Statement {
    return this.statements.get(sql);
  }

  private lastRevision(stream: string): number {
    const r = this.stmt('SELECT MAX(revision) AS rev FROM events WHERE stream = ?').get(stream) as { rev: number | null };
    return r.rev ?? -1;
  }

  /** One append inside the caller's transaction. */
  private appendInTx(stream: string, events: NewEvent[], expected: ExpectedRevision): AppendResult {
    if (events.length === 0) throw new Error('append needs at least one event');
    const byId = this.stmt('SELECT * FROM events WHERE id = ?');
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
    const insert = this.stmt('INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
    let position = 0;
    events.forEach((e, i) => {
      const info = insert.run(e.id, stream, current + 1 + i, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
      position = Number(info.lastInsertRowid);
    });
    return { nextRevision: current + events.length, position };
  }

  /**
   * Group commit: the appends made while the event loop finishes its current turn share one
   * transaction (one WAL commit), each inside a savepoint of its own, so one append's conflict
   * (a wrong expected revision) fails that append alone. Positions follow the order of the calls.
   */
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.queued.push({ stream, events, expected, resolve, reject });
      if (this.queued.length === 1) setImmediate(() => this.commitQueued());
    });
  }

  private commitQueued(): void {
    const group = this.queued;
    this.queued = [];
    if (group.length === 0) return;
    let outcomes: Array<{ ok: AppendResult } | { error: unknown }>;
    try {
      outcomes =
        group.length === 1
          ? [{ ok: this.db.transaction(() => this.appendInTx(group[0].stream, group[0].events, group[0].expected)).immediate() }]
          : this.db
              .transaction(() =>
                group.map((a) => {
                  try {
                    // A nested transaction is a savepoint: a refused append leaves the others.
                    return { ok: this.db.transaction(() => this.appendInTx(a.stream, a.events, a.expected))() };
                  } catch (error: unknown) {
                    return { error };
                  }
                }),
              )
              .immediate();
    } catch (failure: unknown) {
      // The transaction itself failed (busy past the timeout, disk full): none was written.
      outcomes = group.map(() => ({ error: failure }));
    }
    this.groupCommits++;
    this.groupedAppends += group.length;
    if (outcomes.some((o) => 'ok' in o)) this.appended.emit('appended');
    group.forEach((a, i) => {
      const o = outcomes[i];
      if ('ok' in o) a.resolve(o.ok);
      else a.reject(o.error);
    });
  }

  /** Commits and appends since the store opened (group commit: appends ÷ commits ≥ 1). */
  commitStats(): { commits: number; appends: number } {
    return { commits: this.groupCommits, appends: this.groupedAppends };
  }

  /**
   * Several appends, each to its stream at its expected revision, in one transaction: all or
   * none (bulk imports and the benchmark's data folder; one transaction per append costs a WAL
   * write each).
   */
  async appendBatch(appends: Array<{ stream: string; events: NewEvent[]; expected: ExpectedRevision }>): Promise<AppendResult[]> {
    // Event ids are random: a big batch touches pages all over the id index. A page cache that
    // holds them keeps SQLite from spilling them to the WAL again and again mid-transaction.
    const big = appends.length >= 1000;
    const cache = big ? this.db.pragma('cache_size', { simple: true }) : undefined;
    if (big) this.db.pragma('cache_size = -131072');
    try {
      const results = this.db.transaction(() => appends.map((a) => this.appendInTx(a.stream, a.events, a.expected))).immediate();
      this.appended.emit('appended');
      return results;
    } finally {
      if (big) this.db.pragma(`cache_size = ${Number(cache)}`);
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const rows = this.db
      .prepare(`SELECT * FROM events WHERE stream = ? AND revision ${backwards ? '<=' : '>='} ? ORDER BY revision ${backwards ? 'DESC' : 'ASC'} LIMIT ?`)
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
        ? this.stmt('SELECT * FROM events WHERE position > ? AND substr(stream, 1, ?) = ? ORDER BY position LIMIT ?').all(
            options.after ?? 0,
            prefix.length,
            prefix,
            options.maxCount ?? -1,
          )
        : this.stmt('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?').all(options.after ?? 0, options.maxCount ?? -1)
    ) as Row[];
    return rows.map(toEvent);
  }

  /**
   * The events after `after` for the projections' shared reader: each parsed only when a runner
   * handles its type (most runners skip most events, and parsing is most of the cost of a read).
   */
  readSlice(after: number, maxCount: number, until = Number.MAX_SAFE_INTEGER): SliceRow[] {
    const rows = this.stmt(
      'SELECT position, id, stream, revision, type, data, metadata FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?',
    )
      .raw(true)
      .all(after, until, maxCount) as unknown[][];
    return rows.map((r) => new SliceRow(r));
  }

  /**
   * Revision of the last event of `stream` at or before the global position `at` (null: none
   * then). Within a stream revisions grow with positions, so the (stream, revision) index
   * answers it backwards in a step or two. Entity tags use it (see streamRevisionAt).
   */
  revisionAt(stream: string, at: number): number | null {
    const row = this.stmt('SELECT revision FROM events WHERE stream = ? AND position <= ? ORDER BY revision DESC LIMIT 1').pluck().get(stream, at) as
      number | undefined;
    return row ?? null;
  }

  async headPosition(): Promise<number> {
    const r = this.stmt('SELECT MAX(position) AS p FROM events').get() as { p: number | null };
    return r.p ?? 0;
  }

  subscribeToAll(after: number, handler: SubscriptionHandler, onError?: (e: Error) => void): Subscription {
    let position = after;
    let stopped = false;
    let wake: (() => void) | null = null;
    const onAppend = () => wake?.();
    this.appended.on('appended', onAppend);
    const entry = {
      stop: () => {
        stopped = true;
        wake?.();
      },
    };
    this.subscriptions.add(entry);
    const loop = (async () => {
      while (!stopped) {
        const batch = this.readAllSync({ after: position, maxCount: 500 });
        if (batch.length > 0) {
          await handler(batch);
          position = batch[batch.length - 1].position;
          // Reads and handlers here are synchronous underneath: without a turn for the event
          // loop between batches, a subscription behind a long backlog would block the process.
          await nextTick();
          continue;
        }
        // Other processes append to the same file: poll as well as listen.
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, this.pollIntervalMs);
          wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        wake = null;
      }
    })().catch((e: unknown) => {
      stopped = true;
      this.appended.off('appended', onAppend);
      this.subscriptions.delete(entry);
      onError?.(e instanceof Error ? e : new Error(String(e)));
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
    this.commitQueued();
    for (const s of this.subscriptions) s.stop();
    this.subscriptions.clear();
    if (this.db.open) this.db.close();
  }
}
