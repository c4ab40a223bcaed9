import { Collection, Document, MongoClient } from 'mongodb';
import type { AggregationPlan } from '../domain/aggregation-plan';
import { AggregateRow, emptyRow, passesAll } from '../domain/aggregation-result';
import type { InsightsRecord } from '../domain/insights-record';
import type { SegmentRow } from '../domain/visitor-segments';
import { AnalyticsStore } from './analytics-store.port';
import { dimensionExpr, filterExpr, havingMatch, metricAccumulators, metricSizes, readMetrics } from './mongo-aggregation-pipeline';

/** A stored event: the record, with its claims as `{k, v}` pairs (claim names may hold dots and dollars). */
type StoredEvent = Omit<InsightsRecord, 'claimValues'> & { claimPairs: Array<{ k: string; v: string }> };

export const COLLECTION = 'insights_events';

/**
 * Visitor events in one MongoDB collection (the scale-out adapter), insert-only. Aggregations
 * run as one pipeline on the server: match the site and range (index siteId+ts), filter with
 * `$expr` over the same expressions the groups use, group, count, filter counts, sort, limit.
 */
export class MongoAnalyticsStore extends AnalyticsStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly events: Collection<StoredEvent>,
  ) {
    super();
  }

  static async connect(uri: string, database: string, attemptTimeoutMs = 10_000): Promise<MongoAnalyticsStore> {
    const client = new MongoClient(uri, { ignoreUndefined: true, serverSelectionTimeoutMS: attemptTimeoutMs });
    try {
      await client.connect();
      const events = client.db(database).collection<StoredEvent>(COLLECTION);
      await events.createIndex({ siteId: 1, ts: 1 });
      await events.createIndex({ siteId: 1, claims: 1 });
      return new MongoAnalyticsStore(client, events);
    } catch (e) {
      await client.close().catch(() => undefined);
      throw e;
    }
  }

  async append(records: InsightsRecord[]): Promise<void> {
    if (!records.length) return;
    const docs = records.map(({ claimValues, ...r }) => ({ ...r, claimPairs: Object.entries(claimValues).map(([k, v]) => ({ k, v })) }));
    // Copies: insertMany adds `_id` to what it is given.
    await this.events.insertMany(docs, { ordered: true });
  }

  async aggregate(siteId: string, plan: AggregationPlan): Promise<AggregateRow[]> {
    const match: Document = { siteId, ts: { $gte: plan.from, $lte: plan.to } };
    const and: Document[] = [];
    const exprs: Document[] = [];
    if (plan.types) match.type = { $in: plan.types };
    for (const f of plan.filters) {
      if (f.dimension.source === 'claimProperty') and.push({ claimKeys: f.operator === 'notIn' ? { $nin: f.values } : { $in: f.values } });
      else exprs.push(filterExpr(f));
    }
    if (and.length) match.$and = and;
    if (exprs.length) match.$expr = { $and: exprs };
    const grouped = plan.groupBy.length > 0;
    const pipeline: Document[] = [{ $match: match }];
    if (plan.groupBy.some((d) => d.source === 'claimProperty')) pipeline.push({ $unwind: '$claimKeys' });
    const id = grouped ? Object.fromEntries(plan.groupBy.map((d, i) => [`g${i}`, dimensionExpr(d)])) : null;
    pipeline.push({ $group: { _id: id, ...metricAccumulators(plan.metrics) } });
    const sizes = metricSizes(plan.metrics);
    if (Object.keys(sizes).length) pipeline.push({ $addFields: sizes });
    if (grouped) {
      if (plan.having.length) pipeline.push({ $match: havingMatch(plan.having) });
      const sort: Document = {};
      for (const o of plan.order) sort['group' in o.key ? `_id.g${o.key.group}` : `m_${o.key.metric}`] ??= o.direction === 'desc' ? -1 : 1;
      for (let i = 0; i < plan.groupBy.length; i++) sort[`_id.g${i}`] ??= 1;
      pipeline.push({ $sort: sort }, { $limit: plan.limit });
    }
    const docs = await this.events.aggregate(pipeline, { allowDiskUse: true }).toArray();
    const rows: AggregateRow[] = docs.map((d) => ({
      groups: plan.groupBy.map((_, i) => normalize((d._id as Document)[`g${i}`])),
      metrics: readMetrics(plan.metrics, d),
    }));
    if (grouped) return rows;
    // Without groups there is one row, also over no event at all (as SQL's aggregate answers).
    return (rows.length ? rows : [emptyRow(plan.metrics)]).filter((r) => passesAll(r, plan.having)).slice(0, plan.limit);
  }

  async segments(siteId: string, after: string | null, limit: number): Promise<{ rows: SegmentRow[]; count: number }> {
    const [counted] = await this.events.aggregate([{ $match: { siteId } }, { $group: { _id: '$claims' } }, { $count: 'n' }]).toArray();
    if (limit <= 0) return { rows: [], count: Number(counted?.n ?? 0) };
    const docs = await this.events
      .aggregate(
        [
          { $match: { siteId, ...(after !== null ? { claims: { $gt: after } } : {}) } },
          { $group: { _id: '$claims', events: { $sum: 1 }, visitors: { $addToSet: '$visitorId' }, sessions: { $addToSet: '$sessionId' } } },
          { $sort: { _id: 1 } },
          { $limit: limit },
          { $project: { events: 1, visitors: { $size: '$visitors' }, sessions: { $size: '$sessions' } } },
        ],
        { allowDiskUse: true },
      )
      .toArray();
    return {
      rows: docs.map((d) => ({ claims: d._id as string, events: Number(d.events), visitors: Number(d.visitors), sessions: Number(d.sessions) })),
      count: Number(counted?.n ?? 0),
    };
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** BSON numbers (Int32, Long, Double) as JS numbers; pages as `{space, page}`. */
function normalize(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object' && 'space' in v) {
    const p = v as { space: string; page?: string | null };
    return { space: p.space, page: p.page ?? null };
  }
  if (typeof v === 'object' && typeof (v as { toNumber?: unknown }).toNumber === 'function') return (v as { toNumber(): number }).toNumber();
  return v;
}
