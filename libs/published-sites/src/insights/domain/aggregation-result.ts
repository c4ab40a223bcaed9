import { columnSpec, Metric } from './insights-columns';
import { AggregationRequest, ColumnRef, CountMetric, Operator, refKey } from './aggregation-plan';

/** One group as a store answers it: the group's values (in groupBy order) and its metrics. */
export interface AggregateRow {
  /** Times as ms, pages as `{space, page}` or null, link targets as canonical JSON, the rest as stored. */
  groups: unknown[];
  metrics: Partial<Record<Metric, number | Record<string, number>>>;
}

/** The reference's SiteInsightsQueryEventsAggregationResult: one column of values per selected column. */
export interface AggregationResult {
  columns: Array<{ column: string; claim?: string; values: unknown[] }>;
}

/** What is answered when `select` is left out or empty: the groups, then their event count. */
export function effectiveSelect(req: AggregationRequest): ColumnRef[] {
  if (req.select?.length) return req.select;
  const groups = req.groupBy ?? [];
  return [...groups, { column: 'eventsCount' }];
}

function outputValue(ref: ColumnRef, raw: unknown): unknown {
  switch (ref.column) {
    case 'datetime':
      return new Date(raw as number).toISOString();
    case 'eventLinkTargetValue':
      return raw === null ? null : JSON.parse(raw as string);
    case 'visitorGeoCountry':
    case 'visitorGeoPoint':
      return null;
    case 'eventAskResponseRating':
      return raw === null ? null : Number(raw);
    default:
      return raw ?? null;
  }
}

/** The rows of a store, as the reference's columns (groupBy defaults to the selected dimensions, see planAggregation). */
export function toColumns(req: AggregationRequest, rows: AggregateRow[]): AggregationResult {
  const select = effectiveSelect(req);
  const groupRefs = req.groupBy ?? select.filter((r) => columnSpec(r.column).kind === 'dimension');
  const groupKeys = [...new Set(groupRefs.map(refKey))];
  return {
    columns: select.map((ref) => {
      const spec = columnSpec(ref.column);
      const values =
        spec.kind === 'metric' ? rows.map((r) => r.metrics[spec.metric] ?? 0) : rows.map((r) => outputValue(ref, r.groups[groupKeys.indexOf(refKey(ref))]));
      return { column: ref.column, ...(ref.column === 'visitorClaim' ? { claim: ref.claim } : {}), values };
    }),
  };
}

/** Whether a count passes a filter on it (the stores apply `having` in their query; this is for the one group of no groupBy). */
export function passes(value: number, operator: Operator, values: number[]): boolean {
  switch (operator) {
    case 'in':
      return values.includes(value);
    case 'notIn':
      return !values.includes(value);
    case 'greaterThan':
      return value > values[0];
    case 'greaterThanOrEqual':
      return value >= values[0];
    case 'lessThan':
      return value < values[0];
    case 'lessThanOrEqual':
      return value <= values[0];
  }
}

export type HavingFilter = { metric: CountMetric; operator: Operator; values: number[] };
export const passesAll = (row: AggregateRow, having: HavingFilter[]) => having.every((h) => passes(Number(row.metrics[h.metric] ?? 0), h.operator, h.values));

/** The one row of an aggregation without groups, when a store found no event at all. */
export const emptyRow = (metrics: Metric[]): AggregateRow => ({
  groups: [],
  metrics: Object.fromEntries(metrics.map((m) => [m, m === 'feedback' ? { ok: 0, good: 0, bad: 0 } : m === 'ask' ? { positive: 0, negative: 0 } : 0])),
});
