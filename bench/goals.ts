/**
 * The performance goals, in one place: each reads one number from one part's result line
 * (`<part>: key=value key=value ...`, as `npm run bench -- <part>` prints it), and the goals
 * table compares them. Convention: "ratio to goal", ≥ 1.00 means met — measured ÷ goal when
 * higher is better, goal ÷ measured when lower is better.
 */

/** Numbers by part (the line's prefix) and key. */
export type Figures = Record<string, Record<string, number>>;

export interface Goal {
  /** What is measured, as the table names it. */
  figure: string;
  /** The part whose line holds it (the line's prefix before `:`). */
  part: string;
  /** The key in that line. */
  key: string;
  unit: string;
  better: 'lower' | 'higher';
  /** null: the figure is reported without a goal. */
  goal: number | null;
  /** Where the goal is stated. */
  source: string;
  /** Other numbers of the same part shown beside the measured value. */
  context?: (part: Record<string, number>) => string;
}

const num = (v: number | undefined, digits?: number) => (v === undefined || !Number.isFinite(v) ? '?' : formatNumber(v, digits));

export const GOALS: Goal[] = [
  {
    figure: '`GET /v1/spaces/{id}` req/s ÷ bare Nest `GET` req/s (same run, 16 concurrent)',
    part: 'http',
    key: 'ceiling',
    unit: '×',
    better: 'higher',
    goal: 0.8,
    source: 'issue 17',
    context: (f) => `${num(f.get_rps, 0)} ÷ ${num(f.bare_rps, 0)} req/s`,
  },
  {
    figure: '`PATCH` + read-your-writes `GET` of one space, 10 concurrent on ONE space: p99 of the pair',
    part: 'patch-one-space',
    key: 'p99_ms',
    unit: 'ms',
    better: 'lower',
    goal: 20,
    source: 'issue 17',
    context: (f) => `p50 ${num(f.p50_ms)} ms, ${num(f.pairs_per_s, 0)} pairs/s`,
  },
  {
    figure: '… non-2xx answers among those pairs (last-writer-wins; conflicts retried in the server)',
    part: 'patch-one-space',
    key: 'non_2xx',
    unit: '',
    better: 'lower',
    goal: null,
    source: 'issue 17 (reported)',
  },
  {
    figure: '`PATCH /v1/spaces/{id}`, 4 concurrent, each on its own space: p99',
    part: 'http',
    key: 'patch_p99_ms',
    unit: 'ms',
    better: 'lower',
    goal: null,
    source: 'kept from the earlier table',
  },
  {
    figure: 'Projection lag of the PATCH events: p99',
    part: 'http',
    key: 'lag_p99_ms',
    unit: 'ms',
    better: 'lower',
    goal: null,
    source: 'DESIGN.md §7 (reported)',
  },
  {
    figure: 'Embedded event store: appends in batches of 100 events',
    part: 'appends',
    key: 'batch_events_per_s',
    unit: 'events/s',
    better: 'higher',
    goal: 100_000,
    source: 'issue 17',
  },
  {
    figure: 'Projection rebuild (`spaces`, 100,000 events)',
    part: 'rebuild',
    key: 'events_per_s',
    unit: 'events/s',
    better: 'higher',
    goal: 50_000,
    source: 'issue 17',
  },
  {
    figure: 'Start at the head with 1,000,000 events: time to the first answer',
    part: 'catch-up',
    key: 'head_first_answer_ms',
    unit: 'ms',
    better: 'lower',
    goal: 5_000,
    source: 'issue 17',
  },
  {
    figure: '… projections replaying at that start (0: no full replay)',
    part: 'catch-up',
    key: 'head_replayed',
    unit: '',
    better: 'lower',
    goal: 0,
    source: 'issue 17',
  },
  {
    figure: 'Resident memory at the head, 1,000,000 events and 10,000 spaces, after 10,000 GETs',
    part: 'catch-up',
    key: 'head_rss_after_gets_mb',
    unit: 'MB',
    better: 'lower',
    goal: 300,
    source: 'issue 17',
    context: (f) => `${num(f.head_rss_start_mb, 0)} MB at start`,
  },
  {
    figure: 'Start 1,000,000 events behind: time to ready',
    part: 'catch-up',
    key: 'ready_s',
    unit: 's',
    better: 'lower',
    goal: null,
    source: 'reported',
    context: (f) => `${num(f.events_per_s, 0)} events/s, peak RSS ${num(f.peak_rss_mb, 0)} MB`,
  },
  {
    figure: 'Merge a one-page change request: 5,000-page space ÷ 50-page space (medians)',
    part: 'merge',
    key: 'ratio',
    unit: '×',
    better: 'lower',
    goal: 2.0,
    source: 'issue 17',
    context: (f) => `${num(f.merge_big_ms)} ÷ ${num(f.merge_small_ms)} ms`,
  },
  {
    figure: 'Search over 10,000 pages: p99',
    part: 'search',
    key: 'p99_ms',
    unit: 'ms',
    better: 'lower',
    goal: 50,
    source: 'issue 13',
  },
  {
    figure: 'Insights aggregate by day over 1,000,000 events (median)',
    part: 'insights',
    key: 'by_day_ms',
    unit: 'ms',
    better: 'lower',
    goal: 1_000,
    source: 'issue 13 (README Insights: by day under 1 s)',
  },
  {
    figure: 'PDF of a 500-page space: time',
    part: 'pdf',
    key: 'ms',
    unit: 'ms',
    better: 'lower',
    goal: 10_000,
    source: 'issue 10',
  },
  {
    figure: 'PDF of a 500-page space: peak RSS of the server',
    part: 'pdf',
    key: 'peak_rss_mb',
    unit: 'MB',
    better: 'lower',
    goal: 200,
    source: 'issue 10',
  },
  {
    figure: 'Conversations processed per second',
    part: 'conversations',
    key: 'processed_per_s',
    unit: 'conversations/s',
    better: 'higher',
    goal: null,
    source: 'no goal stated (README, DESIGN.md)',
    context: (f) => `${num(f.ingested, 0)} ingested at ${num(f.ingest_per_s, 0)}/s`,
  },
  {
    figure: 'Published site page req/s ÷ bare Nest answering the same bytes (16 concurrent)',
    part: 'published',
    key: 'ratio',
    unit: '×',
    better: 'higher',
    goal: 0.8,
    source: 'issue 17 (as the API GET)',
    context: (f) => `${num(f.site_rps, 0)} ÷ ${num(f.bare_rps, 0)} req/s`,
  },
  {
    figure: 'Audit log page over 1,000,000 events: p99 (first and deep pages)',
    part: 'audit',
    key: 'page_p99_ms',
    unit: 'ms',
    better: 'lower',
    goal: 100,
    source: 'issue 19',
  },
  {
    figure: 'Audit log filtered page over 1,000,000 events: p99 (worst filter)',
    part: 'audit',
    key: 'filtered_p99_ms',
    unit: 'ms',
    better: 'lower',
    goal: 100,
    source: 'issue 19',
  },
  {
    figure: '`GET /v1/spaces/{id}?asOf=` over a 10,000-event stream: p99',
    part: 'as-of',
    key: 'p99_ms',
    unit: 'ms',
    better: 'lower',
    goal: 50,
    source: 'issue 19',
  },
  {
    figure: '`PATCH` p99 with 10 webhook endpoints ÷ with none',
    part: 'webhooks',
    key: 'ratio',
    unit: '×',
    better: 'lower',
    goal: 1.1,
    source: 'issue 19',
    context: (f) => `${num(f.patch_p99_ms_10)} ÷ ${num(f.patch_p99_ms_0)} ms`,
  },
  {
    figure: 'Webhook delivery lag (commit → receiver): p99',
    part: 'webhooks',
    key: 'lag_p99_ms',
    unit: 'ms',
    better: 'lower',
    goal: null,
    source: 'issue 19 (reported)',
  },
  {
    figure: 'Overload, 500 connections: answers after 2 s or none',
    part: 'overload',
    key: 'timeouts',
    unit: '',
    better: 'lower',
    goal: 0,
    source: 'bench/overload.ts (every request answered within 2 s)',
    context: (f) => `${num(f.answered, 0)} answered, ${num(f.shed_503, 0)} shed`,
  },
];

/** The numbers of a `<part>: key=value ...` line (non-numeric values are left out). */
export function parseFigures(line: string): { part: string; figures: Record<string, number> } {
  const colon = line.indexOf(':');
  const part = line.slice(0, colon).trim();
  const figures: Record<string, number> = {};
  for (const m of line.slice(colon + 1).matchAll(/(?:^|\s)([A-Za-z_][\w]*)=(-?\d+(?:\.\d+)?)(?=\s|$)/g)) figures[m[1]] = Number(m[2]);
  return { part, figures };
}

/** Adds a line's numbers to `into` under its part. */
export function collect(into: Figures, line: string): void {
  const { part, figures } = parseFigures(line);
  into[part] = { ...into[part], ...figures };
}

/** With `digits`, exactly that many decimals; else 0 from 1,000 up, at most 1 from 10, at most 2 below. */
export function formatNumber(v: number, digits?: number): string {
  if (digits !== undefined) return v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const a = Math.abs(v);
  return v.toLocaleString('en-US', { maximumFractionDigits: a >= 1000 ? 0 : a >= 10 ? 1 : 2 });
}

export interface GoalResult {
  goal: Goal;
  measured: number | undefined;
  /** ≥ 1 means met; undefined without a goal, a measurement, or with a goal of 0. */
  ratio: number | undefined;
  met: boolean | undefined;
}

export function evaluate(goal: Goal, figures: Figures): GoalResult {
  const measured = figures[goal.part]?.[goal.key];
  if (measured === undefined || !Number.isFinite(measured) || goal.goal === null) return { goal, measured, ratio: undefined, met: undefined };
  const met = goal.better === 'lower' ? measured <= goal.goal : measured >= goal.goal;
  let ratio: number | undefined;
  if (goal.goal > 0) ratio = goal.better === 'lower' ? (measured > 0 ? goal.goal / measured : Infinity) : measured / goal.goal;
  return { goal, measured, ratio, met };
}

const withUnit = (v: string, unit: string) => (unit === '' ? v : unit === '×' ? `${v}×` : `${v} ${unit}`);

/**
 * The goals table (markdown): figure, measured value, goal, ratio to goal (≥ 1.00 met), met.
 * `failed` names parts that threw (their rows say so).
 */
export function goalsTable(figures: Figures, failed: Record<string, string> = {}): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = GOALS.map((g) => {
    const r = evaluate(g, figures);
    const measured =
      r.measured === undefined
        ? failed[g.part]
          ? `failed: ${failed[g.part].split('\n')[0].slice(0, 120)}`
          : 'not measured'
        : withUnit(formatNumber(r.measured, g.unit === '×' ? 2 : undefined), g.unit) + (g.context ? ` (${g.context(figures[g.part] ?? {})})` : '');
    const goal = g.goal === null ? '—' : `${g.better === 'lower' ? '≤' : '≥'} ${withUnit(formatNumber(g.goal, g.unit === '×' ? 2 : undefined), g.unit)}`;
    // Rounded down, so a ratio shown as 1.00 is met.
    const ratio = r.ratio === undefined ? '—' : r.ratio === Infinity ? '∞' : (Math.floor(r.ratio * 100) / 100).toFixed(2);
    const met = r.met === undefined ? '—' : r.met ? 'met' : '**not met**';
    return `| ${[g.figure, measured, goal, ratio, met, g.source].map(cell).join(' | ')} |`;
  });
  const results = GOALS.map((g) => evaluate(g, figures)).filter((r) => r.goal.goal !== null);
  const met = results.filter((r) => r.met === true).length;
  return [
    '| Figure | Measured | Goal | Ratio to goal (≥ 1.00 met) | Met | Goal from |',
    '| --- | ---: | ---: | ---: | :---: | --- |',
    ...rows,
    '',
    `${met} of ${results.length} goals met${results.some((r) => r.met === undefined) ? ` (${results.filter((r) => r.met === undefined).length} not measured)` : ''}. Ratio to goal: measured ÷ goal where higher is better, goal ÷ measured where lower is better.`,
  ].join('\n');
}
