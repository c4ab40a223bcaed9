import { LoadShedder } from '@app/platform';
import { resumeToken } from '../../libs/audit/src/feed/domain/resume-token';
import { SseStream } from '../support/sse-client';
import { expectMatchesOperation } from '../support/reference-schema';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';

interface FeedEvent {
  id: string;
  action: string;
  target: { type: string; id: string };
}

/**
 * The live change feed against a running server, read with a streaming HTTP client: the audit
 * events in order as writes happen, the same ones the audit-event list has; resume with
 * Last-Event-ID, nothing lost or repeated; the list's filters; keep-alive comments; at most
 * FEED_MAX_STREAMS_PER_TOKEN streams per token; every stream ended at shutdown; no token in any
 * message. Access: organization admins; members 403, others 404; another Accept 406.
 */
describe('change feed (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let adminId: string;
  let editor: string;
  let outsider: string;
  const secrets: string[] = [];
  const streams: SseStream[] = [];

  const url = (query: Record<string, string> = {}, org = orgId) =>
    `${t.baseUrl}/v1/orgs/${org}/events${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
  async function connect(opts: { token?: string; query?: Record<string, string>; lastEventId?: string; org?: string } = {}): Promise<SseStream> {
    const headers: Record<string, string> = { ...bearer(opts.token ?? admin), Accept: 'text/event-stream' };
    if (opts.lastEventId !== undefined) headers['Last-Event-ID'] = opts.lastEventId;
    const s = await SseStream.open(url(opts.query, opts.org), headers);
    streams.push(s);
    if (s.status === 200) await s.until((x) => x.comments.includes('change feed open'));
    return s;
  }
  const data = (s: SseStream): FeedEvent[] => s.events.map((e) => JSON.parse(e.data) as FeedEvent);
  const createSpace = async (title: string): Promise<string> =>
    (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).send({ title }).expect(201)).body.id;
  const renameSpace = (spaceId: string, title: string) => t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(admin)).send({ title }).expect(200);
  /** The audit-event list, oldest first (the list is newest first). */
  async function listed(): Promise<FeedEvent[]> {
    const res = await t.http.get(`/v1/orgs/${orgId}/audit-events`).query({ limit: 100 }).set(bearer(admin)).expect(200);
    return (res.body.items as FeedEvent[]).reverse();
  }

  beforeAll(async () => {
    t = await startTestApp({ config: { feedHeartbeatMs: 100, feedMaxStreamsPerToken: 3 } });
    ({ organizationId: orgId, token: admin, userId: adminId } = await t.bootstrap('Feed Org', email('admin')));
    [{ token: editor }] = await t.cli('user', 'create', '--email', email('editor'), '--name', 'Eddie', '--org', orgId, '--role', 'edit');
    ({ token: outsider } = await t.bootstrap('Other Org', email('outsider')));
    secrets.push(admin, editor, outsider);
  });
  afterEach(async () => {
    await Promise.all(streams.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 to non-members, 403 to members who are not admins, 406 to another Accept, 400 to bad filters and resume ids', async () => {
    const feed = `/v1/orgs/${orgId}/events`;
    const cases: Array<[string, Record<string, string>, number, RegExp]> = [
      [outsider, { Accept: 'text/event-stream' }, 404, /organization/i],
      [editor, { Accept: 'text/event-stream' }, 403, /permission "admin"/],
      [admin, {}, 406, /^Accept: .*text\/event-stream/],
      [admin, { Accept: 'application/json' }, 406, /^Accept: /],
      [admin, { Accept: 'text/event-stream;q=0, application/json' }, 406, /^Accept: /],
      [admin, { Accept: 'text/event-stream', 'Last-Event-ID': 'forged' }, 400, /^Last-Event-ID: /],
      [admin, { Accept: 'text/event-stream', 'Last-Event-ID': Buffer.from(`feed.v1:${orgId}:-5`).toString('base64url') }, 400, /^Last-Event-ID: /],
    ];
    for (const [token, headers, status, message] of cases) {
      const res = await t.http.get(feed).set(bearer(token)).set(headers);
      expect([status, res.status, res.body.error?.message]).toEqual([status, status, expect.stringMatching(message)]);
      expectMatchesOperation('listOrganizationAuditEvents', res.status, res.body, { version: '0.202.0', undocumentedStatusSchema: 'Error' });
    }
    for (const [query, field] of [
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2026-13-01T00:00:00Z' }, 'to'],
      [{ from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'to'],
      [{ action: 'Space Created' }, 'action'],
    ] as const) {
      const res = await t.http.get(feed).query(query).set(bearer(admin)).set({ Accept: 'text/event-stream' });
      expect([res.status, res.body.error.message]).toEqual([400, expect.stringMatching(new RegExp(`^${field}: `))]);
    }
    // Another organization's resume id is refused, not read as a position.
    const theirOrg = (await t.http.get('/v1/orgs').set(bearer(outsider))).body.items[0].id as string;
    const theirs = await t.http
      .get(feed)
      .set(bearer(admin))
      .set({ Accept: 'text/event-stream', 'Last-Event-ID': resumeToken(theirOrg, 1) });
    expect([theirs.status, theirs.body.error.message]).toEqual([400, "Last-Event-ID: not an id this organization's change feed sent"]);
  });

  it('streams the writes made after it opened, in order, the same events the audit-event list has', async () => {
    const before = new Set((await listed()).map((e) => e.id));
    const s = await connect();
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const a = await createSpace('Alpha');
    const b = await createSpace('Beta');
    await renameSpace(a, 'Alpha 2');
    await renameSpace(b, 'Beta 2');
    const expected = (await listed()).filter((e) => !before.has(e.id));
    expect(expected.map((e) => e.action)).toEqual(expect.arrayContaining(['space.created', 'space.updated']));
    await s.until((x) => x.events.length >= expected.length);
    expect(data(s)).toEqual(expected);
    expect(s.events.map((e) => e.event)).toEqual(expected.map((e) => e.action));
    expect(
      data(s)
        .filter((e) => e.target.type === 'space')
        .map((e) => `${e.action} ${e.target.id}`),
    ).toEqual(expect.arrayContaining([`space.created ${a}`, `space.created ${b}`, `space.updated ${a}`, `space.updated ${b}`]));
    expect(new Set(s.events.map((e) => e.id)).size).toBe(s.events.length);
  });

  it('resumes with Last-Event-ID: nothing lost, nothing repeated, compared with a stream that stayed open', async () => {
    const before = new Set((await listed()).map((e) => e.id));
    const steady = await connect();
    const first = await connect();
    const space = await createSpace('Gamma');
    await renameSpace(space, 'Gamma 1');
    await first.until((x) => x.events.length >= 2);
    await first.close();
    const seen = data(first);
    for (let i = 2; i <= 4; i++) await renameSpace(space, `Gamma ${i}`);
    await createSpace('Delta');
    const resumed = await connect({ lastEventId: first.lastId! });
    const expected = (await listed()).filter((e) => !before.has(e.id));
    await steady.until((x) => x.events.length >= expected.length);
    await resumed.until((x) => seen.length + x.events.length >= expected.length);
    expect(data(steady)).toEqual(expected);
    expect([...seen, ...data(resumed)]).toEqual(expected);
    // The ids are opaque resume tokens: not the event's UUID, not a bare number.
    for (const e of steady.events) expect(e.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(steady.events.map((e) => e.id)).not.toContain(data(steady)[0].id);
  });

  it('filters by action (exact or prefix), target and time, and replays history from `from` before going live', async () => {
    const space = await createSpace('Epsilon');
    const byAction = await connect({ query: { action: 'space.updated' } });
    const byTarget = await connect({ query: { target: space } });
    const byPrefix = await connect({ query: { action: 'space.*', from: '2026-01-01T00:00:00Z' } });
    await renameSpace(space, 'Epsilon 2');
    const other = await createSpace('Zeta');
    await renameSpace(other, 'Zeta 2');
    await byAction.until((x) => x.events.length >= 2);
    await byTarget.until((x) => x.events.length >= 1);
    expect(data(byAction).map((e) => `${e.action} ${e.target.id}`)).toEqual([`space.updated ${space}`, `space.updated ${other}`]);
    expect(data(byTarget).map((e) => `${e.action} ${e.target.id}`)).toEqual([`space.updated ${space}`]);
    // From the start of the log: every space event of this organization, then the live ones.
    const spaceEvents = (await listed()).filter((e) => e.action.startsWith('space.'));
    await byPrefix.until((x) => x.events.length >= spaceEvents.length);
    expect(data(byPrefix)).toEqual(spaceEvents);
    const future = await connect({ query: { from: '2027-01-01T00:00:00Z' } });
    await renameSpace(space, 'Epsilon 3');
    await byTarget.until((x) => x.events.length >= 2);
    expect(future.events).toEqual([]);
  });

  it('sends a comment line at the heartbeat interval', async () => {
    const s = await connect();
    await s.until((x) => x.comments.filter((c) => c === 'keep-alive').length >= 2);
    expect(s.raw).toMatch(/(^|\n): keep-alive\n\n/);
  });

  it('refuses one stream more than FEED_MAX_STREAMS_PER_TOKEN per token with 429; closing one frees its place', async () => {
    const open = [await connect(), await connect(), await connect()];
    const refused = await connect();
    expect([refused.status, (refused.body as { error: { code: number; message: string } }).error]).toEqual([
      429,
      { code: 429, message: expect.stringContaining('FEED_MAX_STREAMS_PER_TOKEN=3') },
    ]);
    expect(refused.headers['x-ratelimit-limit']).toBeDefined();
    // Another token, even of the same user, has its own places.
    const [{ token: second }] = await t.cli('token', 'create', '--user', adminId, '--name', 'second');
    secrets.push(second);
    expect((await connect({ token: second })).status).toBe(200);
    await open[0].close();
    // The server learns of the close asynchronously: ask until it has (429 until then).
    let again = await connect();
    for (let i = 0; i < 200 && again.status === 429; i++) {
      await new Promise((r) => setTimeout(r, 5));
      again = await connect();
    }
    expect(again.status).toBe(200);
  });

  it('never puts a token in any message', async () => {
    const s = await connect({ query: { from: '2020-01-01T00:00:00Z' } });
    const [{ token }] = await t.cli('user', 'create', '--email', email('late'), '--name', 'Late', '--org', orgId, '--role', 'admin');
    secrets.push(token);
    await createSpace('Eta');
    const all = await listed();
    await s.until((x) => x.events.length >= all.length);
    for (const secret of secrets) expect(s.raw).not.toContain(secret);
  });

  it('ends every stream when a graceful shutdown begins, and at the latest when the application closes', async () => {
    const other = await startTestApp({ config: { feedHeartbeatMs: 60_000 } });
    try {
      const boot = await other.bootstrap('Closing', email('closing'));
      const open = (org: string) => SseStream.open(`${other.baseUrl}/v1/orgs/${org}/events`, { ...bearer(boot.token), Accept: 'text/event-stream' });
      const draining = await open(boot.organizationId);
      expect(draining.status).toBe(200);
      other.app.get(LoadShedder).beginShutdown();
      await draining.ended;
    } finally {
      await other.close();
    }
    const last = await startTestApp();
    const boot = await last.bootstrap('Closing', email('closing'));
    const s = await SseStream.open(`${last.baseUrl}/v1/orgs/${boot.organizationId}/events`, { ...bearer(boot.token), Accept: 'text/event-stream' });
    expect(s.status).toBe(200);
    await last.close();
    await s.ended;
  });
});
