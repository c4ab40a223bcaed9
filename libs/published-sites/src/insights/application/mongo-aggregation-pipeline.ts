import type { Document } from 'mongodb';
import type { Dimension, Operator } from '../domain/aggregation-plan';
import type { AggregateRow, HavingFilter } from '../domain/aggregation-result';
import type { Metric } from '../domain/insights-columns';

/*
 * The aggregation expressions of the MongoDB adapter, one per dimension, written to answer what
 * sqlite-aggregation-sql.ts answers (the contract suite holds them to it). Every value from a
 * request goes in as `$literal`: a string starting with `$` would otherwise read as a field path.
 */

const DAY = 86_400_000;
const lit = (v: unknown) => ({ $literal: v });
const orNull = (field: string) => ({ $ifNull: [`$${field}`, null] });

function bucket(interval: string): Document {
  if (interval === 'hour' || interval === 'day') {
    const size = interval === 'hour' ? 3_600_000 : DAY;
    return { $subtract: ['$ts', { $mod: ['$ts', size] }] };
  }
  if (interval === 'week') {
    // Weeks start on Monday: day 0 of the epoch was a Thursday.
    const day = { $floor: { $divide: ['$ts', DAY] } };
    return { $multiply: [{ $subtract: [day, { $mod: [{ $add: [day, 3] }, 7] }] }, DAY] };
  }
  // Dates are UTC when no timezone is given (day 1 is the default, written out all the same).
  const date = { $toDate: '$ts' };
  return { $toLong: { $dateFromParts: { year: { $year: date }, month: { $month: date }, day: 1 } } };
}

export function dimensionExpr(d: Dimension): unknown {
  switch (d.source) {
    case 'field':
      return orNull(d.field);
    case 'datetime':
      return d.interval ? bucket(d.interval) : '$ts';
    case 'page':
      return { $cond: [{ $eq: [orNull('space'), null] }, null, { space: '$space', page: orNull('page') }] };
    case 'claim': {
      const pair = { $arrayElemAt: [{ $filter: { input: { $ifNull: ['$claimPairs', []] }, cond: { $eq: ['$$this.k', lit(d.claim)] } } }, 0] };
      return { $let: { vars: { pair }, in: { $ifNull: ['$$pair.v', ''] } } };
    }
    case 'claimProperty':
      return '$claimKeys';
    case 'none':
      return lit(null);
  }
}

const COMPARE: Record<string, string> = { greaterThan: '$gt', greaterThanOrEqual: '$gte', lessThan: '$lt', lessThanOrEqual: '$lte' };

/** A filter as an `$expr` condition (claim-property filters are plain matches, see the adapter). */
export function filterExpr(f: { dimension: Dimension; operator: Operator; values: unknown[] }): Document {
  const expr = dimensionExpr(f.dimension);
  const op = COMPARE[f.operator];
  // BSON orders null below everything: comparisons leave nulls out, as SQL does.
  if (op) return { $and: [{ $ne: [expr, null] }, { [op]: [expr, lit(f.values[0])] }] };
  const anyOf = { $in: [expr, lit(f.values)] };
  return f.operator === 'notIn' ? { $not: [anyOf] } : anyOf;
}

export function metricAccumulators(metrics: Metric[]): Document {
  const count = (field: string, value: unknown) => ({ $sum: { $cond: [{ $eq: [`$${field}`, value] }, 1, 0] } });
  const out: Document = {};
  for (const m of metrics) {
    if (m === 'events') out.m_events = { $sum: 1 };
    if (m === 'sessions') out.m_sessions = { $addToSet: '$sessionId' };
    if (m === 'visitors') out.m_visitors = { $addToSet: '$visitorId' };
    if (m === 'feedback') for (const r of ['ok', 'good', 'bad']) out[`m_feedback_${r}`] = count('feedbackRating', r);
    if (m === 'ask') Object.assign(out, { m_ask_positive: count('askRating', 1), m_ask_negative: count('askRating', -1) });
  }
  return out;
}

/** Distinct counts are collected as sets, then counted. */
export const metricSizes = (metrics: Metric[]): Document =>
  Object.fromEntries(metrics.filter((m) => m === 'sessions' || m === 'visitors').map((m) => [`m_${m}`, { $size: `$m_${m}` }]));

export function havingMatch(having: HavingFilter[]): Document {
  return {
    $and: having.map((h) => {
      const field = `m_${h.metric}`;
      if (h.operator === 'in') return { [field]: { $in: h.values } };
      if (h.operator === 'notIn') return { [field]: { $nin: h.values } };
      return { [field]: { [COMPARE[h.operator]]: h.values[0] } };
    }),
  };
}

export function readMetrics(metrics: Metric[], d: Document): AggregateRow['metrics'] {
  const n = (k: string) => Number(d[k] ?? 0);
  const out: AggregateRow['metrics'] = {};
  for (const m of metrics) {
    if (m === 'feedback') out.feedback = { ok: n('m_feedback_ok'), good: n('m_feedback_good'), bad: n('m_feedback_bad') };
    else if (m === 'ask') out.ask = { positive: n('m_ask_positive'), negative: n('m_ask_negative') };
    else out[m] = n(`m_${m}`);
  }
  return out;
}
