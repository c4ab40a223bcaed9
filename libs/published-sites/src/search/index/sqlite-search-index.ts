import Database from 'better-sqlite3';
import { Logger } from '@nestjs/common';
import { ReadStore } from '@app/platform';
import { FIELD_WEIGHTS, Ranked, RankQuery, SearchIndex } from './search-index.port';
import { SEARCH_PAGES, SEARCH_PROJECTION } from './search-documents';
import { ftsMatch, ftsTextIndexSql, ftsTable, metaTable, readModelTable } from './sqlite-fts-schema';

/** How often a locked database is tried again while the text index of a generation is set up. */
const BUSY_RETRY_MS = 25;
const BUSY_ATTEMPTS = 400;

/** By its code, not its class: the driver's error class may come from another realm (test runners). */
const isBusy = (e: unknown) => typeof e === 'object' && e !== null && /^SQLITE_BUSY/.test(String((e as { code?: unknown }).code));

/**
 * Embedded adapter: an FTS5 table beside each generation of the `search_pages` read model, in
 * the read-store file itself, kept by triggers on the read-model table. The index therefore
 * changes in the very transaction that commits the projection's writes with its checkpoint
 * (never ahead of or behind it), and a rebuild's new generation gets its own index.
 *
 * The table and triggers of a generation are made once, in one transaction that also indexes
 * the rows already there. Only that transaction writes, and it never waits for the lock
 * synchronously: the read store's commits hold it across turns of the event loop, so a blocking
 * wait here would stall the very commit it waits for; it is tried again a little later instead.
 */
export class SqliteSearchIndex extends SearchIndex {
  readonly matchesPrefixes = true;
  private db: Database.Database | null = null;
  private readonly statements = new Map<string, Database.Statement>();
  /** Generations whose text index exists (with its triggers). */
  private readonly ready = new Set<number>();
  private preparing = new Map<number, Promise<boolean>>();
  private readonly logger = new Logger('SqliteSearchIndex');

  constructor(
    private readonly file: string,
    private readonly store: ReadStore,
  ) {
    super();
  }

  private open(): Database.Database {
    if (!this.db) {
      const db = new Database(this.file);
      // Never wait for the lock while holding the thread (see the class comment).
      db.pragma('busy_timeout = 0');
      this.db = db;
    }
    return this.db;
  }

  private stmt(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.open().prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  async rank(q: RankQuery): Promise<Ranked> {
    if (q.spaceIds.length === 0 || q.query.terms.length === 0) return { pages: [], total: 0 };
    const { generation } = await this.store.checkpoint(SEARCH_PROJECTION);
    if (!(await this.prepare(generation))) return { pages: [], total: 0 };
    const w = FIELD_WEIGHTS;
    const fts = ftsTable(generation);
    const sql = `WITH m AS MATERIALIZED (
        SELECT x.key, x.space, x.conditions, -bm25(${fts}, ${w.title}, ${w.headings}, ${w.description}, ${w.text}) AS score
        FROM ${fts} JOIN ${metaTable(generation)} x ON x.rowid = ${fts}.rowid
        WHERE ${fts} MATCH @match AND x.space IN (SELECT value FROM json_each(@spaces)) AND (@listed = 0 OR x.listed = 1))
      SELECT key, space, conditions, score, (SELECT count(*) FROM m) AS total FROM m
      WHERE @afterScore IS NULL OR score < @afterScore OR (score = @afterScore AND key > @afterId)
      ORDER BY score DESC, key LIMIT @limit`;
    const rows = this.stmt(sql).all({
      match: ftsMatch(q.query),
      spaces: JSON.stringify(q.spaceIds),
      listed: q.listedOnly ? 1 : 0,
      afterScore: q.after ? q.after[0] : null,
      afterId: q.after ? q.after[1] : null,
      limit: Math.max(0, q.limit),
    }) as Array<{ key: string; space: string; conditions: string | null; score: number; total: number }>;
    const total = rows.length ? rows[0].total : q.after || q.limit <= 0 ? this.count(generation, q) : 0;
    return {
      pages: rows.map((r) => ({ id: r.key, spaceId: r.space, conditions: r.conditions ? (JSON.parse(r.conditions) as string[]) : [], score: r.score })),
      total,
    };
  }

  /** Matches when the page asked for holds none (past the last one, or limit 0). */
  private count(generation: number, q: RankQuery): number {
    const fts = ftsTable(generation);
    const sql = `SELECT count(*) AS n FROM ${fts} JOIN ${metaTable(generation)} x ON x.rowid = ${fts}.rowid
      WHERE ${fts} MATCH @match AND x.space IN (SELECT value FROM json_each(@spaces)) AND (@listed = 0 OR x.listed = 1)`;
    return (this.stmt(sql).get({ match: ftsMatch(q.query), spaces: JSON.stringify(q.spaceIds), listed: q.listedOnly ? 1 : 0 }) as { n: number }).n;
  }

  /**
   * Makes the text index of a generation if it has none (false while the generation's
   * read-model table does not exist). Also run by `prepareAll` for generations a rebuild makes.
   */
  prepare(generation: number): Promise<boolean> {
    if (this.ready.has(generation)) return Promise.resolve(true);
    let p = this.preparing.get(generation);
    if (!p) {
      p = this.create(generation).finally(() => this.preparing.delete(generation));
      this.preparing.set(generation, p);
    }
    return p;
  }

  /** Every generation of the read model gets its text index; indexes of dropped generations go. */
  async prepareAll(): Promise<void> {
    const tables = this.tables();
    for (const t of tables) {
      const m = /_g(\d+)$/.exec(t);
      if (m && t === readModelTable(Number(m[1]))) await this.prepare(Number(m[1]));
    }
    this.dropOrphans(tables);
  }

  private tables(): string[] {
    return (
      this.stmt(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE 'rm\\_${SEARCH_PAGES}\\_g%' ESCAPE '\\' OR name LIKE 'fts\\_${SEARCH_PAGES}\\_g%' ESCAPE '\\' OR name LIKE 'ftm\\_${SEARCH_PAGES}\\_g%' ESCAPE '\\')`,
      )
        .pluck()
        .all() as string[]
    ).filter((n) => /_g\d+$/.test(n));
  }

  private complete(generation: number): boolean {
    const n = this.stmt(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?`).pluck().get(readModelTable(generation)) as number;
    const has = (name: string) => (this.stmt(`SELECT count(*) FROM sqlite_master WHERE name = ?`).pluck().get(name) as number) === 1;
    return n === 3 && has(ftsTable(generation)) && has(metaTable(generation));
  }

  private async create(generation: number): Promise<boolean> {
    const db = this.open();
    const exists = () =>
      (this.stmt(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`).pluck().get(readModelTable(generation)) as number) === 1;
    if (!exists()) return false;
    if (this.complete(generation)) {
      this.ready.add(generation);
      return true;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        db.exec('BEGIN IMMEDIATE');
        break;
      } catch (e) {
        if (!isBusy(e) || attempt >= BUSY_ATTEMPTS) throw e;
        await new Promise((r) => setTimeout(r, BUSY_RETRY_MS));
      }
    }
    try {
      // Another process may have done it (or dropped the generation) meanwhile.
      if (exists() && !this.complete(generation)) {
        const started = performance.now();
        db.exec(ftsTextIndexSql(generation));
        const rows = db
          .prepare(`SELECT count(*) FROM ${ftsTable(generation)}`)
          .pluck()
          .get() as number;
        this.logger.log(`text index of ${SEARCH_PAGES} generation ${generation}: ${rows} pages in ${Math.round(performance.now() - started)} ms`);
      }
      db.exec('COMMIT');
    } finally {
      if (db.inTransaction) db.exec('ROLLBACK');
      // The schema changed: prepared statements may refer to tables that are gone.
      this.statements.clear();
    }
    if (!exists()) return false;
    this.ready.add(generation);
    return true;
  }

  /** Text indexes whose read-model table a rebuild dropped. */
  private dropOrphans(tables: string[]): void {
    const orphans = tables.filter((t) => (t.startsWith('fts_') || t.startsWith('ftm_')) && !tables.includes(`rm_${t.slice('fts_'.length)}`));
    if (orphans.length === 0) return;
    try {
      const db = this.open();
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const t of orphans) db.exec(`DROP TABLE IF EXISTS ${t}`);
        db.exec('COMMIT');
      } finally {
        if (db.inTransaction) db.exec('ROLLBACK');
        this.statements.clear();
      }
    } catch (e) {
      // Busy: the next round drops them.
      if (!isBusy(e)) throw e;
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.preparing.values()]);
    this.statements.clear();
    if (this.db?.open) this.db.close();
    this.db = null;
  }
}
