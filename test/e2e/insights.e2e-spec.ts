import * as fs from 'fs';
import * as path from 'path';
import { GitBookAPI, SiteInsightsEvent, SiteInsightsQueryRangePreset } from '@gitbook/api';
import { SiteEventRecorder } from '../../libs/published-sites/src/ports';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation } from '../support/reference-schema';

const DAY = 86_400_000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

/** Site insights: visitors' events in (no token), aggregates and visitor segments out (members only), IPs kept truncated. */
describe('site insights (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let reader: string;
  let outsider: string;
  let otherOrg: string;
  let siteId: string;
  let otherSiteId: string;
  let started: number;

  const event = (visitor: string, patch: Record<string, unknown> = {}, session: Record<string, unknown> = {}): SiteInsightsEvent =>
    ({
      type: 'page_view',
      session: { visitorId: visitor, sessionId: `${visitor}-s`, cookies: {}, userAgent: FIREFOX, language: 'en', referrer: null, ...session },
      location: {
        url: `https://docs.example.com/guide?shareKey=SECRETKEY1`,
        siteSection: null,
        siteSpace: null,
        siteShareKey: 'SECRETKEY1',
        space: 'sp1',
        revision: 'r1',
        page: 'p1',
      },
      ...patch,
    }) as SiteInsightsEvent;
  const track = (events: unknown[], site = siteId, org = orgId) => t.http.post(`/v1/orgs/${org}/sites/${site}/insights/events`).send({ events });
  const aggregate = (body: Record<string, unknown>, token = admin) =>
    callOperation(t, 'aggregateSiteEvents', { organizationId: orgId, siteId }, token, { body });
  const total = async () => (await aggregate({ range: 'lastYear' })).body.columns[0].values[0];

  beforeAll(async () => {
    t = await startTestApp();
    started = t.clock.now().getTime();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Insights Org', email('ada')));
    [{ token: reader }] = await t.cli('user', 'create', '--email', email('rita'), '--name', 'Rita', '--org', orgId, '--role', 'read');
    ({ organizationId: otherOrg, token: outsider } = await t.bootstrap('Other Org', email('otto')));
    siteId = (await t.client(admin).orgs.createSite(orgId, { title: 'Handbook' })).data.id;
    otherSiteId = (await t.client(outsider).orgs.createSite(otherOrg, { title: 'Elsewhere' })).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tracks a batch of events through the official client without a token (204), and aggregates them by day', async () => {
    const anonymous = new GitBookAPI({ endpoint: t.baseUrl });
    const res = await anonymous.orgs.trackEventsInSiteById(orgId, siteId, {
      events: [event('v1'), event('v2', { type: 'search_type_query', query: 'install' })],
    });
    expect(res.status).toBe(204);
    t.clock.advance(DAY);
    expect((await track([event('v1'), event('v3', { timestamp: new Date(t.clock.now().getTime() - 60_000).toISOString() })])).status).toBe(204);

    const agg = await t.client(reader).orgs.aggregateSiteEvents(orgId, siteId, {
      range: SiteInsightsQueryRangePreset.Last7Days,
      select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }, { column: 'visitorsCount' }, { column: 'sessionsCount' }],
    });
    expectMatchesOperation('aggregateSiteEvents', 200, agg.data);
    const day0 = new Date(started - (started % DAY)).toISOString();
    const day1 = new Date(started + DAY - ((started + DAY) % DAY)).toISOString();
    expect(agg.data.columns).toEqual([
      { column: 'datetime', values: [day0, day1] },
      { column: 'eventsCount', values: [2, 2] },
      { column: 'visitorsCount', values: [2, 2] },
      { column: 'sessionsCount', values: [2, 2] },
    ]);
  });

  it('answers the reference variants: where, groupBy, order, limit, a custom range, claims and rating metrics', async () => {
    // An hour on, the first day's events fall out of the last 24 hours.
    t.clock.advance(3_600_000);
    await track([
      event('v4', {}, { visitorAuthClaims: { plan: 'pro' } }),
      event('v4', { type: 'page_post_feedback', feedback: { rating: 'good' } }, { visitorAuthClaims: { plan: 'pro' } }),
      event('v5', { type: 'link_click', link: { target: { kind: 'url', url: 'https://github.com/acme' }, position: 'footer' } }),
    ]);
    const byType = await aggregate({
      range: { from: new Date(started).toISOString(), to: t.clock.now().toISOString() },
      groupBy: [{ column: 'eventType' }],
      select: [{ column: 'eventType' }, { column: 'eventsCount' }],
      where: [{ column: 'eventType', operator: 'notIn', values: ['search_type_query'] }],
      order: { by: { column: 'eventsCount' }, direction: 'desc' },
      limit: 2,
    });
    expect(byType.status).toBe(200);
    expect(byType.body.columns).toEqual([
      { column: 'eventType', values: ['page_view', 'link_click'] },
      { column: 'eventsCount', values: [4, 1] },
    ]);
    const claims = await aggregate({
      range: 'last24Hours',
      select: [{ column: 'visitorClaim', claim: 'plan' }, { column: 'eventsCount' }, { column: 'pageFeedbackRating' }],
    });
    expect(claims.body.columns).toEqual([
      { column: 'visitorClaim', claim: 'plan', values: ['', 'pro'] },
      { column: 'eventsCount', values: [3, 2] },
      {
        column: 'pageFeedbackRating',
        values: [
          { ok: 0, good: 0, bad: 0 },
          { ok: 0, good: 1, bad: 0 },
        ],
      },
    ]);
    const links = await aggregate({ range: 'last24Hours', groupBy: [{ column: 'eventLinkTargetDomain' }, { column: 'eventLinkPosition' }] });
    expect(links.body.columns).toEqual([
      { column: 'eventLinkTargetDomain', values: ['github.com'] },
      { column: 'eventLinkPosition', values: ['footer'] },
      { column: 'eventsCount', values: [1] },
    ]);
    const pages = await aggregate({ range: 'last24Hours', groupBy: [{ column: 'page' }, { column: 'url' }] });
    expect(pages.body.columns[0].values).toEqual([{ space: 'sp1', page: 'p1' }]);
    // The share key of the visit never comes back: URLs lose their query, the key is kept as a digest.
    expect(pages.body.columns[1].values).toEqual(['https://docs.example.com/guide']);
    const keys = await aggregate({ range: 'last24Hours', groupBy: [{ column: 'siteShareKey' }] });
    expect(JSON.stringify(keys.body)).not.toContain('SECRETKEY1');
    expect((await aggregate({ range: 'last24Hours', where: [{ column: 'siteShareKey', values: ['SECRETKEY1'] }] })).body.columns[0].values).toEqual([5]);
  });

  it('refuses bad events with 400 naming the field and the rule, and stores none of the batch', async () => {
    const before = await total();
    const cases: Array<[unknown[], string]> = [
      [[event('v1', { type: 'page_scroll' })], 'events[0].type: must be one of page_view'],
      [[event('v1'), { ...event('v1'), session: { visitorId: 'v1' } }], 'events[1].session.sessionId: is required'],
      [[event('v1', { colour: 'red' })], 'events[0].colour: unknown field'],
      [[event('v1', {}, { ip: '999.1.1.1' })], 'events[0].session.ip: must be an IPv4 or IPv6 address'],
      [[event('v1', { timestamp: new Date(t.clock.now().getTime() - 6 * 60_000).toISOString() })], 'events[0].timestamp: must be within 5 minutes'],
      [Array.from({ length: 501 }, () => event('v1')), 'events: must have at most 500 items'],
    ];
    for (const [events, message] of cases) {
      const res = await track(events);
      expect(res.status).toBe(400);
      expectErrorResponse('trackEventsInSiteById', 400, res.body);
      expect(res.body.error.message).toContain(message);
    }
    const noEvents = await t.http.post(`/v1/orgs/${orgId}/sites/${siteId}/insights/events`).send({});
    expect(noEvents.status).toBe(400);
    expect(noEvents.body.error.message).toContain('events: is required');
    expect(await total()).toBe(before);
  });

  it('refuses bad aggregations with 400 naming the field and the rule', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'range: is required'],
      [{ range: 'lastWeek' }, 'range: must be one of lastYear'],
      [{ range: 'last7Days', select: [{ column: 'colour' }] }, 'select[0].column: must be one of'],
      [{ range: 'last7Days', select: [{ column: 'url' }], groupBy: [{ column: 'page' }] }, 'select[0]: url must also be in groupBy'],
      [{ range: 'last7Days', groupBy: [{ column: 'eventsCount' }] }, 'groupBy[0].column: eventsCount is an aggregate'],
      [{ range: 'last7Days', where: [{ column: 'eventsCount', operator: 'lessThan', values: [1, 2] }] }, 'where[0].values: lessThan takes exactly one value'],
      [{ range: 'last7Days', limit: 0 }, 'limit: must be >= 1'],
      [{ range: { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' } }, 'range.from: must not be after range.to'],
      [{ range: 'last7Days', colour: 'red' }, 'body.colour: unknown field'],
    ];
    for (const [body, message] of cases) {
      const res = await aggregate(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
  });

  it('lists visitor segments by claims, paged with the one cursor codec, through the official client too', async () => {
    const first = await callOperation(t, 'listSiteVisitorSegments', { organizationId: orgId, siteId }, reader, { query: { limit: 1 } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 2, items: [{ title: 'plan: pro', claims: { plan: 'pro' }, events: 2, visitors: 1, sessions: 1 }] });
    const second = await callOperation(t, 'listSiteVisitorSegments', { organizationId: orgId, siteId }, reader, {
      query: { limit: 1, page: first.body.next.page },
    });
    expect(second.body.items).toEqual([{ title: 'Visitors without claims', claims: {}, events: 5, visitors: 4, sessions: 4 }]);
    expect(second.body.next).toBeUndefined();
    const all = await t.client(admin).orgs.listSiteVisitorSegments(orgId, siteId);
    expectMatchesOperation('listSiteVisitorSegments', 200, all.data);
    expect(all.data.items.map((s) => s.title)).toEqual(['plan: pro', 'Visitors without claims']);
    const forged = await callOperation(t, 'listSiteVisitorSegments', { organizationId: orgId, siteId }, reader, { query: { page: 'bm90LWEtY3Vyc29y' } });
    expect(forged.status).toBe(400);
  });

  it('takes events only for a site that exists; figures only for members of its organization (404 otherwise, 401 without a token)', async () => {
    expect((await track([event('v1')], 'no-such-site')).status).toBe(404);
    expect((await track([event('v1')], otherSiteId)).status).toBe(404);
    expect((await track([event('v1')], otherSiteId, otherOrg)).status).toBe(204);
    expect((await aggregate({ range: 'last7Days' }, outsider)).status).toBe(404);
    const notMine = await clientError(t.client(outsider).orgs.listSiteVisitorSegments(orgId, siteId));
    expect(notMine.code).toBe(404);
    const anonymous = await t.http.post(`/v1/orgs/${orgId}/sites/${siteId}/insights/events/aggregate`).send({ range: 'last7Days' });
    expect(anonymous.status).toBe(401);
    expect((await t.http.get(`/v1/orgs/${orgId}/sites/${siteId}/insights/visitor-segments`)).status).toBe(401);
    expect((await t.http.get(`/v1/orgs/${orgId}/sites/${siteId}/insights/visitor-segments`).set(bearer(reader))).status).toBe(200);
  });

  it("records the published site's own page views (SiteEventRecorder) and keeps every IP truncated, never in full", async () => {
    const recorder = t.app.get(SiteEventRecorder);
    await recorder.record(orgId, siteId, [event('v6', {}, { ip: '203.0.113.77' }) as never, event('v7', {}, { ip: '2001:db8:1234:5678::9' }) as never]);
    await expect(recorder.record(orgId, siteId, [{ type: 'page_view' }])).rejects.toThrow('events[0].session: is required');
    await track([event('v8')]); // from 127.0.0.1, the request's own address
    const visitors = await aggregate({ range: 'last24Hours', where: [{ column: 'eventType', values: ['page_view'] }], select: [{ column: 'visitorsCount' }] });
    expect(visitors.body.columns[0].values[0]).toBeGreaterThanOrEqual(3);
    const raw = ['', '-wal']
      .map((s) => path.join(t.dataDir, `analytics.sqlite${s}`))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString('latin1'))
      .join('');
    expect(raw).toContain('203.0.113.0');
    expect(raw).toContain('2001:db8:1234::');
    expect(raw).toContain('127.0.0.0');
    for (const secret of ['203.0.113.77', '2001:db8:1234:5678', '127.0.0.1', 'SECRETKEY1']) expect(raw).not.toContain(secret);
  });
});
