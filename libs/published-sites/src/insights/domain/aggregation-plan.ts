import { BadRequest } from '@app/platform';
import { ColumnName, columnSpec, Interval, Metric } from './insights-columns';
import type { EventType } from './insights-event';
import { canonicalJson, RecordField } from './insights-record';
import { shareKeyDigest, withoutQuery } from './record-event';

/** The reference's SiteInsightsQueryEventsAggregation, once its shape is validated (http/insights-query.schema.ts). */
export interface ColumnRef {
  column: ColumnName;
  interval?: Interval;
  precision?: number;
  claim?: string;
}
export const OPERATORS = ['in', 'notIn', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'] as const;
export type Operator = (typeof OPERATORS)[number];
export const RANGE_PRESETS = ['lastYear', 'last3Months', 'last30Days', 'last7Days', 'last24Hours'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export interface AggregationRequest {
  select?: ColumnRef[];
  where?: Array<ColumnRef & { values: unknown[]; operator?: Operator }>;
  groupBy?: ColumnRef[];
  order?: { by: ColumnRef; direction: 'asc' | 'desc' };
  range: RangePreset | { from: string; to: string };
  limit?: number;
}

/** What a group is made of (a column's source, with its parameters). */
export type Dimension =
  | { source: 'field'; field: RecordField }
  /** `interval` null: the exact time (filters only). */
  | { source: 'datetime'; interval: Interval | null }
  | { source: 'page' }
  | { source: 'claim'; claim: string }
  | { source: 'claimProperty' }
  | { source: 'none' };
export type CountMetric = 'events' | 'sessions' | 'visitors';

/**
 * What an analytics store runs: events of one site in [from, to] (ms, inclusive), of `types`
 * (null: all), matching every filter, grouped, counted, filtered again on counts (`having`),
 * ordered (then by every group ascending, so equal keys keep one order) and cut at `limit`.
 */
export interface AggregationPlan {
  from: number;
  to: number;
  types: EventType[] | null;
  filters: Array<{ dimension: Dimension; operator: Operator; values: unknown[] }>;
  having: Array<{ metric: CountMetric; operator: Operator; values: number[] }>;
  groupBy: Dimension[];
  metrics: Metric[];
  order: Array<{ key: { group: number } | { metric: Metric }; direction: 'asc' | 'desc' }>;
  limit: number;
}

export const DEFAULT_LIMIT = 1000;
/** Values of all filters together: each is a bound parameter of one statement. */
export const MAX_FILTER_VALUES = 10_000;
export const DEFAULT_INTERVAL: Interval = 'day';
const DAY = 86_400_000;

export function rangeBounds(range: AggregationRequest['range'], now: Date): { from: number; to: number } {
  const to = now.getTime();
  if (typeof range !== 'string') {
    const from = Date.parse(range.from);
    const end = Date.parse(range.to);
    if (from > end) throw new BadRequest('range.from: must not be after range.to');
    return { from, to: end };
  }
  const d = new Date(to);
  switch (range) {
    case 'last24Hours':
      return { from: to - DAY, to };
    case 'last7Days':
      return { from: to - 7 * DAY, to };
    case 'last30Days':
      return { from: to - 30 * DAY, to };
    case 'last3Months':
      d.setUTCMonth(d.getUTCMonth() - 3);
      return { from: d.getTime(), to };
    case 'lastYear':
      d.setUTCFullYear(d.getUTCFullYear() - 1);
      return { from: d.getTime(), to };
  }
}

/** A dimension column's source; `filter`: a datetime is compared exactly, not by interval. */
export function dimensionOf(ref: ColumnRef, filter = false): Dimension {
  const spec = columnSpec(ref.column);
  if (spec.kind !== 'dimension') throw new Error(`${ref.column} is not a dimension`);
  switch (spec.source) {
    case 'field':
      return { source: 'field', field: spec.field };
    case 'datetime':
      return { source: 'datetime', interval: filter ? null : (ref.interval ?? DEFAULT_INTERVAL) };
    case 'claim':
      return { source: 'claim', claim: ref.claim ?? '' };
    default:
      return { source: spec.source };
  }
}

/** Two refs name the same group when column and parameters agree (`datetime` by day ≠ by hour). */
export const refKey = (ref: ColumnRef) => {
  const d = columnSpec(ref.column).kind === 'dimension' ? dimensionOf(ref) : null;
  return canonicalJson([ref.column, d && d.source === 'datetime' ? d.interval : null, ref.claim ?? null, ref.precision ?? null]);
};

/** A filter's values as the store holds them. */
function storedValues(column: ColumnName, values: unknown[]): unknown[] {
  switch (column) {
    case 'datetime':
      return values.map((v) => Date.parse(v as string));
    case 'url':
      return values.map((v) => withoutQuery(v as string));
    case 'siteShareKey':
      // As given (a digest copied from a result) and digested (the key itself).
      return values.flatMap((v) => (typeof v === 'string' ? [v, shareKeyDigest(v)] : [v]));
    case 'visitorBot':
      return values.map((v) => (v === '' ? null : v));
    case 'eventLinkTargetValue':
      return values.map((v) => canonicalJson(v));
    case 'visitorGeoPoint':
      // Never stored (no GeoIP database): a point matches nothing, but is compared as text all the same.
      return values.map((v) => (v === null ? null : canonicalJson(v)));
    case 'page':
      return values.map((v) => (v === null ? null : { space: (v as { space: string }).space, page: (v as { page: string | null }).page ?? null }));
    default:
      return values;
  }
}

const COMPARISONS: readonly Operator[] = ['greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'];

function where(req: AggregationRequest, plan: AggregationPlan, types: Set<EventType>[]): void {
  (req.where ?? []).forEach((w, i) => {
    const spec = columnSpec(w.column);
    const operator = w.operator ?? 'in';
    if (!spec.comparable && operator !== 'in' && operator !== 'notIn') {
      throw new BadRequest(`where[${i}].operator: ${w.column} can only be filtered with in or notIn`);
    }
    if (COMPARISONS.includes(operator) && w.values.length !== 1) throw new BadRequest(`where[${i}].values: ${operator} takes exactly one value`);
    if (spec.kind === 'metric') {
      if (spec.metric === 'feedback' || spec.metric === 'ask') throw new BadRequest(`where[${i}].column: ${w.column} cannot be filtered`);
      plan.having.push({ metric: spec.metric, operator, values: w.values as number[] });
      return;
    }
    if (spec.types) types.push(new Set(spec.types));
    plan.filters.push({ dimension: dimensionOf(w, true), operator, values: storedValues(w.column, w.values) });
  });
  const total = [...plan.filters, ...plan.having].reduce((n, f) => n + f.values.length, 0);
  if (total > MAX_FILTER_VALUES) throw new BadRequest(`where: at most ${MAX_FILTER_VALUES} values in all (${total} given)`);
}

/** The plan of a validated request, or a 400 naming the field and the rule. */
export function planAggregation(req: AggregationRequest, now: Date): AggregationPlan {
  const { from, to } = rangeBounds(req.range, now);
  const plan: AggregationPlan = { from, to, types: null, filters: [], having: [], groupBy: [], metrics: [], order: [], limit: req.limit ?? DEFAULT_LIMIT };
  const types: Set<EventType>[] = [];
  const isMetric = (ref: ColumnRef) => columnSpec(ref.column).kind === 'metric';
  const groupRefs = req.groupBy ?? (req.select ?? []).filter((r) => !isMetric(r));
  const groupKeys: string[] = [];
  groupRefs.forEach((ref, i) => {
    if (isMetric(ref)) throw new BadRequest(`groupBy[${i}].column: ${ref.column} is an aggregate and cannot be grouped by`);
    const key = refKey(ref);
    if (groupKeys.includes(key)) {
      if (req.groupBy) throw new BadRequest(`groupBy[${i}]: ${ref.column} is given twice`);
      return;
    }
    groupKeys.push(key);
    const spec = columnSpec(ref.column);
    if (spec.kind === 'dimension' && spec.types) types.push(new Set(spec.types));
    if (spec.kind === 'dimension' && spec.present) plan.filters.push({ dimension: dimensionOf(ref, true), operator: 'notIn', values: [null] });
    plan.groupBy.push(dimensionOf(ref));
  });
  const needMetric = (m: Metric) => plan.metrics.includes(m) || plan.metrics.push(m);
  (req.select ?? []).forEach((ref, i) => {
    const spec = columnSpec(ref.column);
    if (spec.kind === 'metric') needMetric(spec.metric);
    else if (!groupKeys.includes(refKey(ref))) throw new BadRequest(`select[${i}]: ${ref.column} must also be in groupBy`);
  });
  if (!req.select?.length) needMetric('events');
  where(req, plan, types);
  plan.having.forEach((h) => needMetric(h.metric));
  if (req.order) {
    const spec = columnSpec(req.order.by.column);
    if (spec.kind === 'metric') {
      if (!spec.comparable) throw new BadRequest(`order.by: cannot order by ${req.order.by.column} (an object per group)`);
      needMetric(spec.metric);
      plan.order.push({ key: { metric: spec.metric }, direction: req.order.direction });
    } else {
      const group = groupKeys.indexOf(refKey(req.order.by));
      if (group < 0) throw new BadRequest(`order.by: ${req.order.by.column} must be in groupBy`);
      plan.order.push({ key: { group }, direction: req.order.direction });
    }
  }
  if (types.length) plan.types = [...types.reduce((a, b) => new Set([...a].filter((t) => b.has(t))))];
  return plan;
}
