import { email, startTestApp, TestApp } from '../support/test-app';
import { api, flatten } from '../support/content-api';

/**
 * Link and backlink locations carry what the reference's ContentLocation schemas require (the
 * organization, space and page or file, each with its required fields only), not the objects
 * as GET /orgs/{id}, GET /spaces/{id} and GET …/page/{id} answer them. The reference (0.146.0)
 * requires whole Organization, Space and RevisionPage objects there, body included, so ids alone
 * would not validate; 0.202.0 has no links operations.
 */
describe('links: response shape (e2e)', () => {
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

  async function spaceWithSixLinks() {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex').toString('base64');
    const space = (await a.createSpace(orgId, admin)).id as string;
    const cr = (await a.createCR(space, admin, { subject: 'Links', status: 'open' })).body.id as string;
    const body = 'Some text. '.repeat(20);
    const res = await a.write(space, cr, admin, [
      { operation: 'insert_files', files: [{ ref: 'img.png', name: 'img.png', contentType: 'image/png', base64: png }] },
      { operation: 'insert_page', title: 'Target', ref: 't', document: { markdown: `${body}` } },
      { operation: 'insert_page', title: 'Child', into: 't', ref: 'c', document: { markdown: `${body}` } },
      {
        operation: 'insert_page',
        title: 'Source',
        document: { markdown: `${body}\n\n[t](./t.md) ![i](./img.png) [web](https://example.com) [missing](/nowhere) [child](./c.md)` },
      },
      { operation: 'insert_page', title: 'Other', document: { markdown: `${body}\n\n[t again](/target) [docs](https://docs.example.com)` } },
    ]);
    expect(res.status).toBe(200);
    expect((await a.merge(space, cr, admin)).status).toBe(200);
    const ids = Object.fromEntries(flatten((await a.mainPages(space, admin)).body.pages).map((p) => [p.title, p.id]));
    return { space, ids };
  }

  const keys = (o: object) => Object.keys(o).sort();
  const ORGANIZATION = ['createdAt', 'emailDomains', 'id', 'inviteLinks', 'mergeRules', 'object', 'permissions', 'plan', 'title', 'trial', 'type', 'urls'];
  const SPACE = [
    'changeRequests',
    'changeRequestsDraft',
    'changeRequestsOpen',
    'comments',
    'createdAt',
    'defaultLevel',
    'emoji',
    'id',
    'mergeRules',
    'object',
    'organization',
    'permissions',
    'revision',
    'title',
    'updatedAt',
    'urls',
    'visibility',
  ];
  const PAGE = ['id', 'kind', 'layout', 'pages', 'path', 'slug', 'title', 'type', 'urls'];
  const FILE = ['contentType', 'downloadURL', 'id', 'name', 'size'];

  it('GET /spaces/{id}/links: typed locations hold exactly the fields the reference requires', async () => {
    const { space, ids } = await spaceWithSixLinks();
    const res = await a.get('listSpaceLinks', `/v1/spaces/${space}/links`, admin);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(6);
    // Was 25.7 KB with whole objects and page bodies in every location; the required fields are about 18 KB.
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThan(20_000);
    const locations = res.body.items.flatMap((u: any) => [u.targetReference, ...u.locationReferences]);
    const typed = locations.filter((l: any) => l.kind !== 'url');
    expect(typed.length).toBeGreaterThan(6);
    for (const l of typed) {
      expect(keys(l)).toEqual(['kind', 'organization', 'space', l.kind].sort());
      expect(keys(l.organization)).toEqual(ORGANIZATION);
      expect(keys(l.organization.urls)).toEqual(['app', 'location']);
      expect(keys(l.space)).toEqual(SPACE);
      expect(keys(l.space.urls)).toEqual(['app', 'location']);
      expect(keys(l[l.kind])).toEqual(l.kind === 'page' ? PAGE : FILE);
    }
    const target = typed.find((l: any) => l.kind === 'page' && l.page.id === ids.Target);
    expect(target.page).toMatchObject({ id: ids.Target, title: 'Target', kind: 'sheet', type: 'document', path: 'target', pages: [] });
    expect(target.space).toMatchObject({ object: 'space', id: space, organization: orgId, permissions: expect.objectContaining({ view: true }) });
    expect(target.organization).toMatchObject({ object: 'organization', id: orgId, permissions: expect.objectContaining({ view: true }) });
  });

  it('backlinks are page locations of the same shape', async () => {
    const { space, ids } = await spaceWithSixLinks();
    const res = await a.get('listSpacePageBacklinks', `/v1/spaces/${space}/content/page/${ids.Target}/backlinks`, admin);
    expect(res.body.items.map((l: any) => l.page.title).sort()).toEqual(['Other', 'Source']);
    for (const l of res.body.items) {
      expect(keys(l.page)).toEqual(PAGE);
      expect(keys(l.space)).toEqual(SPACE);
      expect(keys(l.organization)).toEqual(ORGANIZATION);
    }
  });
});
