import { sampleEvent } from '../testing/insights-event.fixtures';
import { flattenClaims, shareKeyDigest, toInsightsRecord, withoutQuery } from './record-event';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const ctx = { organizationId: 'org-1', siteId: 'site-1', now: NOW, requestIp: '198.51.100.23', field: 'events[0]' };

describe('toInsightsRecord: a reference event as the analytics store keeps it', () => {
  it('flattens the event: location, visitor columns from the user agent, the request IP truncated, the current time', () => {
    const r = toInsightsRecord(sampleEvent(), ctx);
    expect(r).toMatchObject({
      organizationId: 'org-1',
      siteId: 'site-1',
      ts: NOW.getTime(),
      type: 'page_view',
      visitorId: 'visitor-1',
      sessionId: 'session-1',
      url: 'https://docs.example.com/guide/start',
      displayContext: 'site',
      siteSpace: 'sitesp_1',
      space: 'space-1',
      page: 'page-1',
      ip: '198.51.100.0',
      browser: 'firefox',
      os: 'linux',
      device: 'desktop',
      bot: null,
      language: 'en-GB',
      referrer: '',
      referrerDomain: '',
      claims: '{}',
      claimKeys: [],
    });
  });

  it('keeps IPs truncated only: the session IP (IPv4 /24, IPv6 /48) before the request IP, and refuses a non-address', () => {
    expect(toInsightsRecord(sampleEvent('page_view', { session: { ...sampleEvent().session, ip: '203.0.113.250' } }), ctx).ip).toBe('203.0.113.0');
    expect(toInsightsRecord(sampleEvent('page_view', { session: { ...sampleEvent().session, ip: '2001:db8:aa:bb::1' } }), ctx).ip).toBe('2001:db8:aa::');
    expect(toInsightsRecord(sampleEvent(), { ...ctx, requestIp: null }).ip).toBeNull();
    expect(() => toInsightsRecord(sampleEvent('page_view', { session: { ...sampleEvent().session, ip: 'not-an-ip' } }), ctx)).toThrow(
      'events[0].session.ip: must be an IPv4 or IPv6 address',
    );
  });

  it('keeps no secret: query strings (share keys, tokens) are cut from URLs, a share key is kept as a digest, cookies and visitorAuthToken are dropped', () => {
    const e = sampleEvent('page_view', {
      session: {
        ...sampleEvent().session,
        cookies: { session: 'secret-cookie' },
        visitorAuthToken: 'eyJ.secret.token',
        referrer: 'https://ref.example.org/a?token=abc#x',
      },
      location: {
        ...sampleEvent().location,
        url: 'https://docs.example.com/p?shareKey=KEY123&utm_source=news&utm_campaign=spring#top',
        siteShareKey: 'KEY123',
      },
    });
    const r = toInsightsRecord(e, ctx);
    const stored = JSON.stringify(r);
    for (const secret of ['KEY123', 'secret-cookie', 'eyJ.secret.token', 'token=abc']) expect(stored).not.toContain(secret);
    expect(r.url).toBe('https://docs.example.com/p');
    expect(r.siteShareKey).toBe(shareKeyDigest('KEY123'));
    expect(r.referrer).toBe('https://ref.example.org/a');
    expect(r.referrerDomain).toBe('ref.example.org');
    expect(r).toMatchObject({ utmSource: 'news', utmCampaign: 'spring', utmMedium: '', utmTerm: '', utmContent: '' });
  });

  it('takes a timestamp within 5 minutes of now, and refuses one further away', () => {
    expect(toInsightsRecord(sampleEvent('page_view', { timestamp: '2026-03-01T09:56:00.000Z' }), ctx).ts).toBe(Date.parse('2026-03-01T09:56:00.000Z'));
    expect(() => toInsightsRecord(sampleEvent('page_view', { timestamp: '2026-03-01T09:54:59.000Z' }), ctx)).toThrow(
      'events[0].timestamp: must be within 5 minutes of the current time',
    );
    expect(() => toInsightsRecord(sampleEvent('page_view', { timestamp: '2026-03-01T10:05:01.000Z' }), ctx)).toThrow(/events\[0\]\.timestamp/);
  });

  it('keeps claims canonical (one segment per claims, whatever the key order) and their leaves as text', () => {
    const claims = { user: { role: 'admin', id: 7 }, plan: 'pro', beta: true, tags: ['a', 'b'] };
    const r = toInsightsRecord(sampleEvent('page_view', { session: { ...sampleEvent().session, visitorAuthClaims: claims } }), ctx);
    expect(r.claims).toBe('{"beta":true,"plan":"pro","tags":["a","b"],"user":{"id":7,"role":"admin"}}');
    expect(r.claimKeys).toEqual(['beta', 'plan', 'tags', 'user.id', 'user.role']);
    expect(r.claimValues).toEqual({ beta: 'true', plan: 'pro', tags: '["a","b"]', 'user.id': '7', 'user.role': 'admin' });
    const big = { blob: 'x'.repeat(5000) };
    expect(() => toInsightsRecord(sampleEvent('page_view', { session: { ...sampleEvent().session, visitorAuthClaims: big } }), ctx)).toThrow(
      'events[0].session.visitorAuthClaims: must be at most 4096 bytes of JSON',
    );
  });

  it('reads each type its own columns', () => {
    expect(toInsightsRecord(sampleEvent('search_type_query', { query: 'install' }), ctx).searchQuery).toBe('install');
    expect(toInsightsRecord(sampleEvent('ask_question', { query: 'why?' }), ctx).searchQuery).toBeNull();
    expect(toInsightsRecord(sampleEvent('page_post_feedback_comment', { feedback: { rating: 'good', comment: 'Nice' } }), ctx)).toMatchObject({
      feedbackRating: 'good',
      feedbackComment: 'Nice',
    });
    expect(toInsightsRecord(sampleEvent('ask_rate_response', { query: 'q', rating: -1, responseId: 'r1' }), ctx).askRating).toBe(-1);
    expect(
      toInsightsRecord(sampleEvent('link_click', { link: { target: { kind: 'url', url: 'https://x.example.net/a' }, position: 'content' } }), ctx),
    ).toMatchObject({
      linkTarget: '{"kind":"url","url":"https://x.example.net/a"}',
      linkKind: 'url',
      linkDomain: 'x.example.net',
      linkPosition: 'content',
    });
    expect(toInsightsRecord(sampleEvent('link_click', { link: { target: { kind: 'openapi', spec: 'pets' }, position: 'sidebar' } }), ctx).linkKind).toBeNull();
    expect(toInsightsRecord(sampleEvent('api_client_request', { operation: { path: '/pets', method: 'get' } }), ctx)).toMatchObject({
      apiPath: '/pets',
      apiMethod: 'get',
    });
    expect(toInsightsRecord(sampleEvent('ad_display', { ad: { domain: 'ads.example', zoneId: 'z', placement: 'aside' } }), ctx)).toMatchObject({
      adDomain: 'ads.example',
      adPlacement: 'aside',
    });
    expect(toInsightsRecord(sampleEvent('trademark_click', { placement: 'footer' }), ctx).trademarkPlacement).toBe('footer');
  });
});

describe('helpers', () => {
  it('withoutQuery keeps origin and path', () => {
    expect(withoutQuery('https://a.example/b/c?x=1#y')).toBe('https://a.example/b/c');
    expect(withoutQuery('mailto:someone@example.com?subject=x')).toBe('mailto:someone@example.com');
  });
  it('flattenClaims names nested leaves by path', () => {
    expect(flattenClaims({ a: { b: { c: 1 } }, d: false })).toEqual({ 'a.b.c': '1', d: 'false' });
  });
});
