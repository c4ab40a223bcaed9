import type { AggregationPlan } from '../domain/aggregation-plan';
import type { AggregateRow } from '../domain/aggregation-result';
import type { InsightsRecord } from '../domain/insights-record';
import type { SegmentRow } from '../domain/visitor-segments';

/**
 * Where visitor events go: an append-only store of their own, never the domain event streams
 * (they are not facts of the domain, they are many, and nobody folds them). Embedded: an SQLite
 * table in DATA_DIR/analytics.sqlite; scale-out: a MongoDB collection. One contract suite
 * (test/contract/analytics-store.contract-spec.ts) holds both to the same answers.
 */
export abstract class AnalyticsStore {
  /** Appends the records (all or none). */
  abstract append(records: InsightsRecord[]): Promise<void>;

  /** Runs a plan over one site's events (see AggregationPlan for the order of the steps). */
  abstract aggregate(siteId: string, plan: AggregationPlan): Promise<AggregateRow[]>;

  /** A site's visitor segments (one per distinct claims), by claims ascending, after `after`; and how many there are. */
  abstract segments(siteId: string, after: string | null, limit: number): Promise<{ rows: SegmentRow[]; count: number }>;

  abstract close(): Promise<void>;
}
