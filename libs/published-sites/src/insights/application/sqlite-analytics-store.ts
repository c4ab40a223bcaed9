import Database from 'better-sqlite3';
import * as fs from 'fs';
import * as path from 'path';
import type { AggregationPlan } from '../domain/aggregation-plan';
import type { AggregateRow } from '../domain/aggregation-result';
import type { InsightsRecord } from '../domain/insights-record';
import type { SegmentRow } from '../domain/visitor-segments';
import { AnalyticsStore } from './analytics-store.port';
import { COLUMNS } from './sqlite-analytics-columns';
import { SqliteQueryWorker } from './sqlite-query-worker';
import { conditionSql, dimensionSql, filterSql, metricSql, param, readMetrics, SqlParams } from './sqlite-aggregation-sql';

export const TABLE = 'insights_events';
/**
 * Events per site, claims, visitor and session, kept in the same transaction as the events: the
 * segments list reads this (one row per session) instead of every event, and indexing the events
 * by claims and visitor instead would make each append a random write.
 */
const SEGMENTS = 'insights_segment_sessions';

/**
 * Visitor events in their own SQLite file (DATA_DIR/analytics.sqlite), beside the event store
 * and the read models but apart from them: a burst of page views never competes with their
 * writes. Append-only (triggers refuse updates and deletes). One covering index, site and time
 * with type, visitor and session: every aggregation reads one site over a range, and counting
 * by day, type, visitors or sessions never touches the rows; events arrive in time order, so
 * appending to it is appending at its end.
 */
export class SqliteAnalyticsStore extends AnalyticsStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly insertMany: (records: InsightsRecord[]) => void;
  /** Queries run on a connection of their own in a worker thread (see SqliteQueryWorker). */
  private readonly queries: SqliteQueryWorker;

  constructor(file: string) {
    super();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 10000');
    this.db.pragma('synchronous = NORMAL');
    // Aggregations scan an index over a year of a site's events: 64 MB of page cache rather than 2.
    this.db.pragma('cache_size = -65536');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS ${TABLE} (seq INTEGER PRIMARY KEY, ${COLUMNS.map(([, c, t]) => `${c} ${t}`).join(', ')});
      CREATE INDEX IF NOT EXISTS ${TABLE}_site_ts ON ${TABLE} (site_id, ts, type, visitor_id, session_id);
      CREATE TABLE IF NOT EXISTS ${SEGMENTS} (site_id TEXT NOT NULL, claims TEXT NOT NULL, visitor_id TEXT NOT NULL, session_id TEXT NOT NULL,
        events INTEGER NOT NULL, PRIMARY KEY (site_id, claims, visitor_id, session_id)) WITHOUT ROWID;
      CREATE TRIGGER IF NOT EXISTS ${TABLE}_no_update BEFORE UPDATE ON ${TABLE} BEGIN SELECT RAISE(ABORT, 'insights events are append-only'); END;
      CREATE TRIGGER IF NOT EXISTS ${TABLE}_no_delete BEFORE DELETE ON ${TABLE} BEGIN SELECT RAISE(ABORT, 'insights events are append-only'); END;`);
    this.queries = new SqliteQueryWorker(file);
    this.insert = this.db.prepare(`INSERT INTO ${TABLE} (${COLUMNS.map(([, c]) => c).join(', ')}) VALUES (${COLUMNS.map(([f]) => `@${f}`).join(', ')})`);
    const count = this.db.prepare(
      `INSERT INTO ${SEGMENTS} (site_id, claims, visitor_id, session_id, events) VALUES (@siteId, @claims, @visitorId, @sessionId, 1)
       ON CONFLICT DO UPDATE SET events = events + 1`,
    );
    this.insertMany = this.db.transaction((records: InsightsRecord[]) => {
      for (const r of records) {
        this.insert.run({ ...r, claimKeys: JSON.stringify(r.claimKeys), claimValues: JSON.stringify(r.claimValues) });
        count.run({ siteId: r.siteId, claims: r.claims, visitorId: r.visitorId, sessionId: r.sessionId });
      }
    });
  }

  async append(records: InsightsRecord[]): Promise<void> {
    if (records.length) this.insertMany(records);
  }

  async aggregate(siteId: string, plan: AggregationPlan): Promise<AggregateRow[]> {
    const params: SqlParams = { site: siteId, from: plan.from, to: plan.to };
    const groups = plan.groupBy.map((d, i) => dimensionSql(d, `g${i}`, params));
    const metrics = plan.metrics.flatMap(metricSql);
    const where = ['site_id = @site', 'ts >= @from', 'ts <= @to'];
    if (plan.types) where.push(`type IN (${plan.types.map((t) => param(params, t)).join(', ')})`);
    for (const f of plan.filters) where.push(filterSql(f, params));
    const exploded = plan.groupBy.some((d) => d.source === 'claimProperty');
    const aliases = groups.flatMap((g) => g.aliases);
    const inner =
      `SELECT ${[...groups.flatMap((g) => g.select), ...metrics].join(', ')} FROM ${TABLE}` +
      (exploded ? ', json_each(claim_keys) AS ck' : '') +
      ` WHERE ${where.join(' AND ')}` +
      (aliases.length ? ` GROUP BY ${aliases.join(', ')}` : '');
    const having = plan.having.map((h) => conditionSql(`m_${h.metric}`, h.operator, h.values, params));
    const ordered = new Set<string>();
    const order: string[] = [];
    for (const o of plan.order) {
      const cols = 'group' in o.key ? groups[o.key.group].aliases : [`m_${o.key.metric}`];
      for (const c of cols.filter((x) => !ordered.has(x))) {
        ordered.add(c);
        order.push(`${c} ${o.direction === 'desc' ? 'DESC' : 'ASC'}`);
      }
    }
    for (const c of aliases) if (!ordered.has(c)) order.push(`${c} ASC`);
    params.limit = plan.limit;
    const sql =
      `SELECT * FROM (${inner})` +
      (having.length ? ` WHERE ${having.join(' AND ')}` : '') +
      (order.length ? ` ORDER BY ${order.join(', ')}` : '') +
      ' LIMIT @limit';
    const rows = await this.queries.all(sql, params);
    return rows.map((row) => ({ groups: groups.map((g) => g.read(row)), metrics: readMetrics(plan.metrics, row) }));
  }

  async segments(siteId: string, after: string | null, limit: number): Promise<{ rows: SegmentRow[]; count: number }> {
    const rows = (await this.queries.all(
      `SELECT claims, SUM(events) AS events, COUNT(DISTINCT visitor_id) AS visitors, COUNT(DISTINCT session_id) AS sessions FROM ${SEGMENTS}
         WHERE site_id = @site AND claims > @after GROUP BY claims ORDER BY claims LIMIT @limit`,
      { site: siteId, after: after ?? '', limit },
    )) as unknown as SegmentRow[];
    const [{ n }] = await this.queries.all(`SELECT COUNT(DISTINCT claims) AS n FROM ${SEGMENTS} WHERE site_id = @site`, { site: siteId });
    return { rows, count: Number(n) };
  }

  async close(): Promise<void> {
    await this.queries.close();
    if (this.db.open) this.db.close();
  }
}
