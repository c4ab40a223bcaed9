import type { Dimension, Operator } from '../domain/aggregation-plan';
import type { AggregateRow } from '../domain/aggregation-result';
import type { Metric } from '../domain/insights-columns';
import { SQL_COLUMN } from './sqlite-analytics-columns';

/** Named parameters of one statement (better-sqlite3 binds `@name` from an object). */
export type SqlParams = Record<string, unknown>;

/** Binds `value` under a fresh name and answers its placeholder: no value is ever spliced into SQL text. */
export function param(params: SqlParams, value: unknown): string {
  const name = `p${Object.keys(params).length}`;
  params[name] = typeof value === 'boolean' ? Number(value) : value;
  return `@${name}`;
}

const DAY = 86_400_000;
/** Bucket starts (ms, UTC). Weeks start on Monday: day 0 of the epoch was a Thursday. */
const BUCKET: Record<string, string> = {
  hour: '(ts - ts % 3600000)',
  day: `(ts - ts % ${DAY})`,
  week: `((ts / ${DAY}) - ((ts / ${DAY} + 3) % 7)) * ${DAY}`,
  month: "CAST(strftime('%s', ts / 1000, 'unixepoch', 'start of month') AS INTEGER) * 1000",
};

const column = (field: string) => {
  const c = SQL_COLUMN.get(field);
  if (!c) throw new Error(`no column for record field ${field}`);
  return c;
};

/** The SQL value of a single-valued dimension (page has two, see dimensionSql). */
function expression(d: Dimension, params: SqlParams): string {
  switch (d.source) {
    case 'field':
      return column(d.field);
    case 'datetime':
      return d.interval ? BUCKET[d.interval] : 'ts';
    case 'claim':
      // Claim names never hold `"` (refused by the request schema): the path quotes them.
      return `COALESCE(json_extract(claim_values, ${param(params, `$."${d.claim}"`)}), '')`;
    case 'claimProperty':
      return 'ck.value';
    case 'none':
      return 'NULL';
    case 'page':
      throw new Error('page has two values');
  }
}

const PAGE_SPACE = 'space';
const PAGE_PAGE = 'CASE WHEN space IS NULL THEN NULL ELSE page END';

/** A group's select list, its aliases (to group and order by) and how to read its value back from a row. */
export function dimensionSql(
  d: Dimension,
  alias: string,
  params: SqlParams,
): { select: string[]; aliases: string[]; read: (row: Record<string, unknown>) => unknown } {
  if (d.source === 'page') {
    const [s, p] = [`${alias}_s`, `${alias}_p`];
    return {
      select: [`${PAGE_SPACE} AS ${s}`, `${PAGE_PAGE} AS ${p}`],
      aliases: [s, p],
      read: (row) => (row[s] === null ? null : { space: row[s], page: row[p] }),
    };
  }
  return { select: [`${expression(d, params)} AS ${alias}`], aliases: [alias], read: (row) => row[alias] };
}

const COMPARE: Record<string, string> = { greaterThan: '>', greaterThanOrEqual: '>=', lessThan: '<', lessThanOrEqual: '<=' };

/** `expr` against the values; never NULL (NOT of it is the complement), comparisons exclude NULL. */
export function conditionSql(expr: string, operator: Operator, values: unknown[], params: SqlParams): string {
  if (COMPARE[operator]) return `COALESCE(${expr} ${COMPARE[operator]} ${param(params, values[0])}, 0)`;
  const present = values.filter((v) => v !== null);
  const parts = [present.length ? `COALESCE(${expr} IN (${present.map((v) => param(params, v)).join(', ')}), 0)` : '0'];
  if (present.length < values.length) parts.push(`${expr} IS NULL`);
  const anyOf = `(${parts.join(' OR ')})`;
  return operator === 'notIn' ? `NOT ${anyOf}` : anyOf;
}

/** A filter on a dimension (whole events: a claim property filter keeps events having, or not having, one of the names). */
export function filterSql(f: { dimension: Dimension; operator: Operator; values: unknown[] }, params: SqlParams): string {
  const d = f.dimension;
  if (d.source === 'page' || d.source === 'claimProperty') {
    const anyOf =
      d.source === 'page'
        ? `COALESCE((${
            f.values
              .map((v) => {
                if (v === null) return `${PAGE_SPACE} IS NULL`;
                const { space, page } = v as { space: string; page: string | null };
                return `(${PAGE_SPACE} = ${param(params, space)} AND ${page === null ? 'page IS NULL' : `page = ${param(params, page)}`})`;
              })
              .join(' OR ') || '0'
          }), 0)`
        : `EXISTS (SELECT 1 FROM json_each(claim_keys) WHERE value IN (${f.values.map((v) => param(params, v)).join(', ')}))`;
    return f.operator === 'notIn' ? `NOT ${anyOf}` : anyOf;
  }
  return conditionSql(expression(d, params), f.operator, f.values, params);
}

/** Select-list entries of a metric (aliased `m_<metric>`, the parts of an object metric `m_<metric>_<part>`). */
export function metricSql(m: Metric): string[] {
  switch (m) {
    case 'events':
      return ['COUNT(*) AS m_events'];
    case 'sessions':
      return ['COUNT(DISTINCT session_id) AS m_sessions'];
    case 'visitors':
      return ['COUNT(DISTINCT visitor_id) AS m_visitors'];
    case 'feedback':
      return ['ok', 'good', 'bad'].map((r) => `COALESCE(SUM(feedback_rating = '${r}'), 0) AS m_feedback_${r}`);
    case 'ask':
      return ['COALESCE(SUM(ask_rating = 1), 0) AS m_ask_positive', 'COALESCE(SUM(ask_rating = -1), 0) AS m_ask_negative'];
  }
}

export function readMetrics(metrics: Metric[], row: Record<string, unknown>): AggregateRow['metrics'] {
  const out: AggregateRow['metrics'] = {};
  for (const m of metrics) {
    if (m === 'feedback') out.feedback = { ok: Number(row.m_feedback_ok), good: Number(row.m_feedback_good), bad: Number(row.m_feedback_bad) };
    else if (m === 'ask') out.ask = { positive: Number(row.m_ask_positive), negative: Number(row.m_ask_negative) };
    else out[m] = Number(row[`m_${m}`]);
  }
  return out;
}
