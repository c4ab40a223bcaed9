import Database from 'better-sqlite3';
import { StatementCache } from '../sqlite/statement-cache';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { Checkpoint, CollectionDefinition, CommitOptions, Doc, Filter, FindOptions, ParkedEvent, ReadStore, Write } from './read-store.port';

const ident = (s: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(s)) throw new Error(`invalid collection or projection name "${s}"`);
  return s.replace(/-/g, '_');
};
const jsonPath = (field: string) => {
  if (!/^[A-Za-z0-9_.]+$/.test(field)) throw new Error(`invalid field path "${field}"`);
  return field === 'id' ? 'id' : `json_extract(doc, '$.${field}')`;
};
/** JSON booleans come back from json_extract as 1/0. */
const sqlValue = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v === undefined ? null : v);

/** A document a unit of work serialized already carries its JSON here (see UnitOfWork). */
const SERIALIZED = Symbol.for('docs-platform.read-store.serialized');

/** Characters of JSON the document cache holds at most (see beginTurn). */
const DOC_CACHE_CHARS = 32 * 1024 * 1024;
/**
 * A commit writes for at most this long before the event loop gets a turn (its transaction
 * stays open on the writing connection meanwhile; queries read the other one and see none of
 * it until it commits): a catch-up commits 10,000 documents at once, which takes 60-90 ms.
 */
const WRITE_SLICE_MS = 8;
/** Rows written between checkpoints of the write-ahead log (run in a turn of their own). */
const CHECKPOINT_EVERY_ROWS = 2000;

/**
 * Embedded read models: one SQLite file, one table per collection and generation, each
 * document stored as JSON. Writes and the checkpoint commit in one transaction.
 *
 * Two connections: `db` writes (commits and schema changes, one at a time), `reader` reads
 * (queries, runners' reads, checkpoints), so a commit may span several turns of the event loop
 * while queries keep answering from what has committed.
 */
interface CheckpointMove {
  projection: string;
  generation: number;
  from: number;
  to: number;
  options: CommitOptions;
  done: { resolve: (moved: boolean) => void; reject: (e: unknown) => void };
}

export class SqliteReadStore extends ReadStore {
  private readonly db: Database.Database;
  private readonly reader: Database.Database;
  private readonly reads: StatementCache;
  /** Writes on `db` run one after the other (a commit may await between its slices). */
  private writing: Promise<unknown> = Promise.resolve();
  private rowsSinceCheckpoint = 0;
  private checkpointDue = false;
  private readonly owner = new Map<string, string>();
  private readonly collections = new Map<string, CollectionDefinition[]>();
  private readonly statements: StatementCache;
  private readonly tableNames = new Map<string, string>();
  /**
   * The JSON of documents projections read while they apply events (null: no such document),
   * by table and id: a catch-up reads a document back for nearly every event, and a cached
   * one costs a third of a SQLite read. Own commits keep it current; it is used only inside a
   * runner's turn (beginTurn/endTurn) and emptied as soon as a commit finds that another
   * process has committed since (see noteOtherWriters: that commit, computed from it, is refused).
   */
  private readonly docs = new Map<string, string | null>();
  /** Puts may come as `{ id, [SERIALIZED]: json }` (see UnitOfWork.writes). */
  readonly takesSerializedDocs = true;
  private docChars = 0;
  private dataVersion = -1;
  private inTurn = false;
  /** Checkpoint moves waiting for the end of this turn of the event loop (see moveCheckpoint). */
  private moves: CheckpointMove[] = [];
  private transactions = 0;
  /**
   * Moves whenever another process has committed since: documents read before may be stale,
   * so commits computed from them are refused (see readVersion). Only `db` writes here, so its
   * PRAGMA data_version changes only for another process's commits.
   */
  private version = 0;

  constructor(file: string) {
    super();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.statements = new StatementCache(this.db);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 10000');
    this.db.pragma('synchronous = NORMAL');
    // The log is checkpointed after commits, in a turn of its own (see checkpointSoon); this
    // is the bound if that falls behind.
    this.db.pragma('wal_autocheckpoint = 10000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS _projections (name TEXT PRIMARY KEY, active INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS _checkpoints (name TEXT NOT NULL, generation INTEGER NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (name, generation));
      CREATE TABLE IF NOT EXISTS _parked (id TEXT PRIMARY KEY, projection TEXT NOT NULL, position INTEGER NOT NULL, event_id TEXT NOT NULL,
        event_type TEXT NOT NULL, stream TEXT NOT NULL, error TEXT NOT NULL, parked_at TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS _leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL);`);
    this.dataVersion = this.stmt('PRAGMA data_version').pluck().get() as number;
    this.reader = new Database(file);
    this.reads = new StatementCache(this.reader);
    this.reader.pragma('busy_timeout = 10000');
    // SQLite's lower() folds ASCII only; $contains is case-insensitive for every script.
    this.reader.function('ulower', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));
  }

  /** A statement of the writing connection. */
  private stmt(sql: string): Database.Statement {
    return this.statements.get(sql);
  }

  /** A statement of the reading connection. */
  private read(sql: string): Database.Statement {
    return this.reads.get(sql);
  }

  /** Runs `fn` once the writes before it are done: commits and schema changes never interleave. */
  private exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    const run = this.writing.then(fn);
    this.writing = run.catch(() => undefined);
    return run;
  }

  private table(collection: string, generation: number) {
    const key = `${collection}\u0000${generation}`;
    let t = this.tableNames.get(key);
    if (!t) {
      t = `rm_${ident(collection)}_g${generation}`;
      this.tableNames.set(key, t);
    }
    return t;
  }

  /**
   * The active generation as committed (`writing`: as the writing connection's transaction
   * sees it). Queries read it through `actives`: a query reads several read models, and this
   * lookup cost as much as the read itself.
   */
  private activeGeneration(projection: string, writing = false): number {
    const sql = 'SELECT active FROM _projections WHERE name = ?';
    if (writing) return (this.stmt(sql).get(projection) as { active: number } | undefined)?.active ?? 1;
    this.checkActives();
    let active = this.actives.get(projection);
    if (active === undefined) {
      active = (this.read(sql).get(projection) as { active: number } | undefined)?.active ?? 1;
      this.actives.set(projection, active);
    }
    return active;
  }

  /**
   * Active generations as the reading connection saw them, kept while its PRAGMA data_version
   * stays the same: that moves with every commit of another connection (this process's writing
   * one included), so a generation activated anywhere is seen. It is asked once per turn of the
   * event loop at most; this process's own activations empty the map at once.
   */
  private readonly actives = new Map<string, number>();
  private activesVersion = -1;
  private activesChecked = false;

  private checkActives(): void {
    if (this.activesChecked) return;
    this.activesChecked = true;
    setImmediate(() => (this.activesChecked = false));
    const version = this.read('PRAGMA data_version').pluck().get() as number;
    if (version === this.activesVersion) return;
    this.activesVersion = version;
    this.actives.clear();
  }

  private tableFor(collection: string, generation?: number) {
    const projection = this.owner.get(collection);
    if (!projection) throw new Error(`unknown read-model collection "${collection}"`);
    return this.table(collection, generation ?? this.activeGeneration(projection));
  }

  private createTables(projection: string, generation: number) {
    this.statements.clear();
    this.reads.clear();
    this.actives.clear();
    this.forgetDocs();
    for (const c of this.collections.get(projection) ?? []) {
      const t = this.table(c.name, generation);
      this.db.exec(`CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
      (c.indexes ?? []).forEach((fields, i) => {
        this.db.exec(`CREATE INDEX IF NOT EXISTS ${t}_ix${i} ON ${t} (${fields.map(jsonPath).join(', ')})`);
      });
    }
  }

  async defineProjection(projection: string, collections: CollectionDefinition[]): Promise<void> {
    this.collections.set(projection, collections);
    for (const c of collections) this.owner.set(c.name, projection);
    await this.exclusive(() =>
      this.db
        .transaction(() => {
          this.db.prepare('INSERT OR IGNORE INTO _projections (name, active) VALUES (?, 1)').run(projection);
          const active = this.activeGeneration(projection, true);
          this.db.prepare('INSERT OR IGNORE INTO _checkpoints (name, generation, position) VALUES (?, ?, 0)').run(projection, active);
          this.createTables(projection, active);
        })
        .immediate(),
    );
  }

  async get<T extends Doc>(collection: string, id: string, generation?: number): Promise<T | null> {
    const table = this.tableFor(collection, generation);
    // Only a runner's reads of its own generation go through the cache (queries never do).
    if (!this.inTurn || generation === undefined) {
      const row = this.read(`SELECT doc FROM ${table} WHERE id = ?`).get(id) as { doc: string } | undefined;
      return row ? (JSON.parse(row.doc) as T) : null;
    }
    const key = `${table}\u0000${id}`;
    let json = this.docs.get(key);
    if (json === undefined) {
      json = (this.read(`SELECT doc FROM ${table} WHERE id = ?`).get(id) as { doc: string } | undefined)?.doc ?? null;
      this.remember(key, json);
    }
    return json === null ? null : (JSON.parse(json) as T);
  }

  private remember(key: string, json: string | null): void {
    const old = this.docs.get(key);
    if (old !== undefined) this.docChars -= key.length + (old?.length ?? 0);
    this.docs.set(key, json);
    this.docChars += key.length + (json?.length ?? 0);
    // Oldest first (moving entries to the end on every hit would cost more than it saves).
    if (this.docChars <= DOC_CACHE_CHARS) return;
    for (const [k, v] of this.docs) {
      this.docs.delete(k);
      this.docChars -= k.length + (v?.length ?? 0);
      if (this.docChars <= DOC_CACHE_CHARS * 0.9) break;
    }
  }

  private forgetDocs(): void {
    this.docs.clear();
    this.docChars = 0;
  }

  /** A runner's turn starts: its reads may use the document cache (see docs). */
  beginTurn(): void {
    this.inTurn = true;
  }

  /** In a write transaction: notes whether another process has committed since the last one. */
  private noteOtherWriters(): void {
    const version = this.stmt('PRAGMA data_version').pluck().get() as number;
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.version++;
    this.forgetDocs();
  }

  /**
   * Documents a runner reads through this store may come from its cache: commits computed
   * from reads made before another process changed the store must be refused. A runner
   * passes the version it started reading at as CommitOptions.readVersion.
   */
  readVersion(): number {
    return this.version;
  }

  endTurn(): void {
    this.inTurn = false;
  }

  private where(filter: Filter, params: unknown[]): string[] {
    const clauses: string[] = [];
    for (const [field, cond] of Object.entries(filter)) {
      const col = jsonPath(field);
      const isOps = cond !== null && typeof cond === 'object' && !Array.isArray(cond) && Object.keys(cond).some((k) => k.startsWith('$'));
      if (!isOps) {
        if (cond === null || cond === undefined) clauses.push(`${col} IS NULL`);
        else {
          clauses.push(`${col} = ?`);
          params.push(sqlValue(cond));
        }
        continue;
      }
      const c = cond as Record<string, unknown>;
      for (const [op, v] of Object.entries(c)) {
        if (op === '$gt' || op === '$gte' || op === '$lt' || op === '$lte') clauses.push(this.range(col, op, sqlValue(v), params));
        else if (op === '$ne') {
          if (v === null || v === undefined) clauses.push(`${col} IS NOT NULL`);
          else {
            clauses.push(`(${col} IS NULL OR ${col} != ?)`);
            params.push(sqlValue(v));
          }
        } else if (op === '$exists') clauses.push(`${col} IS ${v ? 'NOT ' : ''}NULL`);
        else if (op === '$in' || op === '$nin') {
          const all = v as unknown[];
          const vs = all.filter((x) => x !== null && x !== undefined);
          const hasNull = vs.length !== all.length;
          params.push(...vs.map(sqlValue));
          const list = vs.length ? `${col} IN (${vs.map(() => '?').join(',')})` : '0';
          clauses.push(
            op === '$in'
              ? `(${list}${hasNull ? ` OR ${col} IS NULL` : ''})`
              : hasNull
                ? `(${col} IS NOT NULL AND NOT (${list}))`
                : `(${col} IS NULL OR NOT (${list}))`,
          );
        } else if (op === '$contains') {
          clauses.push(`(${field === 'id' ? '1' : `json_type(doc, '$.${field}') = 'text'`} AND instr(ulower(${col}), ulower(?)) > 0)`);
          params.push(String(v));
        } else throw new Error(`unsupported filter operator ${op}`);
      }
    }
    return clauses;
  }

  /** Range comparison where null and missing sort first, as compare() orders them. */
  private range(col: string, op: '$gt' | '$gte' | '$lt' | '$lte', v: unknown, params: unknown[]): string {
    if (v === null) return { $gt: `${col} IS NOT NULL`, $gte: '1', $lt: '0', $lte: `${col} IS NULL` }[op];
    params.push(v);
    const sql = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op];
    return op === '$lt' || op === '$lte' ? `(${col} IS NULL OR ${col} ${sql} ?)` : `${col} ${sql} ?`;
  }

  async find<T extends Doc>(collection: string, filter: Filter = {}, options: FindOptions = {}, generation?: number): Promise<T[]> {
    const params: unknown[] = [];
    const clauses = this.where(filter, params);
    const given = options.sort ?? [];
    // id is the final tie-breaker; an explicit sort on id keeps its direction.
    const sort: Array<[string, 1 | -1]> = given.some(([f]) => f === 'id') ? [...given] : [...given, ['id', 1]];
    if (options.after) {
      // Keyset: (f1 > v1) OR (f1 = v1 AND f2 > v2) OR ... with nulls sorting first.
      const ors: string[] = [];
      sort.forEach(([field, dir], i) => {
        const parts: string[] = [];
        for (let j = 0; j < i; j++) {
          const v = sqlValue(options.after![j]);
          if (v === null) parts.push(`${jsonPath(sort[j][0])} IS NULL`);
          else {
            parts.push(`${jsonPath(sort[j][0])} = ?`);
            params.push(v);
          }
        }
        const v = sqlValue(options.after![i]);
        const col = jsonPath(field);
        if (v === null) parts.push(dir === 1 ? `${col} IS NOT NULL` : '0');
        else if (dir === 1) {
          parts.push(`${col} > ?`);
          params.push(v);
        } else {
          parts.push(`(${col} < ? OR ${col} IS NULL)`);
          params.push(v);
        }
        ors.push(`(${parts.join(' AND ')})`);
      });
      clauses.push(`(${ors.join(' OR ')})`);
    }
    const sql = `SELECT doc FROM ${this.tableFor(collection, generation)}${clauses.length ? ` WHERE ${clauses.join(' AND ')}` : ''} ORDER BY ${sort
      .map(([f, d]) => `${jsonPath(f)} ${d === 1 ? 'ASC' : 'DESC'}`)
      .join(', ')} LIMIT ?`;
    params.push(options.limit ?? -1);
    return (this.read(sql).all(...params) as Array<{ doc: string }>).map((r) => JSON.parse(r.doc) as T);
  }

  async count(collection: string, filter: Filter = {}, generation?: number): Promise<number> {
    const params: unknown[] = [];
    const clauses = this.where(filter, params);
    const sql = `SELECT COUNT(*) AS n FROM ${this.tableFor(collection, generation)}${clauses.length ? ` WHERE ${clauses.join(' AND ')}` : ''}`;
    return (this.read(sql).get(...params) as { n: number }).n;
  }

  async checkpoint(projection: string): Promise<Checkpoint> {
    const generation = this.activeGeneration(projection);
    return { generation, position: await this.generationCheckpoint(projection, generation) };
  }

  async generationCheckpoint(projection: string, generation: number): Promise<number> {
    const row = this.read('SELECT position FROM _checkpoints WHERE name = ? AND generation = ?').get(projection, generation) as
      { position: number } | undefined;
    return row?.position ?? 0;
  }

  /**
   * One transaction on the writing connection. A large one writes in slices of at most
   * WRITE_SLICE_MS, with a turn of the event loop between them; nothing of it is visible before
   * it commits, and other writes wait for it.
   */
  commit(projection: string, generation: number, from: number, to: number, writes: Write[], options: CommitOptions = {}): Promise<boolean> {
    if (writes.length === 0 && !options.park?.length && !options.unpark?.length) return this.moveCheckpoint({ projection, generation, from, to, options });
    return this.exclusive(async () => {
      const json: string[] = [];
      this.transactions++;
      this.db.exec('BEGIN IMMEDIATE');
      let committed = false;
      try {
        this.noteOtherWriters();
        if (options.readVersion !== undefined && options.readVersion < this.version) return false;
        if (options.requireActive && this.activeGeneration(projection, true) !== generation) return false;
        const moved = this.stmt('UPDATE _checkpoints SET position = ? WHERE name = ? AND generation = ? AND position = ?').run(
          to,
          projection,
          generation,
          from,
        );
        if (moved.changes !== 1) return false;
        for (let i = this.writeSlice(generation, writes, 0, json); i < writes.length; i = this.writeSlice(generation, writes, i, json)) {
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        this.park(options);
        this.db.exec('COMMIT');
        committed = true;
      } finally {
        if (!committed && this.db.inTransaction) this.db.exec('ROLLBACK');
      }
      writes.forEach((w, i) => {
        const key = `${this.table(w.collection, generation)}\u0000${w.kind === 'put' ? w.doc.id : w.id}`;
        if (this.docs.has(key) || this.inTurn) this.remember(key, w.kind === 'put' ? json[i] : null);
      });
      this.checkpointSoon(writes.length);
      return true;
    });
  }

  /**
   * A commit without writes (a runner that passed events it does not handle) only moves its
   * checkpoint: those of one turn of the event loop share one transaction, each checked as a
   * commit is. A write used to move some forty checkpoints, each in a transaction of its own.
   */
  private moveCheckpoint(move: Omit<CheckpointMove, 'done'>): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.moves.push({ ...move, done: { resolve, reject } });
      if (this.moves.length === 1) setImmediate(() => void this.commitMoves());
    });
  }

  private commitMoves(): Promise<void> {
    const group = this.moves;
    this.moves = [];
    if (group.length === 0) return Promise.resolve();
    return this.exclusive(() => {
      let moved: boolean[];
      try {
        this.transactions++;
        moved = this.db
          .transaction(() => {
            this.noteOtherWriters();
            return group.map(({ projection, generation, from, to, options }) => {
              if (options.readVersion !== undefined && options.readVersion < this.version) return false;
              if (options.requireActive && this.activeGeneration(projection, true) !== generation) return false;
              return (
                this.stmt('UPDATE _checkpoints SET position = ? WHERE name = ? AND generation = ? AND position = ?').run(to, projection, generation, from)
                  .changes === 1
              );
            });
          })
          .immediate();
      } catch (e) {
        for (const m of group) m.done.reject(e);
        return;
      }
      group.forEach((m, i) => m.done.resolve(moved[i]));
    });
  }

  /** Write transactions on the writing connection since the store opened (checkpoint moves share one). */
  commitStats(): { transactions: number } {
    return { transactions: this.transactions };
  }

  /** Writes from `i` for at most WRITE_SLICE_MS (the clock is read every 64 writes); returns where it stopped. */
  private writeSlice(generation: number, writes: Write[], i: number, json: string[]): number {
    const deadline = performance.now() + WRITE_SLICE_MS;
    for (; i < writes.length; i++) {
      if ((i & 63) === 63 && performance.now() >= deadline) return i;
      const w = writes[i];
      const t = this.table(w.collection, generation);
      // An upsert changes the row in place; INSERT OR REPLACE would delete and re-insert it.
      if (w.kind === 'put') {
        const doc = (w.doc as { [SERIALIZED]?: string })[SERIALIZED] ?? JSON.stringify(w.doc);
        json.push(doc);
        this.stmt(`INSERT INTO ${t} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`).run(w.doc.id, doc);
      } else {
        json.push('');
        this.stmt(`DELETE FROM ${t} WHERE id = ?`).run(w.id);
      }
    }
    return i;
  }

  private park(options: CommitOptions): void {
    for (const e of options.park ?? []) {
      this.stmt('INSERT INTO _parked (id, projection, position, event_id, event_type, stream, error, parked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
        randomUUID(),
        e.projection,
        e.position,
        e.eventId,
        e.eventType,
        e.stream,
        e.error,
        e.parkedAt,
      );
    }
    for (const id of options.unpark ?? []) this.stmt('DELETE FROM _parked WHERE id = ?').run(id);
  }

  /** Checkpoints the write-ahead log in a turn of its own once enough has been written. */
  private checkpointSoon(rows: number): void {
    this.rowsSinceCheckpoint += rows;
    if (this.rowsSinceCheckpoint < CHECKPOINT_EVERY_ROWS || this.checkpointDue) return;
    this.checkpointDue = true;
    setImmediate(() => {
      this.checkpointDue = false;
      this.rowsSinceCheckpoint = 0;
      // PASSIVE: it copies what it can without waiting for readers or the writer.
      if (this.reader.open) this.reader.pragma('wal_checkpoint(PASSIVE)');
    });
  }

  async createGeneration(projection: string): Promise<number> {
    return this.exclusive(() =>
      this.db
        .transaction((): number => {
          const active = this.activeGeneration(projection, true);
          const others = this.db.prepare('SELECT generation FROM _checkpoints WHERE name = ? AND generation != ?').all(projection, active) as Array<{
            generation: number;
          }>;
          for (const o of others) this.dropTables(projection, o.generation);
          const max = (this.db.prepare('SELECT MAX(generation) AS g FROM _checkpoints WHERE name = ?').get(projection) as { g: number | null }).g ?? active;
          const generation = Math.max(max, active) + 1;
          this.db.prepare('INSERT INTO _checkpoints (name, generation, position) VALUES (?, ?, 0)').run(projection, generation);
          this.createTables(projection, generation);
          return generation;
        })
        .immediate(),
    );
  }

  async activateGeneration(projection: string, generation: number): Promise<boolean> {
    return this.exclusive(() =>
      this.db
        .transaction((): boolean => {
          const active = this.activeGeneration(projection, true);
          const live = this.db.prepare('SELECT position FROM _checkpoints WHERE name = ? AND generation = ?').get(projection, active) as
            { position: number } | undefined;
          const mine = this.db.prepare('SELECT position FROM _checkpoints WHERE name = ? AND generation = ?').get(projection, generation) as
            { position: number } | undefined;
          if (!mine || (live && mine.position < live.position)) return false;
          this.db.prepare('UPDATE _projections SET active = ? WHERE name = ?').run(generation, projection);
          this.actives.clear();
          return true;
        })
        .immediate(),
    );
  }

  async dropGeneration(projection: string, generation: number): Promise<void> {
    await this.exclusive(() =>
      this.db
        .transaction(() => {
          if (this.activeGeneration(projection, true) === generation) throw new Error('cannot drop the active generation');
          this.dropTables(projection, generation);
        })
        .immediate(),
    );
  }

  private dropTables(projection: string, generation: number) {
    this.statements.clear();
    this.reads.clear();
    this.actives.clear();
    this.forgetDocs();
    for (const c of this.collections.get(projection) ?? []) this.db.exec(`DROP TABLE IF EXISTS ${this.table(c.name, generation)}`);
    this.db.prepare('DELETE FROM _checkpoints WHERE name = ? AND generation = ?').run(projection, generation);
  }

  async dump(collection: string, generation?: number): Promise<Doc[]> {
    return (this.reader.prepare(`SELECT doc FROM ${this.tableFor(collection, generation)} ORDER BY id`).all() as Array<{ doc: string }>).map(
      (r) => JSON.parse(r.doc) as Doc,
    );
  }

  async acquireLease(name: string, holder: string, ttlMs: number, replacing = ''): Promise<boolean> {
    const now = Date.now();
    return this.exclusive(() =>
      this.db
        .transaction((): boolean => {
          this.stmt(
            `INSERT INTO _leases (name, holder, expires_at) VALUES (?, ?, ?)
             ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
             WHERE _leases.holder = excluded.holder OR _leases.expires_at <= ? OR _leases.holder = ?`,
          ).run(name, holder, now + ttlMs, now, replacing);
          const row = this.stmt('SELECT holder FROM _leases WHERE name = ?').get(name) as { holder: string } | undefined;
          return row?.holder === holder;
        })
        .immediate(),
    );
  }

  async leaseHolder(name: string): Promise<string | null> {
    return (this.read('SELECT holder FROM _leases WHERE name = ?').pluck().get(name) as string | undefined) ?? null;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.exclusive(() => this.stmt('DELETE FROM _leases WHERE name = ? AND holder = ?').run(name, holder));
  }

  async listParked(projection?: string): Promise<ParkedEvent[]> {
    const rows = (
      projection
        ? this.reader.prepare('SELECT * FROM _parked WHERE projection = ? ORDER BY position').all(projection)
        : this.reader.prepare('SELECT * FROM _parked ORDER BY projection, position').all()
    ) as Array<Record<string, string & number>>;
    return rows.map((r) => ({
      id: r.id,
      projection: r.projection,
      position: r.position,
      eventId: r.event_id,
      eventType: r.event_type,
      stream: r.stream,
      error: r.error,
      parkedAt: r.parked_at,
    }));
  }

  async close(): Promise<void> {
    if (this.moves.length > 0) await this.commitMoves();
    await this.writing;
    if (this.reader.open) this.reader.close();
    if (this.db.open) this.db.close();
  }
}
