/**
 * One contract for every AnalyticsStore adapter: SQLite always, MongoDB when MONGODB_URI is set
 * (a database of its own per run, dropped afterwards). The same events go in; every variant of
 * the reference aggregation (select, where, groupBy, order, range, limit) and the visitor
 * segments must come out alike.
 */
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AnalyticsStore } from '../../libs/published-sites/src/insights/application/analytics-store.port';
import { SqliteAnalyticsStore } from '../../libs/published-sites/src/insights/application/sqlite-analytics-store';
import { AggregationRequest, planAggregation } from '../../libs/published-sites/src/insights/domain/aggregation-plan';
import { toColumns } from '../../libs/published-sites/src/insights/domain/aggregation-result';
import type { InsightsEvent } from '../../libs/published-sites/src/insights/domain/insights-event';
import { toInsightsRecord } from '../../libs/published-sites/src/insights/domain/record-event';
import { toSegment } from '../../libs/published-sites/src/insights/domain/visitor-segments';
import { sampleEvent } from '../../libs/published-sites/src/insights/testing/insights-event.fixtures';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const UA = {
  v1: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  v2: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  v3: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  v4: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  v9: 'curl/8.5.0',
};
const CLAIMS: Record<string, Record<string, string> | undefined> = { v1: { role: 'admin', plan: 'pro' }, v2: { plan: 'free' } };

type Visitor = keyof typeof UA;
function event(
  at: string,
  visitor: Visitor,
  session: string,
  where: [space: string | null, page: string | null],
  type: InsightsEvent['type'] = 'page_view',
  own: Record<string, unknown> = {},
) {
  const e = sampleEvent(type, own);
  e.session = {
    ...e.session,
    visitorId: visitor,
    sessionId: session,
    userAgent: UA[visitor],
    ...(CLAIMS[visitor] ? { visitorAuthClaims: CLAIMS[visitor] } : {}),
  };
  e.location = { ...e.location, space: where[0], page: where[1], siteSection: null };
  return { e, at: new Date(at) };
}

/** Site A: 12 events in the last 30 days (Feb 1 and the week of Feb 23), one in January; site B: one. */
const SITE_A = [
  event('2026-02-23T08:15:00Z', 'v1', 's1', ['sp1', 'p1']),
  event('2026-02-23T09:30:00Z', 'v1', 's1', ['sp1', 'p2']),
  event('2026-02-24T12:00:00Z', 'v2', 's2', ['sp1', 'p1']),
  event('2026-02-24T12:01:00Z', 'v2', 's2', ['sp1', null], 'search_type_query', { query: 'install' }),
  event('2026-02-25T07:00:00Z', 'v3', 's3', [null, null], 'search_type_query', { query: 'Install' }),
  event('2026-02-26T15:00:00Z', 'v1', 's4', ['sp1', 'p1'], 'link_click', {
    link: { target: { kind: 'url', url: 'https://github.com/x' }, position: 'content' },
  }),
  event('2026-02-26T16:00:00Z', 'v3', 's3', [null, null], 'link_click', { link: { target: { kind: 'openapi', spec: 'pets' }, position: 'sidebar' } }),
  event('2026-02-27T10:00:00Z', 'v2', 's5', ['sp1', 'p1'], 'page_post_feedback', { feedback: { rating: 'good' } }),
  event('2026-02-27T11:00:00Z', 'v3', 's3', ['sp1', 'p2'], 'page_post_feedback_comment', { feedback: { rating: 'bad', comment: 'Outdated' } }),
  event('2026-02-28T09:00:00Z', 'v1', 's6', [null, null], 'ask_rate_response', { query: 'q', rating: 1, responseId: 'r1' }),
  event('2026-02-28T09:05:00Z', 'v2', 's5', [null, null], 'ask_rate_response', { query: 'q', rating: -1, responseId: 'r2' }),
  event('2026-01-15T12:00:00Z', 'v9', 's9', ['sp1', 'p1']),
  event('2026-02-01T00:00:00Z', 'v4', 's7', ['sp2', 'p3']),
];
// Details some tests look for: a section, a referrer, a URL with a `$` (a Mongo field path if it were not a literal).
SITE_A[0].e.location.siteSection = 'sec1';
SITE_A[2].e.session.referrer = 'https://www.google.com/search?q=docs';
SITE_A[12].e.location.url = 'https://docs.example.com/$weird';

export interface AnalyticsStoreHarness {
  open(): Promise<AnalyticsStore>;
  cleanup(): Promise<void>;
}

export function runAnalyticsStoreContract(name: string, harness: () => Promise<AnalyticsStoreHarness>) {
  describe(`AnalyticsStore contract: ${name}`, () => {
    let h: AnalyticsStoreHarness;
    let store: AnalyticsStore;
    const records = (siteId: string, events: typeof SITE_A) =>
      events.map(({ e, at }, i) => toInsightsRecord(e, { organizationId: 'org', siteId, now: at, requestIp: '203.0.113.9', field: `events[${i}]` }));
    const run = async (req: Partial<AggregationRequest>, siteId = 'site-a') => {
      const full = { range: 'last30Days' as const, ...req };
      return toColumns(full, await store.aggregate(siteId, planAggregation(full, NOW))).columns;
    };
    const values = async (req: Partial<AggregationRequest>) => (await run(req)).map((c) => c.values);

    beforeAll(async () => {
      h = await harness();
      store = await h.open();
      await store.append(records('site-a', SITE_A));
      await store.append(records('site-b', [event('2026-02-24T12:00:00Z', 'v1', 'sb', ['x', 'y'])]));
    });
    afterAll(async () => {
      await store?.close();
      await h?.cleanup();
    });

    it('counts events, sessions and visitors of one site over the range (inclusive bounds)', async () => {
      expect(await values({ select: [{ column: 'eventsCount' }, { column: 'sessionsCount' }, { column: 'visitorsCount' }] })).toEqual([[12], [7], [4]]);
      expect(await values({ range: 'lastYear' })).toEqual([[13]]);
      expect(await values({ range: { from: '2026-02-23T08:15:00Z', to: '2026-02-23T09:30:00Z' } })).toEqual([[2]]);
      expect(await run({}, 'site-empty')).toEqual([{ column: 'eventsCount', values: [0] }]);
    });

    it('groups by datetime per hour, day, week (from Monday) and month, in time order', async () => {
      expect(await values({ select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }] })).toEqual([
        ['2026-02-01', '2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28'].map((d) => `${d}T00:00:00.000Z`),
        [1, 2, 2, 1, 2, 2, 2],
      ]);
      expect(await values({ select: [{ column: 'datetime', interval: 'week' }, { column: 'eventsCount' }] })).toEqual([
        ['2026-01-26T00:00:00.000Z', '2026-02-23T00:00:00.000Z'],
        [1, 11],
      ]);
      expect(await values({ range: 'lastYear', select: [{ column: 'datetime', interval: 'month' }, { column: 'eventsCount' }] })).toEqual([
        ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
        [1, 12],
      ]);
      expect(
        await values({
          range: { from: '2026-02-23T00:00:00Z', to: '2026-02-23T23:59:59Z' },
          select: [{ column: 'datetime', interval: 'hour' }, { column: 'visitorsCount' }],
        }),
      ).toEqual([
        ['2026-02-23T08:00:00.000Z', '2026-02-23T09:00:00.000Z'],
        [1, 1],
      ]);
    });

    it('orders by a count, equal counts by the group, and cuts at the limit', async () => {
      const req: Partial<AggregationRequest> = { groupBy: [{ column: 'eventType' }], order: { by: { column: 'eventsCount' }, direction: 'desc' } };
      expect(await values(req)).toEqual([
        ['page_view', 'ask_rate_response', 'link_click', 'search_type_query', 'page_post_feedback', 'page_post_feedback_comment'],
        [4, 2, 2, 2, 1, 1],
      ]);
      expect(await values({ ...req, limit: 3 })).toEqual([
        ['page_view', 'ask_rate_response', 'link_click'],
        [4, 2, 2],
      ]);
      expect((await values({ groupBy: [{ column: 'eventType' }], order: { by: { column: 'eventType' }, direction: 'desc' }, limit: 1 }))[0]).toEqual([
        'search_type_query',
      ]);
    });

    it('filters groups on counts (every operator)', async () => {
      const by = (operator: string, v: number[]) =>
        values({ groupBy: [{ column: 'eventType' }], where: [{ column: 'eventsCount', operator: operator as never, values: v }] }).then((c) => c[0]);
      expect(await by('greaterThan', [1])).toEqual(['ask_rate_response', 'link_click', 'page_view', 'search_type_query']);
      expect(await by('greaterThanOrEqual', [4])).toEqual(['page_view']);
      expect(await by('lessThan', [2])).toEqual(['page_post_feedback', 'page_post_feedback_comment']);
      expect(await by('lessThanOrEqual', [1])).toEqual(['page_post_feedback', 'page_post_feedback_comment']);
      expect(await by('in', [1, 4])).toEqual(['page_post_feedback', 'page_post_feedback_comment', 'page_view']);
      expect(await by('notIn', [1, 4])).toEqual(['ask_rate_response', 'link_click', 'search_type_query']);
      expect(await run({ where: [{ column: 'eventsCount', operator: 'greaterThan', values: [100] }] })).toEqual([{ column: 'eventsCount', values: [] }]);
    });

    it('filters events: in and notIn with nulls (a null is not in a list without null), comparisons on time', async () => {
      const count = (where: AggregationRequest['where']) => values({ where }).then((c) => c[0][0]);
      expect(await count([{ column: 'siteSection', values: [null] }])).toBe(11);
      expect(await count([{ column: 'siteSection', operator: 'notIn', values: [null] }])).toBe(1);
      expect(await count([{ column: 'siteSection', operator: 'notIn', values: ['sec1'] }])).toBe(11);
      expect(await count([{ column: 'siteSection', values: ['sec1', null] }])).toBe(12);
      expect(await count([{ column: 'datetime', operator: 'greaterThanOrEqual', values: ['2026-02-27T00:00:00Z'] }])).toBe(4);
      expect(await count([{ column: 'datetime', operator: 'lessThan', values: ['2026-02-23T09:30:00Z'] }])).toBe(2);
      expect(
        await count([
          { column: 'eventType', values: ['page_view'] },
          { column: 'visitorBrowser', operator: 'notIn', values: ['chrome'] },
        ]),
      ).toBe(2);
      expect(await count([{ column: 'url', values: ['https://docs.example.com/$weird?x=1'] }])).toBe(1);
      expect(await count([{ column: 'visitorGeoCountry', values: ['FR'] }])).toBe(0);
      expect(await count([{ column: 'visitorGeoPoint', values: [{ latitude: 48.8, longitude: 2.3, h3: '881fb46625fffff' }] }])).toBe(0);
      expect(await count([{ column: 'visitorGeoPoint', values: [null] }])).toBe(12);
    });

    it('groups and filters pages with their space (null without a space)', async () => {
      expect(await values({ groupBy: [{ column: 'page' }] })).toEqual([
        [null, { space: 'sp1', page: null }, { space: 'sp1', page: 'p1' }, { space: 'sp1', page: 'p2' }, { space: 'sp2', page: 'p3' }],
        [4, 1, 4, 2, 1],
      ]);
      const count = (operator: 'in' | 'notIn') =>
        values({ where: [{ column: 'page', operator, values: [{ space: 'sp1', page: 'p1' }, null] }] }).then((c) => c[0][0]);
      expect(await count('in')).toBe(8);
      expect(await count('notIn')).toBe(4);
      expect(await values({ where: [{ column: 'page', values: [{ space: 'sp1', page: null }] }] })).toEqual([[1]]);
    });

    it('claims: one claim ("" when absent), claim properties (an event per property it has), both as filters', async () => {
      expect(await values({ groupBy: [{ column: 'visitorClaim', claim: 'plan' }] })).toEqual([
        ['', 'free', 'pro'],
        [4, 4, 4],
      ]);
      expect(await run({ select: [{ column: 'visitorClaim', claim: 'role' }, { column: 'visitorsCount' }] })).toEqual([
        { column: 'visitorClaim', claim: 'role', values: ['', 'admin'] },
        { column: 'visitorsCount', values: [3, 1] },
      ]);
      expect(await values({ groupBy: [{ column: 'visitorClaimProperty' }] })).toEqual([
        ['plan', 'role'],
        [8, 4],
      ]);
      const count = (where: AggregationRequest['where']) => values({ where }).then((c) => c[0][0]);
      expect(await count([{ column: 'visitorClaimProperty', values: ['role'] }])).toBe(4);
      expect(await count([{ column: 'visitorClaimProperty', operator: 'notIn', values: ['role'] }])).toBe(8);
      expect(await count([{ column: 'visitorClaim', claim: 'role', values: ['admin'] }])).toBe(4);
      expect(await count([{ column: 'visitorClaim', claim: 'plan', operator: 'greaterThan', values: ['free'] }])).toBe(4);
      expect(await count([{ column: 'visitorClaim', claim: 'plan', values: [''] }])).toBe(4);
    });

    it('event columns keep only the events that carry them; link targets come back as objects', async () => {
      expect(await values({ groupBy: [{ column: 'eventSearchQuery' }] })).toEqual([
        ['Install', 'install'],
        [1, 1],
      ]);
      expect(await values({ groupBy: [{ column: 'eventLinkTargetValue' }] })).toEqual([
        [
          { kind: 'openapi', spec: 'pets' },
          { kind: 'url', url: 'https://github.com/x' },
        ],
        [1, 1],
      ]);
      expect(await values({ groupBy: [{ column: 'eventLinkTargetKind' }] })).toEqual([['url'], [1]]);
      expect(await values({ groupBy: [{ column: 'eventLinkTargetDomain' }] })).toEqual([
        [null, 'github.com'],
        [1, 1],
      ]);
      expect(await values({ groupBy: [{ column: 'eventPageFeedbackRating' }, { column: 'eventPageFeedbackComment' }] })).toEqual([['bad'], ['Outdated'], [1]]);
      expect(await values({ groupBy: [{ column: 'eventAskResponseRating' }] })).toEqual([
        [-1, 1],
        [1, 1],
      ]);
      expect(await values({ where: [{ column: 'eventSearchQuery', operator: 'notIn', values: ['install'] }] })).toEqual([[1]]);
    });

    it('rating metrics, and the visitor columns read from the user agent and the referrer', async () => {
      expect(await values({ select: [{ column: 'pageFeedbackRating' }, { column: 'askResponseRating' }] })).toEqual([
        [{ ok: 0, good: 1, bad: 1 }],
        [{ positive: 1, negative: 1 }],
      ]);
      expect(await values({ groupBy: [{ column: 'visitorBrowser' }] })).toEqual([
        ['chrome', 'firefox', 'safari', 'unknown'],
        [4, 4, 3, 1],
      ]);
      expect(await values({ groupBy: [{ column: 'visitorBot' }] })).toEqual([
        [null, 'googlebot'],
        [11, 1],
      ]);
      expect(await values({ groupBy: [{ column: 'referrerDomain' }] })).toEqual([
        ['', 'www.google.com'],
        [11, 1],
      ]);
      expect(await values({ groupBy: [{ column: 'visitorGeoCountry' }] })).toEqual([[null], [12]]);
      expect(await values({ groupBy: [{ column: 'visitorDevice' }, { column: 'visitorOS' }] })).toEqual([
        ['desktop', 'desktop', 'mobile', 'unknown'],
        ['linux', 'macos', 'ios', 'unknown'],
        [4, 4, 3, 1],
      ]);
    });

    it('visitor segments: one per distinct claims, by claims, paged after a key, with events, visitors and sessions', async () => {
      const first = await store.segments('site-a', null, 2);
      expect(first.count).toBe(3);
      expect(first.rows.map(toSegment)).toEqual([
        { title: 'plan: free', claims: { plan: 'free' }, events: 4, visitors: 1, sessions: 2 },
        { title: 'plan: pro, role: admin', claims: { plan: 'pro', role: 'admin' }, events: 4, visitors: 1, sessions: 3 },
      ]);
      const rest = await store.segments('site-a', first.rows[1].claims, 2);
      expect(rest.rows.map(toSegment)).toEqual([{ title: 'Visitors without claims', claims: {}, events: 5, visitors: 3, sessions: 3 }]);
      expect(await store.segments('site-a', null, 0)).toEqual({ rows: [], count: 3 });
      expect((await store.segments('site-b', null, 10)).rows).toHaveLength(1);
    });
  });
}

runAnalyticsStoreContract('SQLite', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'analytics-contract-'));
  return {
    open: async () => new SqliteAnalyticsStore(path.join(dir, 'analytics.sqlite')),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

describe('SQLite analytics store specifics', () => {
  it('is append-only: updates and deletes are refused by the database itself', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'analytics-append-'));
    const file = path.join(dir, 'analytics.sqlite');
    const store = new SqliteAnalyticsStore(file);
    await store.append(SITE_A.slice(0, 1).map(({ e, at }) => toInsightsRecord(e, { organizationId: 'o', siteId: 's', now: at, requestIp: null, field: 'e' })));
    await store.close();
    const Database = require('better-sqlite3');
    const db = new Database(file);
    expect(() => db.prepare("UPDATE insights_events SET url = 'x'").run()).toThrow('append-only');
    expect(() => db.prepare('DELETE FROM insights_events').run()).toThrow('append-only');
    expect(db.prepare('SELECT COUNT(*) AS n FROM insights_events').get().n).toBe(1);
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  const database = `analytics_contract_${randomBytes(4).toString('hex')}`;
  runAnalyticsStoreContract('MongoDB', async () => {
    const { MongoAnalyticsStore } = await import('../../libs/published-sites/src/insights/application/mongo-analytics-store');
    const { MongoClient } = await import('mongodb');
    return {
      open: () => MongoAnalyticsStore.connect(mongoUri, database),
      cleanup: async () => {
        const client = await MongoClient.connect(mongoUri);
        await client.db(database).dropDatabase();
        await client.close();
      },
    };
  });
} else {
  it('MongoDB analytics store contract: SKIPPED — MONGODB_URI is not set', () => {
    console.warn('MongoDB analytics store contract: SKIPPED — MONGODB_URI is not set');
  });
}
