import { expectMatches0202 } from '../support/reference-schema';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';

/**
 * Audit events (issue 19): the newer reference's listOrganizationAuditEvents,
 * getOrganizationAuditEvent and listOrganizationAuditEventActions over supertest (the official
 * client has none at 0.146.0), bodies validated against 0.202.0; filters, paging, NDJSON export,
 * access, isolation, and the resource histories of a space and a member.
 */
describe('audit events (e2e)', () => {
  let t: TestApp;
  let a: { organizationId: string; userId: string; token: string };
  let b: { organizationId: string; userId: string; token: string };
  let editor: { userId: string; token: string };
  let guest: { userId: string; token: string };
  let outsider: string;
  let spaceId: string;
  let collectionId: string;
  let crId: string;
  let teamId: string;
  const get = (url: string, token = a.token) => t.http.get(url).set(bearer(token));
  const send = (method: 'post' | 'patch' | 'put', url: string, body: object = {}, token = a.token) => t.http[method](url).set(bearer(token)).send(body);
  const list = (query: Record<string, unknown> = {}, token = a.token, url = `/v1/orgs/${a.organizationId}/audit-events`) => get(url, token).query(query);
  /** Every page of a listing, following next.page. */
  async function all(url: string, query: Record<string, unknown> = {}): Promise<any[]> {
    const items: any[] = [];
    let page: string | undefined;
    do {
      const res = await get(url).query({ ...query, limit: 100, ...(page ? { page } : {}) });
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      page = res.body.next?.page;
    } while (page);
    return items;
  }

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.bootstrap('Acme', email('ada'));
    b = await t.bootstrap('Beta', email('bea'));
    [editor] = await t.cli('user', 'create', '--email', email('ed'), '--name', 'Ed', '--org', a.organizationId, '--role', 'edit');
    [guest] = await t.cli('user', 'create', '--email', email('gus'), '--name', 'Gus', '--org', a.organizationId, '--role', 'read');
    await send('patch', `/v1/orgs/${a.organizationId}/members/${guest.userId}`, { role: null }).expect(200);
    ({ token: outsider } = await t.bootstrap('Other', email('otto')));
    spaceId = (await send('post', `/v1/orgs/${a.organizationId}/spaces`, { title: 'Handbook' }).expect(201)).body.id;
    collectionId = (await send('post', `/v1/orgs/${a.organizationId}/collections`, { title: 'Guides' }).expect(201)).body.id;
    await send('post', `/v1/spaces/${spaceId}/move`, { parent: collectionId }).expect(200);
    await send('patch', `/v1/spaces/${spaceId}`, { title: 'Team handbook' }).expect(200);
    await send('post', `/v1/spaces/${spaceId}/permissions`, { role: 'edit', users: [guest.userId] }).expect(204);
    crId = (await send('post', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Fix typo' }).expect(201)).body.id;
    await send('post', `/v1/spaces/${spaceId}/change-requests/${crId}/merge`).expect(200);
    await send('patch', `/v1/orgs/${a.organizationId}/members/${editor.userId}`, { role: 'review' }).expect(200);
    teamId = (await send('put', `/v1/orgs/${a.organizationId}/teams`, { title: 'Writers', members: [editor.userId] }).expect(201)).body.id;
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) await send('post', `/v1/orgs/${a.organizationId}/spaces`, { title }).expect(201);
    await send('post', `/v1/orgs/${b.organizationId}/spaces`, { title: 'Beta space' }, b.token).expect(201);
  });
  afterAll(async () => t?.close());

  it('lists the organization events newest first, in the 0.202.0 shape, with actor, source, target labels', async () => {
    const res = await list({ limit: 100 }).expect(200);
    expectMatches0202('listOrganizationAuditEvents', 200, res.body);
    const items: any[] = res.body.items;
    const times = items.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const created = items.find((e) => e.action === 'space.created' && e.target.id === spaceId);
    expect(created).toMatchObject({
      object: 'audit-event',
      actor: { type: 'user', id: a.userId, label: 'Ada Admin' },
      source: 'api',
      target: { type: 'space', id: spaceId, label: 'Handbook' },
      urls: { location: `${t.baseUrl}/v1/orgs/${a.organizationId}/audit-events/${created.id}` },
    });
    expect(items.find((e) => e.action === 'space.updated')?.target.label).toBe('Team handbook');
    // The CLI created the organization and its first members: a script, not the API.
    expect(items.find((e) => e.action === 'organization.created')).toMatchObject({ actor: { type: 'system', id: 'cli' }, source: 'script' });
    expect(items.map((e) => e.action)).toEqual(expect.arrayContaining(['change-request.merged', 'organization.member.role.updated', 'team.member.added']));
  });

  it('filters by action, actor, target and time, exactly', async () => {
    const byAction = (await list({ action: 'space.permission.updated' }).expect(200)).body.items;
    expect(byAction.map((e: any) => [e.action, e.target.id])).toEqual([['space.permission.updated', spaceId]]);
    const byTarget = (await list({ target: crId }).expect(200)).body.items;
    expect(byTarget.length).toBeGreaterThan(0);
    expect(byTarget.every((e: any) => e.target.id === crId)).toBe(true);
    const byActor = await all(`/v1/orgs/${a.organizationId}/audit-events`, { actor: a.userId });
    expect(byActor.every((e: any) => e.actor.id === a.userId)).toBe(true);
    expect(byActor.length).toBeGreaterThan(5);
    const everything = await all(`/v1/orgs/${a.organizationId}/audit-events`);
    const at = everything[Math.floor(everything.length / 2)].occurredAt;
    const from = await all(`/v1/orgs/${a.organizationId}/audit-events`, { from: at });
    const to = await all(`/v1/orgs/${a.organizationId}/audit-events`, { to: at });
    expect(from.every((e: any) => e.occurredAt >= at)).toBe(true);
    expect(to.every((e: any) => e.occurredAt <= at)).toBe(true);
    expect((await list({ from: '2999-01-01T00:00:00Z' }).expect(200)).body.items).toEqual([]);
  });

  it('pages with limit 1..100 (default 20) and opaque cursors, no event skipped or repeated', async () => {
    const everything = await all(`/v1/orgs/${a.organizationId}/audit-events`);
    expect(everything.length).toBeGreaterThan(20);
    expect((await list().expect(200)).body.items).toHaveLength(20);
    const paged = await (async () => {
      const ids: string[] = [];
      let page: string | undefined;
      do {
        const res = await list({ limit: 7, ...(page ? { page } : {}) }).expect(200);
        expectMatches0202('listOrganizationAuditEvents', 200, res.body);
        ids.push(...res.body.items.map((e: any) => e.id));
        page = res.body.next?.page;
      } while (page);
      return ids;
    })();
    expect(paged).toEqual(everything.map((e) => e.id));
    for (const [query, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 'x' }, 'limit'],
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2026-13-01T00:00:00Z' }, 'to'],
      [{ page: 'not-a-cursor' }, 'page'],
    ] as const) {
      const res = await list(query);
      expect([res.status, res.body.error?.message]).toEqual([400, expect.stringContaining(field)]);
    }
    // A cursor of one filter is refused for another.
    const next = (await list({ limit: 1, action: 'space.created' }).expect(200)).body.next;
    if (next) expect((await list({ limit: 1, page: next.page })).status).toBe(400);
  });

  it('answers one event with its details, and the action catalogue', async () => {
    const [merged] = (await list({ action: 'change-request.merged' }).expect(200)).body.items;
    const res = await get(`/v1/orgs/${a.organizationId}/audit-events/${merged.id}`).expect(200);
    expectMatches0202('getOrganizationAuditEvent', 200, res.body);
    expect(res.body).toMatchObject({ ...merged, correlationId: expect.any(String), schemaVersion: 1, payload: { spaceId, changeRequestId: crId } });
    const actions = await get(`/v1/orgs/${a.organizationId}/audit-event-actions`).expect(200);
    expectMatches0202('listOrganizationAuditEventActions', 200, actions.body);
    expect(actions.body.items).toEqual(expect.arrayContaining([{ object: 'audit-event-action', id: 'space.created', label: 'Space created' }]));
    expect((await get(`/v1/orgs/${a.organizationId}/audit-events/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('names an effect of a saga or timer the system, through a workflow, caused by the event it followed', async () => {
    const system = await all(`/v1/orgs/${a.organizationId}/audit-events`, { actor: 'system' });
    expect(system.length).toBeGreaterThan(0);
    expect(system.every((e) => e.source === 'workflow' && e.actor.type === 'system')).toBe(true);
    const details = (await get(`/v1/orgs/${a.organizationId}/audit-events/${system[0].id}`).expect(200)).body;
    expect(details.causedByEventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is for organization admins: members and guests 403, outsiders 404', async () => {
    const urls = [
      `/v1/orgs/${a.organizationId}/audit-events`,
      `/v1/orgs/${a.organizationId}/audit-event-actions`,
      `/v1/orgs/${a.organizationId}/members/${editor.userId}/audit-events`,
    ];
    for (const url of urls) {
      expect([(await get(url, editor.token)).status, (await get(url, guest.token)).status, (await get(url, outsider)).status]).toEqual([403, 403, 404]);
      expect((await get(url, a.token)).status).toBe(200);
    }
    expect((await get(`/v1/orgs/${a.organizationId}/audit-events`)).body.items.length).toBeGreaterThan(0);
    expect((await t.http.get(urls[0])).status).toBe(401);
  });

  it('never shows another organization its events, nor its event ids', async () => {
    const ofA = await all(`/v1/orgs/${a.organizationId}/audit-events`);
    const ofB: any[] = [];
    for (let page: string | undefined, first = true; first || page; first = false) {
      const res = await get(`/v1/orgs/${b.organizationId}/audit-events`, b.token)
        .query({ limit: 100, ...(page ? { page } : {}) })
        .expect(200);
      ofB.push(...res.body.items);
      page = res.body.next?.page;
    }
    const idsA = new Set(ofA.map((e) => e.id));
    expect(ofB.length).toBeGreaterThan(0);
    expect(ofB.filter((e) => idsA.has(e.id))).toEqual([]);
    expect(ofB.map((e) => e.target.id)).not.toContain(spaceId);
    expect((await get(`/v1/orgs/${b.organizationId}/audit-events/${ofA[0].id}`, b.token)).status).toBe(404);
    expect((await get(`/v1/orgs/${a.organizationId}/audit-events`, b.token)).status).toBe(404);
  });

  it('exports every matching event as NDJSON, unpaged', async () => {
    const everything = await all(`/v1/orgs/${a.organizationId}/audit-events`);
    const res = await get(`/v1/orgs/${a.organizationId}/audit-events`).set('Accept', 'application/x-ndjson').buffer(true).parse(text);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = (res.body as string)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((e) => e.id)).toEqual(everything.map((e) => e.id));
    const filtered = await get(`/v1/orgs/${a.organizationId}/audit-events`)
      .query({ action: 'space.created' })
      .set('Accept', 'application/x-ndjson')
      .buffer(true)
      .parse(text);
    expect(
      (filtered.body as string)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).action),
    ).toEqual(new Array(6).fill('space.created'));
  });

  it("tells a space's history, with what was done to it from elsewhere, to its admins", async () => {
    const url = `/v1/spaces/${spaceId}/audit-events`;
    const history = await all(url);
    expectMatches0202('listOrganizationAuditEvents', 200, (await get(url).expect(200)).body);
    const actions = history.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'space.created',
        'space.moved',
        'space.updated',
        'space.permission.updated',
        'change-request.created',
        'change-request.merged',
        'space.content.merged',
      ]),
    );
    expect(actions).not.toContain('team.created');
    expect((await get(url).query({ action: 'change-request.merged' }).expect(200)).body.items.map((e: any) => e.target.id)).toEqual([crId]);
    // The collection's history shows the space moving in.
    expect((await all(`/v1/orgs/${a.organizationId}/audit-events`, { target: collectionId })).map((e) => e.action)).toContain('collection.created');
    // The guest holds `edit` on the space, not admin: 403; the outsider 404.
    expect([(await get(url, guest.token)).status, (await get(url, outsider)).status]).toEqual([403, 404]);
  });

  it("tells a member's history: role changes, team memberships, grants", async () => {
    const editorHistory = await all(`/v1/orgs/${a.organizationId}/members/${editor.userId}/audit-events`);
    expect(editorHistory.map((e) => [e.action, e.target.id])).toEqual(
      expect.arrayContaining([
        ['organization.member.role.updated', editor.userId],
        ['team.member.added', teamId],
      ]),
    );
    const guestHistory = await all(`/v1/orgs/${a.organizationId}/members/${guest.userId}/audit-events`);
    expect(guestHistory.map((e) => e.action)).toEqual(expect.arrayContaining(['space.permission.updated', 'organization.member.role.updated']));
    expect(guestHistory.map((e) => e.action)).not.toContain('space.created');
  });
});

function text(res: any, cb: (e: Error | null, body: string) => void) {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (c: string) => (body += c));
  res.on('end', () => cb(null, body));
}
