import fc from 'fast-check';
import { randomUUID } from 'crypto';
import { AsOfReaders } from '@app/platform';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { api, flatten, Res } from '../support/content-api';

type Step = { kind: 'create'; open: boolean } | { kind: 'rename' | 'write' | 'merge' | 'close' | 'reopen' | 'update'; pick: number; text: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), open: fc.boolean() }),
  fc.record({
    kind: fc.constantFrom('rename' as const, 'write' as const, 'merge' as const, 'close' as const, 'reopen' as const, 'update' as const),
    pick: fc.nat(),
    text: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim().length > 0 && !/[\u0000-\u001f]/.test(s)),
  }),
);

/** Change requests and space content as of a point (issue 19, Deliver 3, content part). */
describe('time travel: change requests and space content (e2e)', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let orgId: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = api(t);
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
  });
  afterAll(async () => t?.close());

  const crUrl = (space: string, cr: string) => `/v1/spaces/${space}/change-requests/${cr}`;
  const contentUrl = (space: string) => `/v1/spaces/${space}/content`;
  const pageUrl = (space: string, page: string) => `/v1/spaces/${space}/content/page/${page}`;
  const spaceUrl = (space: string) => `/v1/spaces/${space}`;
  const operation = (url: string) =>
    url.includes('/change-requests/')
      ? 'getChangeRequestById'
      : url.includes('/page/')
        ? 'getPageById'
        : url.endsWith('/content')
          ? 'getCurrentRevision'
          : 'getSpaceById';
  const now = () => t.clock.now().toISOString();

  /** One step of writes (any refusal is an answer too: what was recorded is what GET said afterwards). */
  async function run(space: string, crs: string[], s: Step): Promise<void> {
    if (s.kind === 'create') {
      crs.push((await a.createCR(space, admin, { subject: 'Work', status: s.open ? 'open' : 'draft' })).body.id);
      return;
    }
    if (!crs.length) return;
    const cr = crs[s.pick % crs.length];
    if (s.kind === 'rename') await a.patchCR(space, cr, admin, { subject: s.text, description: `Why: ${s.text}` });
    if (s.kind === 'write') await a.write(space, cr, admin, [{ operation: 'insert_page', title: s.text, document: { markdown: `Body ${s.text}` } }]);
    if (s.kind === 'merge') await a.merge(space, cr, admin);
    if (s.kind === 'close') await a.patchCR(space, cr, admin, { status: 'archived' });
    if (s.kind === 'reopen') await a.patchCR(space, cr, admin, { status: 'open' });
    if (s.kind === 'update') await a.update(space, cr, admin);
  }

  /** The organization's newest audit event: `asOf` its id means just after it. */
  const newestAuditEvent = async () =>
    (await t.http.get(`/v1/orgs/${orgId}/audit-events`).query({ limit: 1 }).set(bearer(admin)).expect(200)).body.items[0].id as string;

  it('every GET answer recorded while writing is what the same GET answers with asOf that instant, or that audit event', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        const space = (await a.createSpace(orgId, admin)).id as string;
        const crs: string[] = [];
        const seen: Array<{ url: string; at: string; event: string; body: unknown }> = [];
        for (const s of [{ kind: 'create', open: true } as Step, ...steps]) {
          t.clock.advance(1_000);
          await run(space, crs, s);
          const event = await newestAuditEvent();
          const main = (await a.get('getCurrentRevision', contentUrl(space), admin)).body;
          seen.push({ url: contentUrl(space), at: now(), event, body: main });
          // The space's content figures (revision, change request counts) are content's answer as of then too.
          for (const url of [spaceUrl(space), ...crs.map((cr) => crUrl(space, cr)), ...flatten(main.pages).map((p) => pageUrl(space, p.id))]) {
            seen.push({ url, at: now(), event, body: (await a.get(operation(url), url, admin)).body });
          }
        }
        t.clock.advance(1_000);
        for (const { url, at, event, body } of seen) {
          for (const asOf of [at, event]) {
            const res: Res = await a.get(operation(url), url, admin, { asOf });
            expect({ url, asOf, status: res.status, header: res.headers['x-as-of'], body: res.body }).toEqual({ url, asOf, status: 200, header: asOf, body });
          }
        }
      }),
      { numRuns: 4 },
    );
  });

  it('a change request asked by its number, and the merge it went into, read as they were', async () => {
    const space = (await a.createSpace(orgId, admin)).id as string;
    t.clock.advance(1_000);
    const cr = (await a.createCR(space, admin, { subject: 'Numbered', status: 'open' })).body;
    await a.write(space, cr.id, admin, [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello' } }]);
    const before = now();
    const openThen = (await a.getCR(space, String(cr.number), admin)).body;
    t.clock.advance(1_000);
    await a.merge(space, cr.id, admin);
    const merged = (await a.get('getCurrentRevision', contentUrl(space), admin)).body;
    t.clock.advance(1_000);
    expect((await a.get('getChangeRequestById', crUrl(space, String(cr.number)), admin, { asOf: before })).body).toEqual(openThen);
    const mainThen = await a.get('getCurrentRevision', contentUrl(space), admin, { asOf: t.clock.now().toISOString() });
    expect(mainThen.body).toEqual(merged);
    expect(mainThen.body.mergedFrom).toMatchObject({ id: cr.id, status: 'merged' });
    // The page merged then did not exist before it: 404 as of then, the page as of after.
    const intro = merged.pages[0].id as string;
    expect((await a.get('getPageById', pageUrl(space, intro), admin, { asOf: before })).status).toBe(404);
    const page = await a.get('getPageById', pageUrl(space, intro), admin, { asOf: now(), format: 'document' });
    expect(page.headers['x-as-of']).toBe(now());
    expect(page.body).toEqual((await a.get('getPageById', pageUrl(space, intro), admin, { format: 'document' })).body);
  });

  it("the as-of readers (a webhook's object) answer what the GETs answered then, null before", async () => {
    const readers = t.app.get(AsOfReaders);
    const at = (instant: string) => ({ label: instant, instant });
    const early = now();
    t.clock.advance(1_000);
    const space = (await a.createSpace(orgId, admin)).id as string;
    const cr = (await a.createCR(space, admin, { subject: 'Read', status: 'open' })).body.id as string;
    await a.write(space, cr, admin, [{ operation: 'insert_page', title: 'One', document: { markdown: 'One' } }]);
    const merged = (await a.merge(space, cr, admin)).body.revision as string;
    const then = now();
    const answers = {
      cr: (await a.getCR(space, cr, admin)).body,
      content: (await a.get('getCurrentRevision', contentUrl(space), admin)).body,
      revision: (await a.get('getRevisionById', `/v1/spaces/${space}/revisions/${merged}`, admin)).body,
    };
    t.clock.advance(1_000);
    await a.write(space, (await a.createCR(space, admin, { subject: 'Later', status: 'open' })).body.id, admin, [
      { operation: 'insert_page', title: 'Two', document: { markdown: 'Two' } },
    ]);
    expect(await readers.read('change-request', cr, at(then))).toEqual(answers.cr);
    expect(await readers.read('space-content', space, at(then))).toEqual(answers.content);
    expect(await readers.read('revision', merged, at(then))).toEqual(answers.revision);
    for (const [type, id] of [
      ['change-request', cr],
      ['space-content', space],
      ['revision', merged],
    ])
      expect({ type, answer: await readers.read(type, id, at(early)) }).toEqual({ type, answer: null });
  });

  it('404 before the change request or the space existed; the caller needs read access now', async () => {
    const early = now();
    t.clock.advance(1_000);
    const space = (await a.createSpace(orgId, admin)).id as string;
    const spaceOnly = now();
    t.clock.advance(1_000);
    const cr = (await a.createCR(space, admin, { subject: 'Later' })).body.id as string;
    t.clock.advance(1_000);
    expect((await a.get('getChangeRequestById', crUrl(space, cr), admin, { asOf: spaceOnly })).status).toBe(404);
    expect((await a.get('getCurrentRevision', contentUrl(space), admin, { asOf: spaceOnly })).status).toBe(200);
    expect((await a.get('getCurrentRevision', contentUrl(space), admin, { asOf: early })).status).toBe(404);
    expect((await a.get('getChangeRequestById', crUrl(space, cr), admin, { asOf: early })).status).toBe(404);
    const { token: outsider } = await t.bootstrap('Elsewhere', email('outsider'));
    expect((await a.get('getChangeRequestById', crUrl(space, cr), outsider, { asOf: now() })).status).toBe(404);
    expect((await a.get('getCurrentRevision', contentUrl(space), outsider, { asOf: now() })).status).toBe(404);
  });

  it('a future, malformed or unknown asOf answers 400 naming asOf; the header is absent without asOf', async () => {
    const space = (await a.createSpace(orgId, admin)).id as string;
    const cr = (await a.createCR(space, admin, { subject: 'Bad' })).body.id as string;
    const future = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    for (const url of [crUrl(space, cr), contentUrl(space), pageUrl(space, 'any')]) {
      for (const asOf of [future, 'yesterday', '2026-13-45T99:00:00Z', randomUUID(), '']) {
        const res = await t.http.get(url).query({ asOf }).set(bearer(admin));
        expect({ asOf, status: res.status }).toEqual({ asOf, status: 400 });
        expect(res.body.error.message).toMatch(/^asOf: /);
      }
      const twice = await t.http.get(`${url}?asOf=${encodeURIComponent(now())}&asOf=${encodeURIComponent(now())}`).set(bearer(admin));
      expect(twice.status).toBe(400);
      expect(twice.body.error.message).toMatch(/^asOf: /);
      const plain = await t.http.get(url).set(bearer(admin));
      expect(plain.status).toBe(url.endsWith('/any') ? 404 : 200);
      expect(plain.headers['x-as-of']).toBeUndefined();
    }
  });
});
