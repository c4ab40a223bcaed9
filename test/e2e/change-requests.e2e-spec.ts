import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';
import { api } from '../support/content-api';

/** Change requests: lifecycle, numbering, listings, space counters. */
describe('change requests (e2e)', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let orgId: string;
  let admin: string;
  let adminId: string;
  let editor: string;
  let editorId: string;
  let reader: string;
  let outsider: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = api(t);
    ({ organizationId: orgId, token: admin, userId: adminId } = await t.bootstrap('Acme', email('admin')));
    [{ token: editor, userId: editorId }] = await t.cli('user', 'create', '--email', email('ed'), '--name', 'Eddie Editor', '--org', orgId, '--role', 'edit');
    [{ token: reader }] = await t.cli('user', 'create', '--email', email('rd'), '--name', 'Rita Reader', '--org', orgId, '--role', 'read');
    ({ token: outsider } = await t.bootstrap('Other', email('out')));
  });
  afterAll(async () => t?.close());

  const spaceView = async (id: string) => (await t.http.get(`/v1/spaces/${id}`).set(bearer(admin))).body;

  it('creates numbered change requests (201, Location), drafts by default, and keeps the space counters exact', async () => {
    const space = (await a.createSpace(orgId, admin)).id;
    const first = await a.createCR(space, admin, { subject: 'Fix typos' });
    expect(first.status).toBe(201);
    expect(first.headers.location).toBe(`${t.baseUrl}/v1/spaces/${space}/change-requests/${first.body.id}`);
    expect(first.body).toMatchObject({
      object: 'change-request',
      number: 1,
      status: 'draft',
      subject: 'Fix typos',
      space,
      outdated: false,
      comments: 0,
      createdBy: { id: adminId },
    });
    expect(first.body.revision).toBe(first.body.revisionInitial);
    expect(first.body.revisionInitial).toBe((await spaceView(space)).revision);
    const client = t.client(editor);
    const second = (await client.spaces.createChangeRequest(space, { subject: 'New guide', status: 'open' } as any)).data;
    expectMatchesOperation('createChangeRequest', 201, second);
    expect(second).toMatchObject({ number: 2, status: 'open', createdBy: { id: editorId } });
    expect(await spaceView(space)).toMatchObject({ changeRequests: 2, changeRequestsOpen: 1, changeRequestsDraft: 1 });
    await a.patchCR(space, first.body.id, admin, { status: 'open' });
    expect(await spaceView(space)).toMatchObject({ changeRequests: 2, changeRequestsOpen: 2, changeRequestsDraft: 0 });
    await a.patchCR(space, '2', admin, { status: 'archived' });
    expect(await spaceView(space)).toMatchObject({ changeRequests: 2, changeRequestsOpen: 1, changeRequestsDraft: 0 });
    await a.merge(space, '1', admin);
    expect(await spaceView(space)).toMatchObject({ changeRequests: 2, changeRequestsOpen: 0, changeRequestsDraft: 0 });
  });

  it('gets by id or by number, and answers 404 for other spaces, outsiders and unknown ids', async () => {
    const space = (await a.createSpace(orgId, admin)).id;
    const other = (await a.createSpace(orgId, admin)).id;
    const cr = (await a.createCR(space, admin, { subject: 'S' })).body;
    expect((await a.getCR(space, cr.id, admin)).body.id).toBe(cr.id);
    expect((await a.getCR(space, '1', reader)).body.id).toBe(cr.id);
    expect((await t.client(admin).spaces.getChangeRequestById(space, '1')).data.id).toBe(cr.id);
    expect((await a.getCR(other, cr.id, admin)).status).toBe(404);
    expect((await a.getCR(space, cr.id, outsider)).status).toBe(404);
    expect((await a.getCR(space, '99', admin)).status).toBe(404);
    expect((await a.createCR(space, reader, { subject: 'no' })).status).toBe(403);
    expect((await a.createCR(space, outsider, { subject: 'no' })).status).toBe(404);
  });

  it('creates from a template with content refs', async () => {
    const space = (await a.createSpace(orgId, admin)).id;
    const cr = (
      await a.createCR(space, admin, {
        subject: 'Start',
        template: { id: 'product-docs', params: { contentRefs: { product: { kind: 'url', url: 'https://example.com' } } } },
      })
    ).body;
    const pages = (await a.crPages(space, cr.id, admin)).body.pages;
    expect(pages.map((p: any) => p.title)).toEqual(['Overview', 'Quickstart', 'Guides']);
    expect(pages[0].markdown).toContain('[Learn about the product](https://example.com)');
    const bad = await a.createCR(space, admin, { template: { id: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^template\.id: unknown template "nope"/);
  });

  it('patches subject, description and status, validating input', async () => {
    const space = (await a.createSpace(orgId, admin)).id;
    const cr = (await a.createCR(space, admin, { subject: 'Old' })).body;
    const description = {
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why', marks: [] }] }] }],
    };
    const patched = await t.client(admin).spaces.updateChangeRequestById(space, cr.id, { subject: 'New', description, status: 'open' } as any);
    expectMatchesOperation('updateChangeRequestById', 200, patched.data);
    expect(patched.data).toMatchObject({ subject: 'New', status: 'open', description: { object: 'document', nodes: [{ type: 'paragraph' }] } });
    for (const [body, message] of [
      [{ status: 'merged' }, /^status: must be one of draft, open, archived/],
      [{ subject: 'x'.repeat(101) }, /^subject: must be at most 100 characters/],
      [{ colour: 1 }, /^body\.colour: unknown field/],
      [{ description: { object: 'nope' } }, /^description\.object: must be "document"/],
    ] as const) {
      const res = await a.patchCR(space, cr.id, admin, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await a.patchCR(space, cr.id, reader, { subject: 'no' })).status).toBe(403);
  });

  it('lists by status (default open) with creator, contributor and cluster filters, and orders by updatedAt', async () => {
    const space = (await a.createSpace(orgId, admin)).id;
    const mk = async (token: string, body: Record<string, unknown>) => (await a.createCR(space, token, body)).body.id as string;
    const c1 = await mk(admin, { subject: 'one', status: 'open' });
    t.clock.advance(1000);
    const c2 = await mk(editor, { subject: 'two', status: 'open', conversationsIssuesCluster: 'cluster-1' });
    t.clock.advance(1000);
    const c3 = await mk(admin, { subject: 'three' });
    t.clock.advance(1000);
    await a.write(space, c1, editor, [{ operation: 'insert_page', title: 'P', document: {} }]);
    const ids = async (q: Record<string, unknown>) => (await a.listCRs(space, admin, q)).body.items.map((c: any) => c.id);
    expect(await ids({})).toEqual([c1, c2]);
    expect(await ids({ orderBy: 'createdAt' })).toEqual([c2, c1]);
    expect(await ids({ status: 'draft' })).toEqual([c3]);
    expect(await ids({ creator: editorId })).toEqual([c2]);
    expect(await ids({ contributor: editorId })).toEqual([c1]);
    expect(await ids({ conversationsIssuesCluster: 'cluster-1' })).toEqual([c2]);
    const viaClient = (await t.client(reader).spaces.listChangeRequestsForSpace(space, { status: 'open' as never })).data;
    expectMatchesOperation('listChangeRequestsForSpace', 200, viaClient);
    expect(viaClient.count).toBe(2);
    expect((await a.listCRs(space, admin, { status: 'nope' })).status).toBe(400);
    expect((await a.listCRs(space, admin, { limit: -1 })).status).toBe(400);
    expect((await a.listCRs(space, admin, { limit: 0 })).body).toEqual({ items: [], count: 2 });
    expect((await a.listCRs(space, outsider)).status).toBe(404);
  });

  it('pages on a snapshot: no change request is skipped or repeated while others are updated and created', async () => {
    const space = (await a.createSpace(orgId, admin)).id;
    const all: string[] = [];
    for (let i = 0; i < 7; i++) {
      all.push((await a.createCR(space, admin, { subject: `cr ${i}`, status: 'open' })).body.id);
      t.clock.advance(1000);
    }
    const seen: string[] = [];
    let page: string | undefined;
    let round = 0;
    do {
      const res = await a.listCRs(space, admin, { limit: 2, ...(page ? { page } : {}) });
      expect(res.body.count).toBe(7);
      seen.push(...res.body.items.map((c: any) => c.id));
      page = res.body.next?.page;
      // Between pages: bump the oldest one to the top, archive one, create one.
      t.clock.advance(1000);
      await a.patchCR(space, all[round], admin, { subject: `bumped ${round}` });
      if (round === 1) await a.patchCR(space, all[6], admin, { status: 'archived' });
      if (round === 2) await a.createCR(space, admin, { subject: 'late', status: 'open' });
      round++;
    } while (page);
    expect([...seen].sort()).toEqual([...all].sort());
    expect(new Set(seen).size).toBe(seen.length);
    // A new listing sees the changes.
    const fresh = (await a.listCRs(space, admin, { limit: 100 })).body;
    expect(fresh.count).toBe(7);
    expect(fresh.items[0].subject).toMatch(/^(bumped|late)/);
    expect((await a.listCRs(space, admin, { page: 'garbage' })).status).toBe(400);
  });

  it("lists an organization's change requests across spaces, with the same filters", async () => {
    const { organizationId: org, token } = await t.bootstrap('Org two', email('own'));
    const s1 = (await a.createSpace(org, token)).id;
    const s2 = (await a.createSpace(org, token)).id;
    const c1 = (await a.createCR(s1, token, { subject: 'a', status: 'open' })).body.id;
    const c2 = (await a.createCR(s2, token, { subject: 'b', status: 'open' })).body.id;
    await a.createCR(s2, token, { subject: 'c' });
    const res = await a.get('listChangeRequestsForOrganization', `/v1/orgs/${org}/change-requests`, token);
    expect(res.body.items.map((c: any) => c.id).sort()).toEqual([c1, c2].sort());
    const viaClient = (await t.client(token).orgs.listChangeRequestsForOrganization(org, { status: 'draft' as never })).data;
    expectMatchesOperation('listChangeRequestsForOrganization', 200, viaClient);
    expect(viaClient.items.map((c) => c.subject)).toEqual(['c']);
    expect(
      (await a.get('listChangeRequestsForOrganization', `/v1/orgs/${org}/change-requests`, token, { space: s1 })).body.items.map((c: any) => c.id),
    ).toEqual([c1]);
    expect((await a.get('listChangeRequestsForOrganization', `/v1/orgs/${org}/change-requests`, admin)).status).toBe(404);
    // A deleted space's change requests leave the listing.
    await t.http.delete(`/v1/spaces/${s1}`).set(bearer(token)).expect(205);
    expect((await a.get('listChangeRequestsForOrganization', `/v1/orgs/${org}/change-requests`, token)).body.items.map((c: any) => c.id)).toEqual([c2]);
  });
});
