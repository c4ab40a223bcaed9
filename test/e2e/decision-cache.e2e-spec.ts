import { InvalidatingCache } from '@app/platform';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';

/**
 * Authorization answers are cached in memory (token → principal, member role, default role, the
 * member's teams, the collections above a space) and dropped by the projections that apply the
 * events changing them. Under load — several loops reading a space as a member — every change of
 * access must be answered by every request that starts after the change returned (its HTTP
 * response, or the CLI command), and so must every grant given back.
 */
describe('decision cache: revoking and granting again under load (e2e)', () => {
  let t: TestApp;
  let cache: InvalidatingCache;
  let orgId: string;
  let admin: string;
  let member: { userId: string; tokenId: string; token: string; email: string };
  let collection: string;
  let space: string;
  let team: string;

  /** What a GET of the space answered. */
  interface Answer {
    start: number;
    end: number;
    status: number;
    edit?: boolean;
    token: string;
  }
  /** A change of access and what every GET that starts after it returned must answer. */
  interface Step {
    name: string;
    change: () => Promise<unknown>;
    expect: { status: number; edit?: boolean };
    /** The token the loops use from then on (a token given back). */
    token?: () => string;
  }
  const LOOPS = 4;
  /** GETs that must start after each change returned (and complete) before the next change. */
  const AFTER_EACH = 24;

  const admin$ = () => bearer(admin);
  const ok = (status: number) => (res: { status: number; body: unknown }) => {
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
    return res;
  };

  beforeAll(async () => {
    t = await startTestApp();
    cache = t.app.get(InvalidatingCache);
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Cache Org', email('ada')));
    const mail = email('mia');
    const [m] = await t.cli('user', 'create', '--email', mail, '--name', 'Mia Member', '--org', orgId, '--role', 'read');
    member = { ...m, email: mail };
    collection = (await t.http.post(`/v1/orgs/${orgId}/collections`).set(admin$()).send({ title: 'Handbook' }).then(ok(201))).body.id;
    space = (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(admin$()).send({ title: 'Policies', parent: collection }).then(ok(201))).body.id;
    team = (await t.http.put(`/v1/orgs/${orgId}/teams`).set(admin$()).send({ title: 'Readers' }).then(ok(201))).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * Runs the steps one after the other while LOOPS loops GET the space as the member, and checks
   * that every GET started after a step's change returned (and answered before the next change
   * began) answers that step's decision.
   */
  async function underLoad(initial: Step['expect'], steps: Step[]): Promise<void> {
    let token = () => member.token;
    const answers: Answer[] = [];
    let running = true;
    const loop = async () => {
      while (running) {
        const tok = token();
        const start = performance.now();
        const res = await t.http.get(`/v1/spaces/${space}`).set(bearer(tok));
        answers.push({
          start,
          end: performance.now(),
          status: res.status,
          edit: (res.body as { permissions?: { edit?: boolean } })?.permissions?.edit,
          token: tok,
        });
      }
    };
    /** Waits until `n` GETs that started after `since` have answered. */
    const answeredAfter = async (since: number, n: number) => {
      const deadline = Date.now() + 30_000;
      while (answers.filter((a) => a.start >= since).length < n) {
        if (Date.now() > deadline) throw new Error(`fewer than ${n} answers after ${since}`);
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    const windows: Array<{ name: string; from: number; to: number; expect: Step['expect']; token: string }> = [];
    const hitsBefore = cache.stats().reduce((n, r) => n + r.hits, 0);
    const loops = Array.from({ length: LOOPS }, loop);
    try {
      const begin = performance.now();
      await answeredAfter(begin, AFTER_EACH);
      let current = { name: 'initially', from: begin, expect: initial, token: member.token };
      for (const step of steps) {
        const changing = performance.now();
        windows.push({ ...current, to: changing });
        await step.change();
        if (step.token) token = step.token;
        const returned = performance.now();
        current = { name: step.name, from: returned, expect: step.expect, token: token() };
        await answeredAfter(returned, AFTER_EACH);
      }
      windows.push({ ...current, to: performance.now() });
    } finally {
      running = false;
      await Promise.all(loops);
    }
    const wrong: string[] = [];
    for (const w of windows) {
      // Started once the change had returned, answered before the next one began (a GET still
      // running when the next change starts may answer either decision).
      const inWindow = answers.filter((a) => a.start >= w.from && a.end <= w.to && a.token === w.token);
      // Each decision was asked often (while the previous one may have been cached).
      expect(inWindow.length).toBeGreaterThanOrEqual(AFTER_EACH);
      for (const a of inWindow) {
        const edit = w.expect.edit === undefined ? undefined : a.edit;
        if (a.status !== w.expect.status || edit !== w.expect.edit)
          wrong.push(`${w.name}: GET started ${(a.start - w.from).toFixed(1)} ms after the change answered ${a.status} (edit ${a.edit})`);
      }
    }
    expect(wrong).toEqual([]);
    // The answers came from the cache for the most part (else this tests nothing of it).
    expect(cache.stats().reduce((n, r) => n + r.hits, 0) - hitsBefore).toBeGreaterThan(answers.length);
  }

  const setRole = (role: string | null) => () => t.http.patch(`/v1/orgs/${orgId}/members/${member.userId}`).set(admin$()).send({ role }).then(ok(200));

  it('the cache serves this process (it runs the projections)', () => {
    expect(cache.enabled).toBe(true);
  });

  it('(a) the organization role: changed, taken away, given back; the member removed and added again', async () => {
    await underLoad({ status: 200, edit: false }, [
      { name: 'role edit', change: setRole('edit'), expect: { status: 200, edit: true } },
      { name: 'guest (role null)', change: setRole(null), expect: { status: 404 } },
      { name: 'role read again', change: setRole('read'), expect: { status: 200, edit: false } },
      {
        name: 'member removed',
        change: () => t.http.delete(`/v1/orgs/${orgId}/members/${member.userId}`).set(admin$()).then(ok(205)),
        expect: { status: 404 },
      },
      {
        name: 'member added again (CLI)',
        change: () => t.cli('user', 'create', '--email', member.email, '--name', 'Mia Member', '--if-absent', '--org', orgId, '--role', 'read'),
        expect: { status: 200, edit: false },
      },
    ]);
  });

  it('(b) a team that grants access to the space’s collection: the member leaves it and comes back; the grant goes and comes back', async () => {
    // Access only through the team: a guest in the organization, in a team with read on the collection.
    await setRole(null)();
    await t.http.put(`/v1/orgs/${orgId}/teams/${team}/members/${member.userId}`).set(admin$()).send({}).then(ok(204));
    await t.http
      .post(`/v1/collections/${collection}/permissions`)
      .set(admin$())
      .send({ role: 'read', teams: [team] })
      .then(ok(204));
    const grant = (role: string) => () =>
      t.http
        .post(`/v1/collections/${collection}/permissions`)
        .set(admin$())
        .send({ role, teams: [team] })
        .then(ok(204));
    await underLoad({ status: 200, edit: false }, [
      {
        name: 'removed from the team',
        change: () => t.http.delete(`/v1/orgs/${orgId}/teams/${team}/members/${member.userId}`).set(admin$()).then(ok(205)),
        expect: { status: 404 },
      },
      {
        name: 'back in the team',
        change: () => t.http.put(`/v1/orgs/${orgId}/teams/${team}/members/${member.userId}`).set(admin$()).send({}).then(ok(204)),
        expect: { status: 200, edit: false },
      },
      { name: 'team grant raised to edit', change: grant('edit'), expect: { status: 200, edit: true } },
      {
        name: 'team grant removed from the collection',
        change: () => t.http.delete(`/v1/collections/${collection}/permissions/teams/${team}`).set(admin$()).then(ok(205)),
        expect: { status: 404 },
      },
      { name: 'team granted read again', change: grant('read'), expect: { status: 200, edit: false } },
    ]);
    await setRole('read')();
  });

  it('(c) the API token: revoked with the CLI, then a new one issued', async () => {
    let fresh = '';
    await underLoad({ status: 200 }, [
      { name: 'token revoked (CLI)', change: () => t.cli('token', 'revoke', '--id', member.tokenId), expect: { status: 401 } },
      {
        name: 'new token (CLI)',
        change: async () => {
          [{ token: fresh }] = await t.cli('token', 'create', '--user', member.userId, '--name', 'again');
        },
        token: () => fresh,
        expect: { status: 200 },
      },
    ]);
  });
});
