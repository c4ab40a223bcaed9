import fc from 'fast-check';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

type U = { userId: string; token: string };
type Recorded = { path: string; token: string; instant: string; eventId: string; status: number; body: unknown };

/**
 * Time travel on organizations and spaces: a property test writes (renames, moves, grants,
 * revocations, role and default-role changes, team memberships), records what the GETs answer
 * after each step, then asks each GET again with `asOf` and expects the very same answer.
 */
describe('time travel: organizations and spaces (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: U;
  let writer: U; // a member with the read role, in the team
  let guest: U; // not a member
  let team: string;
  let collA: string;
  let collB: string;
  let spaceId: string;

  const get = (path: string, token = admin.token, query: Record<string, string> = {}) => t.http.get(`/v1${path}`).set(bearer(token)).query(query);
  const write = async (method: 'post' | 'patch' | 'put' | 'delete', path: string, body?: object) => {
    const req = t.http[method](`/v1${path}`).set(bearer(admin.token));
    const res = await (body ? req.send(body) : req);
    // A no-op move answers 409: the history simply has no step there.
    expect([200, 201, 204, 205, 409]).toContain(res.status);
  };

  beforeAll(async () => {
    t = await startTestApp();
    const boot = await t.bootstrap('Travel Org', email('ada'));
    orgId = boot.organizationId;
    admin = { userId: boot.userId, token: boot.token };
    [writer] = await t.cli('user', 'create', '--email', email('will'), '--name', 'Will Writer', '--org', orgId, '--role', 'read');
    [guest] = await t.cli('user', 'create', '--email', email('gus'), '--name', 'Gus Guest');
    team = (
      await t.http
        .put(`/v1/orgs/${orgId}/teams`)
        .set(bearer(admin.token))
        .send({ title: 'Writers', members: [writer.userId] })
    ).body.id;
    collA = (await t.http.post(`/v1/orgs/${orgId}/collections`).set(bearer(admin.token)).send({ title: 'A' })).body.id;
    collB = (await t.http.post(`/v1/orgs/${orgId}/collections`).set(bearer(admin.token)).send({ title: 'B' })).body.id;
    spaceId = (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin.token)).send({ title: 'Handbook', parent: collA })).body.id;
    t.clock.advance(1000);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const reads = (): Array<[string, U]> => [
    [`/spaces/${spaceId}`, admin],
    [`/spaces/${spaceId}`, writer],
    [`/orgs/${orgId}`, admin],
    [`/orgs/${orgId}`, writer],
    [`/collections/${collA}`, writer],
    [`/collections/${collB}`, admin],
    [`/orgs/${orgId}/teams/${team}`, writer],
    [`/orgs/${orgId}/members`, admin],
    [`/spaces/${spaceId}/permissions/users`, admin],
    [`/spaces/${spaceId}/permissions/teams`, admin],
    [`/spaces/${spaceId}/permissions/aggregate`, admin],
    [`/collections/${collA}/permissions/aggregate`, admin],
    [`/collections/${collB}/permissions/teams`, admin],
  ];

  const roles = fc.constantFrom('read', 'comment', 'edit', 'review', 'admin');
  const step = fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }).map((title) => () => write('patch', `/spaces/${spaceId}`, { title })),
    fc
      .constantFrom(
        () => collA,
        () => collB,
      )
      .map((to) => () => write('post', `/spaces/${spaceId}/move`, { parent: to() })),
    fc.tuple(roles, fc.constantFrom('space', 'collA', 'collB')).map(
      ([role, on]) =>
        () =>
          write('post', `${target(on)}/permissions`, { role, users: [guest.userId] }),
    ),
    fc.constantFrom('space', 'collA').map((on) => () => write('delete', `${target(on)}/permissions/users/${guest.userId}`)),
    fc.tuple(roles, fc.constantFrom('space', 'collB')).map(
      ([role, on]) =>
        () =>
          write('post', `${target(on)}/permissions`, { role, teams: [team] }),
    ),
    fc.constantFrom('read', 'edit', null).map((role) => () => write('patch', `/orgs/${orgId}/members/${writer.userId}`, { role })),
    fc.boolean().map((join) => () => write(join ? 'put' : 'delete', `/orgs/${orgId}/teams/${team}/members/${writer.userId}`, join ? {} : undefined)),
    fc.constantFrom('read', 'comment', null).map((defaultRole) => () => write('patch', `/orgs/${orgId}`, { defaultRole })),
  );
  const target = (on: string) => (on === 'space' ? `/spaces/${spaceId}` : `/collections/${on === 'collA' ? collA : collB}`);

  it('answers every GET recorded after each write the same when asked with asOf (an instant or an audit event id)', async () => {
    const recorded: Recorded[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 5 }), async (steps) => {
        for (const run of steps) {
          await run();
          const instant = t.clock.now().toISOString();
          // The newest audit event of the organization: `asOf` it means just after it.
          const audit = await get(`/orgs/${orgId}/audit-events`, admin.token, { limit: '1' });
          expect(audit.status).toBe(200);
          const eventId = audit.body.items[0].id as string;
          for (const [path, who] of reads()) {
            const res = await get(path, who.token);
            recorded.push({ path, token: who.token, instant, eventId, status: res.status, body: res.body });
          }
          // The next write happens strictly later: an instant names exactly one step.
          t.clock.advance(1000);
        }
      }),
      { numRuns: 4 },
    );
    let compared = 0;
    for (const r of recorded) {
      const now = await get(r.path, r.token);
      // The caller needs read access now: only what they may read now is asked of the past.
      if (r.status !== 200 || now.status !== 200) continue;
      for (const asOf of [r.instant, r.eventId]) {
        const past = await get(r.path, r.token, { asOf });
        expect({ path: r.path, asOf, status: past.status, body: past.body }).toEqual({ path: r.path, asOf, status: 200, body: r.body });
        expect(past.headers['x-as-of']).toBe(asOf);
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(recorded.length / 2);
  }, 120_000);

  it('answers bodies valid for the reference operations', async () => {
    const at = t.clock.now().toISOString();
    expectMatchesOperation('getSpaceById', 200, (await get(`/spaces/${spaceId}`, admin.token, { asOf: at })).body);
    expectMatchesOperation('getOrganizationById', 200, (await get(`/orgs/${orgId}`, admin.token, { asOf: at })).body);
    expectMatchesOperation('getCollectionById', 200, (await get(`/collections/${collA}`, admin.token, { asOf: at })).body);
    expectMatchesOperation('getTeamInOrganizationById', 200, (await get(`/orgs/${orgId}/teams/${team}`, admin.token, { asOf: at })).body);
  });

  it('answers 400 naming asOf when it is malformed, in the future or an unknown event id', async () => {
    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    for (const asOf of ['yesterday', '2026-13-45T00:00:00Z', future, '00000000-0000-4000-8000-000000000000', '']) {
      for (const path of [`/spaces/${spaceId}`, `/orgs/${orgId}`, `/orgs/${orgId}/members`, `/spaces/${spaceId}/permissions/aggregate`]) {
        const res = await get(path, admin.token, { asOf });
        expect({ asOf, path, status: res.status }).toEqual({ asOf, path, status: 400 });
        expect(res.body.error.message).toMatch(/^asOf: /);
      }
    }
  });

  it('answers 404 for a resource that did not exist at the point, and for callers who cannot read it now', async () => {
    const before = t.clock.now().toISOString();
    t.clock.advance(1000);
    const fresh = (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin.token)).send({ title: 'Later' })).body.id;
    const coll = (await t.http.post(`/v1/orgs/${orgId}/collections`).set(bearer(admin.token)).send({ title: 'Later' })).body.id;
    expect((await get(`/spaces/${fresh}`, admin.token, { asOf: before })).status).toBe(404);
    expect((await get(`/collections/${coll}`, admin.token, { asOf: before })).status).toBe(404);
    expect((await get(`/spaces/${fresh}/permissions/users`, admin.token, { asOf: before })).status).toBe(404);
    const outsider = await t.bootstrap('Elsewhere', email('otto'));
    expect((await get(`/orgs/${orgId}`, outsider.token, { asOf: before })).status).toBe(404);
    expect((await get(`/spaces/${spaceId}`, outsider.token, { asOf: before })).status).toBe(404);
    t.clock.advance(1000);
  });

  it('reads a deleted space as of before its deletion for those who may restore it, not for readers', async () => {
    const doomed = (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin.token)).send({ title: 'Doomed' })).body.id;
    await t.http.patch(`/v1/orgs/${orgId}`).set(bearer(admin.token)).send({ defaultRole: 'read' });
    const alive = await get(`/spaces/${doomed}`, admin.token);
    const before = t.clock.now().toISOString();
    t.clock.advance(1000);
    expect((await t.http.delete(`/v1/spaces/${doomed}`).set(bearer(admin.token))).status).toBe(205);
    const after = t.clock.now().toISOString();
    const past = await get(`/spaces/${doomed}`, admin.token, { asOf: before });
    expect(past.status).toBe(200);
    expect(past.body).toEqual(alive.body);
    expect((await get(`/spaces/${doomed}`, admin.token, { asOf: after })).status).toBe(404);
    expect((await get(`/spaces/${doomed}`, writer.token, { asOf: before })).status).toBe(404);
    t.clock.advance(1000);
  });

  it('ignores asOf where time travel is not offered, as any unknown query parameter', async () => {
    const res = await get(`/orgs/${orgId}/spaces`, admin.token, { asOf: 'not-a-date' });
    expect(res.status).toBe(200);
    expect(res.headers['x-as-of']).toBeUndefined();
  });
});
