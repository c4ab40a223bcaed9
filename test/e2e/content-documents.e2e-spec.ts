import { bearer, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatches0202, expectMatchesOperation } from '../support/reference-schema';
import { api, flatten } from '../support/content-api';

/**
 * The remaining space-content operations through the official client (0.146): documents of
 * pages and reusable contents, reusable contents written through the content batch (extension
 * operations) and shown where pages include them, semantic changes of revisions, templates
 * applied to a space, and computed content refusals. Every answer is checked
 * against the reference schema of its operation.
 */
describe('documents, reusable contents, semantic changes and templates (e2e)', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let orgId: string;
  const ok = async <T>(operationId: string, call: Promise<{ data: T; status: number }>): Promise<T> => {
    const res = await call;
    expectMatchesOperation(operationId, res.status, res.data);
    return res.data;
  };
  /** Writes a batch (the extension operations are outside the 0.202 request schema, so plain HTTP). */
  const write = async (space: string, cr: string, changes: unknown[]) => {
    const res = await t.http.post(`/v1/spaces/${space}/change-requests/${cr}/content`).query({ compat: 'false' }).set(bearer(admin)).send({ changes });
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
    expectMatches0202('updateChangeRequestContent', 200, res.body);
    return res.body;
  };
  const texts = (nodes: any[]): string[] =>
    nodes.map((n) =>
      n.type === 'reusable-content'
        ? `<include ${n.data.ref.reusableContent}>`
        : (JSON.stringify(n)
            .match(/"text":"([^"]*)"/g)
            ?.join('') ?? n.type),
    );

  beforeAll(async () => {
    t = await startTestApp();
    a = api(t);
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
  });
  afterAll(async () => t?.close());

  it('reusable contents: written in a batch, included by pages, rendered as blocks or in place, versioned and diffed', async () => {
    const c = t.client(admin).spaces;
    const space = (await a.createSpace(orgId, admin)).id as string;
    const cr = (await c.createChangeRequest(space, { subject: 'Snippets' })).data;
    const written = await write(space, cr.id, [
      { operation: 'insert_page', title: 'Install', document: { markdown: 'Before.\n\n{% include "warn" %}\n\nAfter.' } },
      { operation: 'insert_reusable_content', title: 'Warning', ref: 'warn', document: { markdown: 'Back up **first**.' } },
    ]);
    const [snippet] = written.insertedReusableContents;
    expect(snippet).toEqual({ id: expect.any(String), title: 'Warning', document: expect.any(String) });
    const install = written.changes[0].page.id as string;

    // In the change request: the page's markdown keeps the include line; as a document, a block.
    const md = (await a.crPage(space, cr.id, install, admin)).body;
    expect(md.markdown).toBe(`# Install\n\nBefore.\n\n{% include "/reusable-contents/${snippet.id}" %}\n\nAfter.`);
    const asDoc = (await a.crPage(space, cr.id, install, admin, { format: 'document' })).body;
    expect(texts(asDoc.document.nodes)).toEqual(['"text":"Before."', `<include ${snippet.id}>`, '"text":"After."']);
    const inPlace = (await a.crPage(space, cr.id, install, admin, { format: 'document', dereferenced: 'reusable-contents' })).body;
    expect(JSON.stringify(inPlace.document.nodes)).toContain('"text":"first"');
    expect(JSON.stringify(inPlace.document.nodes)).not.toContain('reusable-content');
    expect((await a.crPage(space, cr.id, install, admin, { dereferenced: 'true' })).body.markdown).toBe('# Install\n\nBefore.\n\nBack up **first**.\n\nAfter.');
    const inCr = await t.http.get(`/v1/spaces/${space}/change-requests/${cr.id}/content/reusable-contents/${snippet.id}`).set(bearer(admin)).expect(200);
    expectMatches0202('getReusableContentInChangeRequestById', 200, inCr.body);
    expect(inCr.body).toEqual(snippet);

    const merged = (await c.mergeChangeRequest(space, cr.id)).data;
    expect(await ok('getReusableContentById', c.getReusableContentById(space, snippet.id))).toEqual(snippet);
    expect((await ok<any>('getRevisionById', c.getRevisionById(space, merged.revision))).reusableContents).toEqual([snippet]);
    expect(await ok('getReusableContentInRevisionById', c.getReusableContentInRevisionById(space, merged.revision, snippet.id))).toEqual(snippet);
    const snippetDoc = await ok<any>(
      'getReusableContentDocumentInRevisionById',
      c.getReusableContentDocumentInRevisionById(space, merged.revision, snippet.id),
    );
    expect(JSON.stringify(snippetDoc)).toContain('"text":"first"');
    const pageDoc = await ok<any>('getPageDocumentInRevisionById', c.getPageDocumentInRevisionById(space, merged.revision, install, { evaluated: true }));
    expect(pageDoc).toEqual(asDoc.document);
    // Document ids: a page's `documentId`, a reusable content's `document`.
    const page = (await c.getPageById(space, install)).data as any;
    expect(await ok('getDocumentById', c.getDocumentById(space, page.documentId))).toEqual(pageDoc);
    expect(await ok('getDocumentById', c.getDocumentById(space, snippet.document, { schema: 'current' }))).toEqual(snippetDoc);

    const changes = await ok<any>('getRevisionSemanticChanges', c.getRevisionSemanticChanges(space, merged.revision));
    expect(changes.mergedFrom).toMatchObject({ id: cr.id, status: 'merged' });
    expect(changes.changes).toEqual([
      { type: 'page_created', page: { id: install, type: 'document', title: 'Install', path: 'install' } },
      { type: 'reusable_content_created', reusableContent: snippet },
    ]);

    // A second change request: edit the snippet through a document (blocks written back as includes), rename and move pages.
    const cr2 = (await c.createChangeRequest(space, { subject: 'Edits' })).data;
    const edits = await write(space, cr2.id, [
      { operation: 'update_reusable_content', reusableContent: snippet.id, title: 'Caution' },
      { operation: 'insert_page', title: 'Guides', document: { markdown: 'All guides.' } },
      {
        operation: 'insert_page',
        title: 'Embeds',
        document: {
          document: {
            object: 'document',
            data: {},
            nodes: [{ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: snippet.id } } }],
          },
        },
      },
    ]);
    await write(space, cr2.id, [{ operation: 'update_page', page: install, title: 'Setup', slug: 'setup', into: edits.changes[0].page.id }]);
    const pages = flatten((await c.listPagesInChangeRequest(space, cr2.id)).data.pages);
    const embeds = pages.find((p: any) => p.title === 'Embeds');
    expect(embeds.markdown).toBe(`# Embeds\n\n{% include "/reusable-contents/${snippet.id}" %}`);
    const merged2 = (await c.mergeChangeRequest(space, cr2.id)).data;
    const guides = pages.find((p: any) => p.title === 'Guides');
    const all = await ok<any>('getRevisionSemanticChanges', c.getRevisionSemanticChanges(space, merged2.revision, { limit: 20 }));
    const ref = (p: any, path: string) => ({ id: p.id, type: 'document', title: p.title, path });
    expect(all.changes).toEqual([
      { type: 'page_created', page: ref(guides, 'guides') },
      {
        type: 'page_edited',
        page: ref({ id: install, title: 'Setup' }, 'guides/setup'),
        attributes: { title: { before: 'Install', after: 'Setup' }, slug: { before: 'install', after: 'setup' } },
      },
      { type: 'page_moved', page: ref({ id: install, title: 'Setup' }, 'guides/setup'), parent: { after: ref(guides, 'guides') } },
      { type: 'page_created', page: ref(embeds, 'embeds') },
      { type: 'reusable_content_edited', reusableContent: { ...snippet, title: 'Caution' }, attributes: { title: { before: 'Warning', after: 'Caution' } } },
    ]);
    expect(all.more).toBeUndefined();
    const first = await ok<any>('getRevisionSemanticChanges', c.getRevisionSemanticChanges(space, merged2.revision, { limit: 2 }));
    expect(first).toMatchObject({ changes: all.changes.slice(0, 2), more: 3 });
    // The space's first revision is compared with empty content.
    const initial = (await c.getSpaceById(space)).data as any;
    expect((await c.getRevisionSemanticChanges(space, merged.revision)).data.changes.length).toBe(2);
    expect(initial.revision).toBe(merged2.revision);
  });

  it('a document is read only where some revision of the space holds it (no existence oracle across spaces)', async () => {
    const c = t.client(admin).spaces;
    const [one, two] = [(await a.createSpace(orgId, admin, 'One')).id, (await a.createSpace(orgId, admin, 'Two')).id];
    const cr = (await c.createChangeRequest(one, { subject: 'S' })).data;
    const body = await write(one, cr.id, [{ operation: 'insert_page', title: 'Secret', document: { markdown: 'Only in space one.' } }]);
    const documentId = (await a.crPage(one, cr.id, body.changes[0].page.id, admin)).body.documentId;
    // Held by a change request's revision of space one (not merged), unknown to space two.
    expect(await ok('getDocumentById', c.getDocumentById(one, documentId))).toMatchObject({ object: 'document' });
    expect((await clientError(c.getDocumentById(two, documentId))).response.status).toBe(404);
    expect((await clientError(c.getDocumentById(one, 'not-a-document'))).response.status).toBe(404);
  });

  it('applyTemplateToSpace: an empty space takes a template as a new main revision; then 412; unknown templates 400', async () => {
    const c = t.client(admin).spaces;
    const space = (await a.createSpace(orgId, admin, 'Templated')).id as string;
    const applied = await c.applyTemplateToSpace(space, {
      id: 'product-docs',
      params: { contentRefs: { product: { kind: 'url', url: 'https://example.com' } } },
    });
    expect(applied.status).toBe(201);
    const pages = flatten((await c.listPages(space)).data.pages).map((p: any) => p.path);
    expect(pages).toEqual(['overview', 'quickstart', 'guides', 'guides/your-first-guide']);
    const head = (await c.getCurrentRevision(space)).data as any;
    expect(head.type).toBe('edits');
    expect((await c.getRevisionSemanticChanges(space, head.id, { limit: 0 })).data).toEqual({ changes: [], more: 4 });

    const again = await t.http.post(`/v1/spaces/${space}/content/template`).set(bearer(admin)).send({ id: 'api-docs' });
    expect(again.status).toBe(412);
    expect(again.body.error.message).toMatch(/already has content \(4 pages\): a template applies to an empty space only/);
    const unknown = await t.http.post(`/v1/spaces/${space}/content/template`).set(bearer(admin)).send({ id: 'nope' });
    expect(unknown.body).toEqual({ error: { code: 400, message: expect.stringMatching(/^id: unknown template "nope"/) } });
    const badRef = await t.http
      .post(`/v1/spaces/${space}/content/template`)
      .set(bearer(admin))
      .send({ id: 'api-docs', params: { contentRefs: { openapi: { kind: 'spell' } } } });
    expect(badRef.body.error.message).toMatch(/^params\.contentRefs\.openapi\.kind: must be one of/);

    const locked = (await a.createSpace(orgId, admin, 'Locked')).id as string;
    await t.http.patch(`/v1/spaces/${locked}`).set(bearer(admin)).send({ editMode: 'locked' }).expect(200);
    const refused = await t.http.post(`/v1/spaces/${locked}/content/template`).set(bearer(admin)).send({ id: 'api-docs' });
    expect(refused.status).toBe(412);
    expect(refused.body.error.message).toMatch(/is locked/);
    // The blank template has no pages: nothing changes.
    const blank = (await a.createSpace(orgId, admin, 'Blank')).id as string;
    const before = (await c.getSpaceById(blank)).data.revision;
    expect((await c.applyTemplateToSpace(blank, { id: 'blank' })).status).toBe(201);
    expect((await c.getSpaceById(blank)).data.revision).toBe(before);
  });

  it('computed content: what cannot be computed is refused with the reason (400), never a made-up result', async () => {
    const c = t.client(admin).spaces;
    const space = (await a.createSpace(orgId, admin, 'Computed')).id as string;
    const openapi = await clientError(
      c.getComputedDocument(space, {
        source: { type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } }, props: { doc: 'models' } },
        seed: 's',
      }),
    );
    expect(openapi.response.status).toBe(400);
    // OpenAPI sources are computed (test/e2e/computed-content.e2e-spec.ts); this organization has no spec "petstore".
    expect(openapi.message).toMatch(/: source\.dependencies\.spec\.ref\.spec: no OpenAPI specification "petstore" in the space's organization/);
    const translation = await t.http
      .post(`/v1/spaces/${space}/content/computed/revision`)
      .set(bearer(admin))
      .send({
        source: { type: 'builtin:translation', props: {}, dependencies: { translation: { ref: { kind: 'translation', translation: 'x' } } } },
        seed: 's',
      });
    expect(translation.body).toEqual({ error: { code: 400, message: expect.stringMatching(/builtin:translation .*writes its result as a real space/) } });
    const noSeed = await t.http
      .post(`/v1/spaces/${space}/content/computed/revision`)
      .set(bearer(admin))
      .send({ source: { type: 'integration:a:b', props: {} } });
    expect(noSeed.body.error.message).toMatch(/^seed: /);
  });
});
