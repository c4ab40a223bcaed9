import fc from 'fast-check';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';
import { api, flatten, outline } from '../support/content-api';

/** Writing content through change request batches and reading it back (main, change request, revision). */
describe('content (e2e)', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let orgId: string;
  let admin: string;
  let reader: string;
  let outsider: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = api(t);
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
    [{ token: reader }] = await t.cli('user', 'create', '--email', email('reader'), '--name', 'Rita Reader', '--org', orgId, '--role', 'read');
    ({ token: outsider } = await t.bootstrap('Other', email('outsider')));
  });
  afterAll(async () => t?.close());

  async function spaceWithCR(changes: unknown[] = []) {
    const space = await a.createSpace(orgId, admin);
    const cr = (await a.createCR(space.id, admin, { subject: 'Draft', status: 'open' })).body;
    if (changes.length) {
      const w = await a.write(space.id, cr.id, admin, changes);
      expect(`${w.status} ${JSON.stringify(w.body)}`).toMatch(/^200 /);
    }
    return { space: space.id as string, cr: cr.id as string, number: cr.number as number };
  }
  const idsByTitle = async (space: string, cr: string) =>
    Object.fromEntries(flatten((await a.crPages(space, cr, admin)).body.pages).map((p) => [p.title, p.id]));

  describe('POST …/content (batch of changes)', () => {
    it('inserts, renames, re-slugs, moves and deletes pages in one revision, answering per page (compat=false)', async () => {
      const { space, cr } = await spaceWithCR([
        { operation: 'insert_page', title: 'Guide', document: { markdown: 'Intro text' } },
        { operation: 'insert_page', title: 'API', document: { markdown: '' } },
        { operation: 'insert_page', title: 'Old', document: {} },
      ]);
      const ids = await idsByTitle(space, cr);
      const before = (await a.getCR(space, cr, admin)).body.revision;
      const res = await a.write(
        space,
        cr,
        admin,
        [
          { operation: 'insert_page', title: 'Install', into: ids.Guide, ref: 'install', document: { markdown: '# Install\n\nRun it.' } },
          { operation: 'update_page', page: ids.API, title: 'API reference', slug: 'reference' },
          { operation: 'update_page', page: ids.API, into: ids.Guide, at: 0 },
          { operation: 'delete_page', page: ids.Old },
        ],
        false,
      );
      expect(res.status).toBe(200);
      expect(res.body.changes.map((c: any) => c.object)).toEqual(['created_page', 'updated_page', 'deleted_page']);
      expect(res.body.changes[0]).toMatchObject({
        ref: 'install',
        page: { object: 'page', urls: { location: expect.stringContaining(`/change-requests/${cr}/content/page/`) } },
      });
      expect(res.body.changeRequest.revision).not.toBe(before);
      const pages = (await a.crPages(space, cr, admin)).body.pages;
      expect(outline(pages)).toEqual(['Guide', '  API reference', '  Install']);
      expect(flatten(pages).map((p) => p.path)).toEqual(['guide', 'guide/reference', 'guide/install']);
      // The default answer (compat) is the change request itself.
      const compat = await a.write(space, cr, admin, [{ operation: 'update_page', page: ids.Guide, description: 'All guides' }]);
      expect(compat.body).toMatchObject({ object: 'change-request', id: cr });
    });

    it('rejects the whole batch when any change is invalid, naming its index and rule, and writes nothing', async () => {
      const { space, cr } = await spaceWithCR([{ operation: 'insert_page', title: 'A', document: { markdown: 'a' } }]);
      const before = (await a.getCR(space, cr, admin)).body.revision;
      const cases: Array<[unknown[], RegExp]> = [
        [
          [
            { operation: 'insert_page', title: 'B', document: {} },
            { operation: 'insert_page', title: 'A', document: {} },
          ],
          /^changes\[1\]\.slug: "a" is already used by sibling page/,
        ],
        [
          [
            { operation: 'insert_page', title: 'C', document: {} },
            { operation: 'delete_page', page: 'missing' },
          ],
          /^changes\[1\]\.page: no page with id missing/,
        ],
        [[{ operation: 'update_page', page: 'x', into: 7 }], /^changes\[0\]\.into: must be a string/],
        [[{ operation: 'insert_page', title: 'D' }], /^changes\[0\]\.document: is required/],
        [[{ operation: 'insert_page', title: 'D', document: {}, at: -1 }], /^changes\[0\]\.at: must be an integer >= 0/],
        [[{ operation: 'rename_page' }], /^changes\[0\]\.operation: must be one of/],
        [[{ operation: 'insert_page', title: 'E', document: {}, colour: 'red' }], /^changes\[0\]\.colour: unknown field/],
        [Array.from({ length: 51 }, () => ({ operation: 'delete_page', page: 'x' })), /^changes: must contain between 1 and 50 changes/],
        [[], /^changes: must contain between 1 and 50 changes/],
      ];
      for (const [changes, message] of cases) {
        const res = await a.write(space, cr, admin, changes);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(message);
      }
      expect((await a.getCR(space, cr, admin)).body.revision).toBe(before);
      expect(outline((await a.crPages(space, cr, admin)).body.pages)).toEqual(['A']);
    });

    it('resolves links by id, batch ref, slug path and relative .md path against the change request tree', async () => {
      const { space, cr } = await spaceWithCR([{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Guide' } }]);
      const ids = await idsByTitle(space, cr);
      await a.write(space, cr, admin, [
        {
          operation: 'insert_page',
          title: 'Setup',
          into: ids.Guide,
          document: {
            markdown: 'See [later](./later.md), [guide](/guide), [up](../guide.md), [id](/pages/' + ids.Guide + '#top) and [web](https://example.com).',
          },
        },
        { operation: 'insert_page', title: 'Later', ref: 'later', document: { markdown: 'x' } },
      ]);
      const now = await idsByTitle(space, cr);
      const setup = (await a.crPage(space, cr, now.Setup, admin)).body;
      expect(setup.markdown).toBe(
        `# Setup\n\nSee [later](/pages/${now.Later}), [guide](/pages/${ids.Guide}), [up](/pages/${ids.Guide}), [id](/pages/${ids.Guide}#top) and [web](https://example.com).`,
      );
      const doc = (await a.crPage(space, cr, now.Setup, admin, { format: 'document' })).body;
      expect(doc.markdown).toBeUndefined();
      const links = doc.document.nodes[0].nodes.filter((n: any) => n.type === 'link').map((n: any) => n.data.ref);
      expect(links).toEqual([
        { kind: 'page', page: now.Later },
        { kind: 'page', page: ids.Guide },
        { kind: 'page', page: ids.Guide },
        // The reference's anchor ref keeps the page and its anchor.
        { kind: 'anchor', anchor: 'top', page: ids.Guide },
        { kind: 'url', url: 'https://example.com' },
      ]);
    });

    it('accepts a rich-text document instead of markdown, and frontmatter for metadata', async () => {
      const { space, cr } = await spaceWithCR();
      const document = {
        object: 'document',
        data: {},
        nodes: [
          {
            object: 'block',
            type: 'paragraph',
            nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Bold', marks: [{ object: 'mark', type: 'bold' }] }] }],
          },
        ],
      };
      await a.write(space, cr, admin, [
        { operation: 'insert_page', title: 'From document', document: { document } },
        { operation: 'insert_page', document: { markdown: '---\ndescription: Short\nhidden: true\n---\n# Titled by heading\n\nBody' } },
      ]);
      const pages = (await a.crPages(space, cr, admin)).body.pages;
      expect(pages[0].markdown).toBe('# From document\n\n**Bold**');
      expect(pages[1]).toMatchObject({ title: 'Titled by heading', slug: 'titled-by-heading', description: 'Short', hidden: true });
      expect(pages[1].markdown).toBe('---\ndescription: Short\nhidden: true\n---\n\n# Titled by heading\n\nBody');
      const bad = await a.write(space, cr, admin, [
        { operation: 'insert_page', document: { document: { ...document, nodes: [{ object: 'block', type: 'mystery', nodes: [] }] } } },
      ]);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^changes\[0\]\.document\.document\.nodes\[0\]\.type: unsupported block type "mystery"/);
    });

    it('uploads files (base64), lists them with stable paging, serves their bytes at downloadURL', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000030000000208060000009d74666b', 'hex');
      const { space, cr } = await spaceWithCR();
      const res = await a.write(
        space,
        cr,
        admin,
        [
          {
            operation: 'insert_files',
            files: [
              { ref: 'logo.png', name: 'logo.png', contentType: 'image/png', base64: png.toString('base64') },
              { name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('hello').toString('base64') },
            ],
          },
          { operation: 'insert_page', title: 'Brand', document: { markdown: '![Logo](./logo.png)' } },
        ],
        false,
      );
      expect(res.body.insertedFiles).toEqual([
        expect.objectContaining({ name: 'logo.png', contentType: 'image/png', size: png.length, dimensions: { width: 3, height: 2 } }),
        expect.objectContaining({ name: 'notes.txt', size: 5 }),
      ]);
      const logo = res.body.insertedFiles[0];
      const page1 = await a.get('listFilesInChangeRequestById', `/v1/spaces/${space}/change-requests/${cr}/content/files`, admin, { limit: 1 });
      expect(page1.body).toMatchObject({ count: 2, items: [{ id: expect.any(String) }], next: { page: expect.any(String) } });
      // A new file written between pages does not shift the listing (the cursor pins the revision).
      await a.write(space, cr, admin, [{ operation: 'insert_files', files: [{ name: 'late.txt', contentType: 'text/plain', base64: 'eA==' }] }]);
      const page2 = await a.get('listFilesInChangeRequestById', `/v1/spaces/${space}/change-requests/${cr}/content/files`, admin, {
        limit: 1,
        page: page1.body.next.page,
      });
      // Files sort by upload time, then id: the second page holds the other file of the batch, not the late one.
      expect([...page1.body.items, ...page2.body.items].map((f: any) => f.name).sort()).toEqual(['logo.png', 'notes.txt']);
      expect(page2.body.next).toBeUndefined();
      const file = await a.get('getFileInChangeRequestById', `/v1/spaces/${space}/change-requests/${cr}/content/files/${logo.id}`, admin);
      const download = await t.http
        .get(new URL(file.body.downloadURL).pathname)
        .buffer(true)
        .parse((r: any, cb: any) => {
          const c: Buffer[] = [];
          r.on('data', (d: Buffer) => c.push(d));
          r.on('end', () => cb(null, Buffer.concat(c)));
        });
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(download.body, png)).toBe(0);
      const brand = (await a.crPages(space, cr, admin)).body.pages[0];
      expect(brand.markdown).toContain(`![Logo](/files/${logo.id})`);
      const url = await a.write(space, cr, admin, [{ operation: 'insert_files', files: [{ name: 'x.png', url: 'https://example.com/x.png' }] }]);
      expect(url.status).toBe(400);
      expect(url.body.error.message).toMatch(/^changes\[0\]\.files\[0\]\.url: this server does not fetch remote files/);
    });

    it('answers any malformed or rule-breaking batch with 400 (never a 500), keeping the content unchanged', async () => {
      const { space, cr } = await spaceWithCR([{ operation: 'insert_page', title: 'A', document: { markdown: 'a' } }]);
      const ids = await idsByTitle(space, cr);
      const before = (await a.getCR(space, cr, admin)).body.revision;
      const value = fc.oneof(
        fc.constant(ids.A),
        fc.constant('missing'),
        fc.string({ maxLength: 8 }),
        fc.integer({ min: -2, max: 3 }),
        fc.constant(null),
        fc.boolean(),
        fc.constant({}),
        fc.constant([]),
      );
      const change = fc.record(
        {
          operation: fc.constantFrom('insert_page', 'update_page', 'delete_page', 'insert_files', 'revert_page', 'nope'),
          page: value,
          into: value,
          at: value,
          title: value,
          slug: value,
          emoji: value,
          ref: value,
          hidden: value,
          document: fc.oneof(
            fc.constant({ markdown: '# T\n\n[x](./A.md)' }),
            fc.constant({}),
            fc.constant({ markdown: 3 }),
            fc.constant({ document: { object: 'document', nodes: 'x' } }),
            value,
          ),
          files: fc.oneof(value, fc.constant([{ name: 'f', contentType: 'text/plain', base64: '!!' }]), fc.constant([{ name: '', base64: 'eA==' }])),
        },
        { requiredKeys: ['operation'] },
      );
      await fc.assert(
        fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 4 }), async (changes) => {
          const res = await t.http
            .post(`/v1/spaces/${space}/change-requests/${cr}/content`)
            .set(bearer(admin))
            .send({ changes: [...changes, { operation: 'delete_page', page: 'never-there' }] });
          expect(res.status).toBe(400);
          expect(res.body).toEqual({ error: { code: 400, message: expect.stringMatching(/^(changes|body)/) } });
        }),
        { numRuns: 60 },
      );
      expect((await a.getCR(space, cr, admin)).body.revision).toBe(before);
    });

    it('refuses readers (403) and hides the space from outsiders (404)', async () => {
      const { space, cr } = await spaceWithCR();
      expect((await a.write(space, cr, reader, [{ operation: 'insert_page', title: 'X', document: {} }])).status).toBe(403);
      expect((await a.write(space, cr, outsider, [{ operation: 'insert_page', title: 'X', document: {} }])).status).toBe(404);
      expect((await a.write(space, 'nope', admin, [{ operation: 'insert_page', title: 'X', document: {} }])).status).toBe(404);
    });
  });

  describe('reading content', () => {
    it('reads main, a change request and any revision: revision, pages, page by id and by path, through the official client too', async () => {
      const { space, cr } = await spaceWithCR([
        { operation: 'insert_page', title: 'Guide', ref: 'g', document: { markdown: 'Guide body' } },
        { operation: 'insert_page', title: 'Deep', into: 'g', document: { markdown: 'Deep body' } },
      ]);
      const crRevision = (await a.getCR(space, cr, admin)).body.revision;
      const empty = await a.get('getCurrentRevision', `/v1/spaces/${space}/content`, admin);
      expect(empty.body).toMatchObject({ object: 'revision', pages: [], files: [], type: 'edits' });
      const merged = await a.merge(space, cr, admin);
      expect(merged.body).toEqual({ revision: expect.any(String), result: 'merge' });

      const client = t.client(admin);
      const main = (await client.spaces.getCurrentRevision(space)).data;
      expectMatchesOperation('getCurrentRevision', 200, main);
      expect(main).toMatchObject({ id: merged.body.revision, type: 'merge', parents: [empty.body.id, crRevision], mergedFrom: { id: cr, status: 'merged' } });
      expect(outline(main.pages)).toEqual(['Guide', '  Deep']);
      const deepId = flatten(main.pages)[1].id;
      const byPath = await a.get('getPageByPath', `/v1/spaces/${space}/content/path/guide/deep`, admin);
      expect(byPath.body).toMatchObject({ id: deepId, path: 'guide/deep', markdown: '# Deep\n\nDeep body' });
      const viaClient = (await client.spaces.getPageById(space, deepId, { format: 'document' })).data;
      expectMatchesOperation('getPageById', 200, viaClient);
      expect((viaClient as any).document.nodes[0].nodes[0].leaves[0].text).toBe('Deep body');
      // The change request's own revision stays readable by id; so does the initial empty one.
      const rev = await a.get('getRevisionById', `/v1/spaces/${space}/revisions/${crRevision}`, admin);
      expect(outline(rev.body.pages)).toEqual(['Guide', '  Deep']);
      expect((await a.get('listPagesInRevisionById', `/v1/spaces/${space}/revisions/${empty.body.id}/pages`, admin)).body).toEqual({ pages: [] });
      expect((await a.get('getPageInRevisionByPath', `/v1/spaces/${space}/revisions/${crRevision}/path/guide`, admin)).body.title).toBe('Guide');
      expect(
        (
          await a.get('getPageInChangeRequestById', `/v1/spaces/${space}/change-requests/${cr}/content/page/${deepId}`, admin, {
            evaluated: 'deterministic-only',
            metadata: 'false',
          })
        ).body.id,
      ).toBe(deepId);
      const crContent = (await client.spaces.getRevisionOfChangeRequestById(space, cr)).data;
      expectMatchesOperation('getRevisionOfChangeRequestById', 200, crContent);
      expect((await a.get('getPageById', `/v1/spaces/${space}/content/page/nope`, admin)).status).toBe(404);
      expect((await a.get('getPageByPath', `/v1/spaces/${space}/content/path/nope/nope`, admin)).status).toBe(404);
      expect((await a.get('getRevisionById', `/v1/spaces/${space}/revisions/nope`, admin)).status).toBe(404);
      expect((await a.get('getPageById', `/v1/spaces/${space}/content/page/${deepId}`, admin, { format: 'html' })).status).toBe(400);
      expect((await a.get('getCurrentRevision', `/v1/spaces/${space}/content`, outsider)).status).toBe(404);
      expect((await a.get('getCurrentRevision', `/v1/spaces/${space}/content`, reader)).status).toBe(200);
    });
  });

  describe('links', () => {
    it("lists a page's links with ok/broken status and stats, backlinks of pages and files, and all links of a space", async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex').toString('base64');
      const { space, cr } = await spaceWithCR([
        { operation: 'insert_files', files: [{ ref: 'img.png', name: 'img.png', contentType: 'image/png', base64: png }] },
        { operation: 'insert_page', title: 'Target', ref: 't', document: { markdown: 'target' } },
        { operation: 'insert_page', title: 'Source', document: { markdown: '[t](./t.md) ![i](./img.png) [web](https://example.com) [missing](/nowhere)' } },
        { operation: 'insert_page', title: 'Other', document: { markdown: '[t again](/target)' } },
      ]);
      const ids = await idsByTitle(space, cr);
      const crBase = `/v1/spaces/${space}/change-requests/${cr}/content`;
      const links = await a.get('listPageLinksInChangeRequest', `${crBase}/page/${ids.Source}/links`, admin);
      expect(links.body.stats).toEqual({ total: 4, broken: { total: 1, changeRequest: 1 } });
      expect(links.body.items.map((u: any) => [u.relation, u.status])).toEqual([
        ['dependsOn', 'ok'],
        ['reference', 'ok'],
        ['reference', 'broken'],
        ['reference', 'ok'],
      ]);
      // Pages and files of the space are typed locations, with the organization and space as the caller sees them.
      expect(links.body.items[1].targetReference).toMatchObject({
        kind: 'page',
        page: { id: ids.Target, title: 'Target' },
        space: { id: space },
        organization: { object: 'organization' },
      });
      expect(links.body.items[0].targetReference).toMatchObject({ kind: 'file', file: { name: 'img.png' }, space: { id: space } });
      expect(links.body.items[1].locationReferences).toEqual([expect.objectContaining({ kind: 'page', page: expect.objectContaining({ id: ids.Source }) })]);
      expect(links.body.items[3].targetReference).toEqual({ kind: 'url', url: 'https://example.com' });
      const backlinks = await a.get('listChangeRequestPageBacklinks', `${crBase}/page/${ids.Target}/backlinks`, admin);
      expect(backlinks.body.count).toBe(2);
      const files = (await a.get('listFilesInChangeRequestById', `${crBase}/files`, admin)).body.items;
      const fileBacklinks = await a.get('listChangeRequestFileBacklinks', `${crBase}/files/${files[0].id}/backlinks`, admin);
      expect(fileBacklinks.body.items).toEqual([expect.objectContaining({ kind: 'page', page: expect.objectContaining({ id: ids.Source }) })]);
      await a.merge(space, cr, admin);
      const all = await a.get('listSpaceLinks', `/v1/spaces/${space}/links`, admin);
      expect(all.body.stats).toEqual({ total: 5, broken: { total: 1 } });
      const broken = (await t.client(admin).spaces.listSpaceLinks(space, { status: 'broken' as never })).data;
      expectMatchesOperation('listSpaceLinks', 200, broken);
      expect(broken.items.map((u) => u.targetReference)).toEqual([{ kind: 'url', url: '/nowhere' }]);
      // Someone who may read a public space but not see its organization gets URL locations.
      await t.http.patch(`/v1/spaces/${space}`).set(bearer(admin)).send({ visibility: 'public' }).expect(200);
      const outsider = (await t.bootstrap('Outsiders')).token;
      const seen = await a.get('listSpaceLinks', `/v1/spaces/${space}/links`, outsider);
      expect(seen.body.items.length).toBe(all.body.items.length);
      for (const u of seen.body.items) expect(u.targetReference.kind).toBe('url');
      const paged = await a.get('listSpaceLinks', `/v1/spaces/${space}/links`, admin, { limit: 2 });
      const rest = await a.get('listSpaceLinks', `/v1/spaces/${space}/links`, admin, { limit: 2, page: paged.body.next.page });
      expect([...paged.body.items, ...rest.body.items]).toHaveLength(all.body.items.length);
      expect((await a.get('listPageLinksInSpace', `/v1/spaces/${space}/content/page/${ids.Other}/links`, admin)).body.stats).toEqual({
        total: 1,
        broken: { total: 0 },
      });
      expect((await a.get('listSpacePageBacklinks', `/v1/spaces/${space}/content/page/${ids.Source}/backlinks`, admin)).body).toEqual({ items: [], count: 0 });
      expect((await a.get('listSpaceFileBacklinks', `/v1/spaces/${space}/content/files/${files[0].id}/backlinks`, admin)).body.count).toBe(1);
      expect((await a.get('listSpacePageBacklinks', `/v1/spaces/${space}/content/page/nope/backlinks`, admin)).status).toBe(404);
    });
  });
});
