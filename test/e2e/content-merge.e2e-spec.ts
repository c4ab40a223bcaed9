import { EventStore } from '@app/platform';
import { email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';
import { api, flatten, outline } from '../support/content-api';

const lines = (tag: string) => Array.from({ length: 8 }, (_, i) => `${tag} line ${i + 1}`).join('\n');

/** Merging change requests into main and updating them from main (three-way merges). */
describe('merge and update from main (e2e)', () => {
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

  /** A space whose main has pages A, B, C (8-line bodies), merged from a first change request. */
  async function seeded() {
    const space = (await a.createSpace(orgId, admin)).id as string;
    const cr = (await a.createCR(space, admin, { subject: 'Seed', status: 'open' })).body.id;
    await a.write(
      space,
      cr,
      admin,
      ['A', 'B', 'C'].map((x) => ({ operation: 'insert_page', title: x, document: { markdown: lines(x) } })),
    );
    await a.merge(space, cr, admin);
    const ids = Object.fromEntries(flatten((await a.mainPages(space, admin)).body.pages).map((p) => [p.title, p.id]));
    return { space, ids };
  }
  const open = async (space: string, subject = 'Work') => (await a.createCR(space, admin, { subject, status: 'open' })).body.id as string;
  const body = (page: { markdown: string }) => page.markdown.split('\n').slice(2).join('\n');

  it('merging advances main, sets revisionMerged, records ChangeRequestMerged and marks other change requests outdated', async () => {
    const { space, ids } = await seeded();
    const first = await open(space, 'First');
    const second = await open(space, 'Second');
    await a.write(space, first, admin, [{ operation: 'update_page', page: ids.A, document: { markdown: lines('A').replace('A line 3', 'A line 3 (first)') } }]);
    const spaceBefore = (await t.http.get(`/v1/spaces/${space}`).set({ Authorization: `Bearer ${admin}` })).body;
    const merged = (await a.merge(space, first, admin)).body;
    const cr = (await a.getCR(space, first, admin)).body;
    expect(cr).toMatchObject({ status: 'merged', revisionMerged: merged.revision, outdated: false });
    const spaceAfter = (await t.http.get(`/v1/spaces/${space}`).set({ Authorization: `Bearer ${admin}` })).body;
    expect(spaceAfter).toMatchObject({ revision: merged.revision, changeRequestsOpen: spaceBefore.changeRequestsOpen - 1 });
    expect((await a.getCR(space, second, admin)).body.outdated).toBe(true);
    expect(body((await a.mainPage(space, ids.A, admin)).body)).toContain('A line 3 (first)');
    const events = (await t.app.get(EventStore).readStream(`content.change-request-${first}`)).map((e) => e.type);
    expect(events).toEqual(['ChangeRequestCreated', 'ChangeRequestContentUpdated', 'ChangeRequestMerged']);
    // A merged change request is read-only; merging it again is refused.
    expect((await a.merge(space, first, admin)).status).toBe(412);
    expect((await a.write(space, first, admin, [{ operation: 'delete_page', page: ids.A }])).status).toBe(412);
    expect((await a.patchCR(space, first, admin, { status: 'open' })).status).toBe(412);
  });

  it('update from main merges disjoint page and line edits cleanly, through the official client', async () => {
    const { space, ids } = await seeded();
    const mine = await open(space, 'Mine');
    const theirs = await open(space, 'Theirs');
    await a.write(space, mine, admin, [
      { operation: 'update_page', page: ids.A, document: { markdown: lines('A').replace('A line 2', 'A line 2 (mine)') } },
      { operation: 'update_page', page: ids.B, title: 'B renamed' },
      { operation: 'insert_page', title: 'New in mine', document: { markdown: 'x' } },
    ]);
    await a.write(space, theirs, admin, [
      { operation: 'update_page', page: ids.A, document: { markdown: lines('A').replace('A line 7', 'A line 7 (theirs)') } },
      { operation: 'delete_page', page: ids.C },
    ]);
    await a.merge(space, theirs, admin);
    expect((await a.getCR(space, mine, admin)).body.outdated).toBe(true);
    const client = t.client(admin);
    const updated = (await client.spaces.updateChangeRequest(space, mine)).data;
    expectMatchesOperation('updateChangeRequest', 200, updated);
    expect(updated.result).toBe('update');
    const cr = (await a.getCR(space, mine, admin)).body;
    expect(cr).toMatchObject({
      revision: updated.revision,
      outdated: false,
      revisionMergedAncestor: (await a.get('getCurrentRevision', `/v1/spaces/${space}/content`, admin)).body.id,
    });
    const pages = (await a.crPages(space, mine, admin)).body.pages;
    expect(outline(pages)).toEqual(['A', 'B renamed', 'New in mine']);
    expect(body(pages[0])).toBe(lines('A').replace('A line 2', 'A line 2 (mine)').replace('A line 7', 'A line 7 (theirs)'));
    const rev = await a.get('getRevisionById', `/v1/spaces/${space}/revisions/${updated.revision}`, admin);
    expect(rev.body.type).toBe('update');
    // Up to date: updating again changes nothing and answers the same revision.
    expect((await a.update(space, mine, admin)).body).toEqual({ revision: updated.revision, result: 'update' });
    // Merging gives main exactly the change request's content.
    await a.merge(space, mine, admin);
    expect((await a.mainPages(space, admin)).body).toEqual({ pages: JSON.parse(JSON.stringify(pages).replaceAll(`/~/changes/${cr.number}`, '')) });
  });

  it('conflicting lines answer 409 naming the page and lines and quoting both sides, change nothing, and resolve by writing the resolution', async () => {
    const { space, ids } = await seeded();
    const mine = await open(space, 'Mine');
    const theirs = await open(space, 'Theirs');
    await a.write(space, mine, admin, [{ operation: 'update_page', page: ids.B, document: { markdown: lines('B').replace('B line 4', 'B line 4 (mine)') } }]);
    await a.write(space, theirs, admin, [
      { operation: 'update_page', page: ids.B, document: { markdown: lines('B').replace('B line 4', 'B line 4 (theirs)') } },
    ]);
    await a.merge(space, theirs, admin);
    const before = (await a.getCR(space, mine, admin)).body;
    const res = await a.update(space, mine, admin);
    expect(res.status).toBe(409);
    // Where (page and line of the page's markdown) and what each side wrote there.
    expect(res.body.error.message).toContain(
      `page ${ids.B} ("B"): line 6 changed on both sides (change request: "B line 4 (mine)"; main: "B line 4 (theirs)")`,
    );
    expect((await a.getCR(space, mine, admin)).body).toEqual(before);
    // Merging the outdated change request meets the same conflict and changes nothing either.
    const mergeRes = await a.merge(space, mine, admin);
    expect(mergeRes.status).toBe(409);
    expect(mergeRes.body.error.message).toContain('line 6 changed on both sides (change request: "B line 4 (mine)"; main: "B line 4 (theirs)")');
    // Resolve: write the combined lines into the change request, then update preferring them.
    await a.write(space, mine, admin, [
      { operation: 'update_page', page: ids.B, document: { markdown: lines('B').replace('B line 4', 'B line 4 (mine + theirs)') } },
    ]);
    const resolved = await t.http
      .post(`/v1/spaces/${space}/change-requests/${mine}/update`)
      .query({ resolution: 'change-request' })
      .set({ Authorization: `Bearer ${admin}` });
    expectMatchesOperation('updateChangeRequest', 200, resolved.body);
    expect(body((await a.crPage(space, mine, ids.B, admin)).body)).toContain('B line 4 (mine + theirs)');
    expect((await a.merge(space, mine, admin)).status).toBe(200);
    expect(body((await a.mainPage(space, ids.B, admin)).body)).toContain('B line 4 (mine + theirs)');
  });

  it('an outdated change request without conflicts merges with a three-way merge (parents: main, change request)', async () => {
    const { space, ids } = await seeded();
    const mine = await open(space, 'Mine');
    const theirs = await open(space, 'Theirs');
    await a.write(space, mine, admin, [{ operation: 'update_page', page: ids.A, title: 'A (mine)' }]);
    await a.write(space, theirs, admin, [{ operation: 'update_page', page: ids.C, title: 'C (theirs)' }]);
    const afterTheirs = (await a.merge(space, theirs, admin)).body.revision;
    const mineHead = (await a.getCR(space, mine, admin)).body.revision;
    const merged = (await t.client(admin).spaces.mergeChangeRequest(space, mine)).data;
    expectMatchesOperation('mergeChangeRequest', 200, merged);
    expect(outline((await a.mainPages(space, admin)).body.pages)).toEqual(['A (mine)', 'B', 'C (theirs)']);
    expect((await a.get('getRevisionById', `/v1/spaces/${space}/revisions/${merged.revision}`, admin)).body.parents).toEqual([afterTheirs, mineHead]);
  });

  it('a merge refused by merge rules names the missing reviewers by display name', async () => {
    const { space } = await seeded();
    const [bob] = await t.cli('user', 'create', '--email', email('bob'), '--name', 'Bob Reviewer', '--org', orgId, '--role', 'review');
    const [dan] = await t.cli('user', 'create', '--email', email('dan'), '--name', 'Dan Reviewer', '--org', orgId, '--role', 'review');
    const rules = [
      { rule: 'require_specific_reviewers', users: [bob.userId, dan.userId] },
      { rule: 'require_one_of_specific_reviewers', users: [dan.userId, 'gone-user'] },
    ];
    await t.http
      .patch(`/v1/spaces/${space}`)
      .set({ Authorization: `Bearer ${admin}` })
      .send({ mergeRules: { type: 'rules', rules } })
      .expect(200);
    const cr = await open(space);
    await a.send('submitChangeRequestReview', 'post', `/v1/spaces/${space}/change-requests/${cr}/reviews`, bob.token, { status: 'approved' });
    const refused = await a.merge(space, cr, admin);
    expect(refused.status).toBe(412);
    expect(refused.body.error.message).toContain('require_specific_reviewers: needs an approval from Dan Reviewer;');
    // An id that names no user stays an id.
    expect(refused.body.error.message).toContain('require_one_of_specific_reviewers: needs an approval from one of Dan Reviewer, gone-user');
    expect(refused.body.error.message).not.toContain(dan.userId);
  });

  it('a locked space refuses merges (412) but change requests can still be prepared', async () => {
    const { space, ids } = await seeded();
    const cr = await open(space);
    await t.http
      .patch(`/v1/spaces/${space}`)
      .set({ Authorization: `Bearer ${admin}` })
      .send({ editMode: 'locked' })
      .expect(200);
    expect((await a.write(space, cr, admin, [{ operation: 'update_page', page: ids.A, title: 'A2' }])).status).toBe(200);
    const res = await a.merge(space, cr, admin);
    expect(res.status).toBe(412);
    expect(res.body.error.message).toMatch(/locked/);
    await t.http
      .patch(`/v1/spaces/${space}`)
      .set({ Authorization: `Bearer ${admin}` })
      .send({ editMode: 'live' })
      .expect(200);
    expect((await a.merge(space, cr, admin)).status).toBe(200);
  });

  it('duplicating a space copies its main content (a saga reacting to SpaceCreated)', async () => {
    const { space } = await seeded();
    const copy = (
      await t.http
        .post(`/v1/spaces/${space}/duplicate`)
        .set({ Authorization: `Bearer ${admin}` })
        .expect(201)
    ).body;
    await t.engine.drain();
    const pages = (await a.mainPages(copy.id, admin)).body.pages;
    expect(outline(pages)).toEqual(['A', 'B', 'C']);
    const copied = (await t.http.get(`/v1/spaces/${copy.id}`).set({ Authorization: `Bearer ${admin}` })).body;
    const revision = (await a.get('getCurrentRevision', `/v1/spaces/${copy.id}/content`, admin)).body;
    expect(copied.revision).toBe(revision.id);
    // The copy is independent: editing it leaves the source unchanged.
    const cr = await open(copy.id);
    await a.write(copy.id, cr, admin, [{ operation: 'delete_page', page: pages[0].id }]);
    await a.merge(copy.id, cr, admin);
    expect(outline((await a.mainPages(copy.id, admin)).body.pages)).toEqual(['B', 'C']);
    expect(outline((await a.mainPages(space, admin)).body.pages)).toEqual(['A', 'B', 'C']);
  });

  it('concurrent batches on one change request all land (recomputed on the moved head); concurrent merges serialize', async () => {
    const { space, ids } = await seeded();
    const cr = await open(space);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => a.write(space, cr, admin, [{ operation: 'insert_page', title: `Parallel ${i}`, document: { markdown: `${i}` } }])),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(outline((await a.crPages(space, cr, admin)).body.pages).sort()).toEqual(
      ['A', 'B', 'C', ...Array.from({ length: 6 }, (_, i) => `Parallel ${i}`)].sort(),
    );
    const crs = await Promise.all(
      ['A', 'B', 'C'].map(async (x) => {
        const id = await open(space, x);
        await a.write(space, id, admin, [{ operation: 'update_page', page: ids[x], title: `${x} merged` }]);
        return id;
      }),
    );
    const merges = await Promise.all(crs.map((id) => a.merge(space, id, admin)));
    expect(merges.map((m) => m.status)).toEqual([200, 200, 200]);
    expect(outline((await a.mainPages(space, admin)).body.pages)).toEqual(['A merged', 'B merged', 'C merged']);
    const revisions = new Set(merges.map((m) => m.body.revision));
    expect(revisions.size).toBe(3);
  });
});

describe('content after a restart (e2e)', () => {
  it('reads and writes content from the stores alone: caches are only caches', async () => {
    const first = await startTestApp();
    const { dataDir, clock } = first;
    const a1 = api(first);
    const { organizationId, token } = await first.bootstrap('Acme', email('admin'));
    const space = (await a1.createSpace(organizationId, token)).id;
    const cr = (await a1.createCR(space, token, { subject: 'Before', status: 'open' })).body.id;
    await a1.write(space, cr, token, [{ operation: 'insert_page', title: 'Kept', document: { markdown: lines('K') } }]);
    await first.app.close();
    const second = await startTestApp({ dataDir, clock });
    try {
      const a2 = api(second);
      const page = (await a2.crPages(space, cr, token)).body.pages[0];
      expect(page.markdown).toBe(`# Kept\n\n${lines('K')}`);
      await a2.write(space, cr, token, [
        { operation: 'update_page', page: page.id, document: { markdown: lines('K').replace('K line 1', 'K line 1 (after restart)') } },
      ]);
      expect((await a2.merge(space, cr, token)).status).toBe(200);
      expect((await a2.mainPages(space, token)).body.pages[0].markdown).toContain('K line 1 (after restart)');
    } finally {
      await second.close();
      require('fs').rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
