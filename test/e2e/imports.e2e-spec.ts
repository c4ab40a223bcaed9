import { strToU8, zipSync } from 'fflate';
import { GitBookAPI } from '@gitbook/api';
import { EventStore } from '@app/platform';
import { api as contentApi, flatten } from '../support/content-api';
import { expectMatches0202, expectMatchesOperation } from '../support/reference-schema';
import { bearer, callOperation, clientError, email, startTestApp, stateEventsAfter, TestApp } from '../support/test-app';

/**
 * startImportRun / cancelImportRun from uploaded files (markdown, HTML, a zip of them) into each
 * target kind: a space (a merged change request), a change request (not merged), a page (its
 * children). The run happens in the background (the saga's durable timer, fired here by hand);
 * getImportRun and listImportRuns (newer reference) follow it. Bad input names the field.
 */
describe('content imports from uploaded files (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let reader: string;
  let outsider: string;
  let outsiderOrg: string;
  let client: GitBookAPI;
  const content = () => contentApi(t);

  /** Uploads bytes through the storage endpoints (kind import_file) and answers the storage key. */
  async function upload(name: string, type: string, bytes: Buffer | string): Promise<string> {
    const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    const signed = await t.http
      .post(`/v1/orgs/${orgId}/storage/upload`)
      .set(bearer(admin))
      .send({ kind: 'import_file', file: { name, type, size: data.length } })
      .expect(201);
    const put = t.http.put(new URL(signed.body.url).pathname).set('Content-Type', type);
    await (type.startsWith('text/') ? put.send(data.toString('utf8')) : put.send(data)).expect(201);
    return signed.body.key;
  }
  /** Carries out what the saga scheduled (the due timers) and answers the run (getImportRun, newer reference). */
  async function finish(runId: string, token = admin) {
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
    const res = await t.http.get(`/v1/org/${orgId}/imports/${runId}`).set(bearer(token)).expect(200);
    expectMatches0202('getImportRun', 200, res.body);
    expectMatchesOperation('cancelImportRun', 201, res.body); // the 0.146 ContentImportRun shape as well
    return res.body;
  }
  const start = (body: unknown, token = admin) => callOperation(t, 'startImportRun', { organizationId: orgId }, token, { body });
  const pagesOf = async (space: string) => flatten((await content().mainPages(space, admin)).body.pages);
  const markdownOf = async (space: string, page: string) => (await content().mainPage(space, page, admin)).body.markdown as string;

  beforeAll(async () => {
    t = await startTestApp({ config: { importMaxPages: 5, importMaxBytes: 50_000 } });
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Imports Org', email('admin')));
    [{ token: reader }] = await t.cli('user', 'create', '--email', email('reader'), '--name', 'Reader', '--org', orgId, '--role', 'read');
    ({ token: outsider, organizationId: outsiderOrg } = await t.bootstrap('Other Org', email('outsider')));
    client = t.client(admin);
  });
  afterAll(async () => t?.close());

  it('imports markdown, HTML and a zip into a space: pages appended to main with their titles, markdown and links', async () => {
    const space = (await content().createSpace(orgId, admin, 'Handbook')).id;
    const notes = await upload('notes.md', 'text/markdown', '# Release notes\n\nSee the [FAQ](faq.html#top) and [elsewhere](https://example.com/x).\n');
    const faq = await upload(
      'faq.html',
      'text/html',
      '<html><head><title>FAQ</title></head><body><nav>Menu</nav><main><p>Ask <strong>us</strong>.</p></main></body></html>',
    );
    const zip = await upload(
      'docs.zip',
      'application/zip',
      Buffer.from(
        zipSync({
          'guide/install.md': strToU8('# Install\n\nRun `acme init`, then read [Usage](usage.html#flags).\n'),
          'guide/usage.html': strToU8(
            '<h1>Usage</h1><p>Flags: <a href="install.md">back to install</a>.</p><table><tr><th>Flag</th></tr><tr><td>-v</td></tr></table>',
          ),
          'logo.png': new Uint8Array([137, 80, 78, 71]),
        }),
      ),
    );
    const started = await client.org.startImportRun(orgId, { source: { type: 'file', files: [notes, faq, zip] }, target: { space } });
    expect(started.status).toBe(201);
    expectMatchesOperation('startImportRun', 201, started.data);
    expect(started.data).toMatchObject({ status: 'pending', source: { type: 'file', files: [notes, faq, zip] }, target: { space } });

    const run = await finish(started.data.id);
    expect(run).toMatchObject({ status: 'completed', counts: { pages: 4, pending: 0 }, completedAt: expect.any(String) });
    const pages = await pagesOf(space);
    expect(pages.map((p) => p.title)).toEqual(['Release notes', 'FAQ', 'Install', 'Usage']);
    expect(run.pages).toEqual(
      pages.map((p, i) => ({ id: p.id, sourceURL: [notes, faq, `${zip}/guide/install.md`, `${zip}/guide/usage.html`][i], type: 'page', status: 'complete' })),
    );
    const [notesPage, faqPage, install, usage] = pages;
    expect(await markdownOf(space, faqPage.id)).toBe('# FAQ\n\nAsk **us**.\n');
    // Links between imported documents point to the new pages (by id); others stay as written.
    expect(await markdownOf(space, notesPage.id)).toContain(`[FAQ](/pages/${faqPage.id}#top) and [elsewhere](https://example.com/x)`);
    expect(await markdownOf(space, install.id)).toContain(`[Usage](/pages/${usage.id}#flags)`);
    const usageMd = await markdownOf(space, usage.id);
    expect(usageMd).toContain(`[back to install](/pages/${install.id})`);
    expect(usageMd).toContain('| Flag |');
    // Through a change request the run made and merged.
    const crs = (await content().listCRs(space, admin, { status: 'merged' })).body.items;
    expect(crs.map((c: { subject: string }) => c.subject)).toEqual(['Import from 3 uploaded files']);
  });

  it('into a change request: the pages are added to it, which stays unmerged; into a page: they become its children', async () => {
    const space = (await content().createSpace(orgId, admin, 'Drafts')).id;
    const cr = (await content().createCR(space, admin, { subject: 'Mine' })).body.id;
    await content().write(space, cr, admin, [{ operation: 'insert_page', title: 'Existing', document: { markdown: 'Hi.' } }]);
    const key = await upload('existing.md', 'text/markdown', '# Existing\n\nAn imported page with a taken slug.\n');
    const run = await finish((await start({ source: { type: 'file', files: [key] }, target: { space, changeRequest: cr } })).body.id);
    expect(run).toMatchObject({ status: 'completed', target: { space, changeRequest: cr } });
    const inCr = flatten((await content().crPages(space, cr, admin)).body.pages);
    expect(inCr.map((p) => [p.title, p.slug])).toEqual([
      ['Existing', 'existing'],
      ['Existing', 'existing-2'],
    ]);
    expect((await content().getCR(space, cr, admin)).body.status).toBe('draft');
    expect(await pagesOf(space)).toEqual([]);

    const merged = await content().merge(space, cr, admin);
    expect(merged.status).toBe(200);
    const parent = (await pagesOf(space))[0];
    const child = await upload('child.md', 'text/markdown', '# Child page\n\nBelow.\n');
    const under = await finish((await start({ source: { type: 'file', files: [child] }, target: { space, page: parent.id } })).body.id);
    expect(under.status).toBe('completed');
    const tree = (await content().mainPages(space, admin)).body.pages;
    expect(tree[0].pages.map((p: { title: string }) => p.title)).toEqual(['Child page']);
    expect(under.pages).toEqual([{ id: tree[0].pages[0].id, sourceURL: child, type: 'page', status: 'complete' }]);
  });

  it('answers 400 naming the field, 404 for what the caller cannot see, 403 without edit rights', async () => {
    const space = (await content().createSpace(orgId, admin, 'Guarded')).id;
    const key = await upload('a.md', 'text/markdown', '# A\n');
    const cases: Array<[unknown, number, RegExp, string?]> = [
      [{ source: { type: 'file', files: ['orgs/nope/import_file/x/a.md'] }, target: { space } }, 400, /^source\.files\[0\]: no uploaded file with this key/],
      [{ source: { type: 'file', files: [] }, target: { space } }, 400, /^source\.files: must be an array of 1 to 100 storage keys/],
      [{ source: { type: 'file', files: ['../x'] }, target: { space } }, 400, /^source\.files\[0\]: must be a storage key/],
      [{ source: { type: 'website', url: 'ftp://example.com' }, target: { space } }, 400, /^source\.url: must be an absolute http\(s\) URL/],
      [
        { source: { type: 'website', url: 'http://169.254.169.254/latest' }, target: { space } },
        400,
        /^source\.url: 169\.254\.169\.254 is a loopback, private/,
      ],
      [{ source: { type: 'website', url: 'http://u:p@example.com/' }, target: { space } }, 400, /^source\.url: must not carry credentials/],
      [{ source: { type: 'git', url: 'x' }, target: { space } }, 400, /^source\.type: must be "website" or "file"/],
      [{ source: { type: 'file', files: [key] }, target: {} }, 400, /^target\.space: must be an id/],
      [{ source: { type: 'file', files: [key] }, target: { space, extra: 1 } }, 400, /^target\.extra: unknown field/],
      [{ source: { type: 'file', files: [key] }, target: { space: 'nope' } }, 404, /^target\.space: no space with id nope/],
      [{ source: { type: 'file', files: [key] }, target: { space, page: 'nope' } }, 404, /^target\.page: no page with id nope/],
      [{ source: { type: 'file', files: [key] }, target: { space, changeRequest: 'nope' } }, 404, /^target\.changeRequest: no change request nope/],
      [{ source: { type: 'file', files: [key] }, target: { space } }, 403, /needs the edit role/, reader],
    ];
    for (const [body, status, message, token] of cases) {
      const res = await start(body, token);
      expect([res.status, res.body.error?.message]).toEqual([status, expect.stringMatching(message)]);
    }
    // Another organization's member: the organization itself is not found; the official client sees the same.
    expect((await clientError(t.client(outsider).org.startImportRun(orgId, { source: { type: 'file', files: [key] }, target: { space } }))).code).toBe(404);
    // Nor can they aim their own organization's import at this organization's space.
    const aimed = await callOperation(t, 'startImportRun', { organizationId: outsiderOrg }, outsider, {
      body: { source: { type: 'website', url: 'https://93.184.215.14/' }, target: { space } },
    });
    expect([aimed.status, aimed.body.error.message]).toEqual([404, `target.space: no space with id ${space} in organization ${outsiderOrg}`]);
  });

  it('fails a run past the page or byte limit with a reason; nothing is written', async () => {
    const space = (await content().createSpace(orgId, admin, 'Limits')).id;
    const many = await upload(
      'many.zip',
      'application/zip',
      Buffer.from(zipSync(Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`p${i}.md`, strToU8(`# P${i}`)])))),
    );
    const big = await upload('big.zip', 'application/zip', Buffer.from(zipSync({ 'big.md': new Uint8Array(60_000).fill(97) })));
    const pdf = await upload('doc.bin', 'application/octet-stream', Buffer.from('%PDF-1.4'));
    const before = await t.app.get(EventStore).headPosition();
    const reasons = [];
    for (const key of [many, big, pdf]) {
      const run = await finish((await start({ source: { type: 'file', files: [key] }, target: { space } })).body.id);
      expect(run.status).toBe('failed');
      reasons.push(run.reason);
    }
    expect(reasons).toEqual([
      'the files hold more than 5 pages (IMPORT_MAX_PAGES)',
      `big.md in source.files[0] (big.zip) takes the import past 50000 bytes (IMPORT_MAX_BYTES)`,
      'source.files[0]: doc.bin is not markdown, HTML or a zip archive of them',
    ]);
    expect(await pagesOf(space)).toEqual([]);
    const written = await stateEventsAfter(t.app.get(EventStore), before);
    expect(written.filter((e) => !/^(ImportRun|Timer|StorageObject)/.test(e))).toEqual([]);
  });

  it('cancels a pending run (nothing is written), once; a finished run cannot be cancelled; runs are listed newest first', async () => {
    const space = (await content().createSpace(orgId, admin, 'Cancelled')).id;
    const key = await upload('c.md', 'text/markdown', '# C\n');
    const started = (await start({ source: { type: 'file', files: [key] }, target: { space } })).body;
    const cancelled = await client.org.cancelImportRun(orgId, started.id);
    expectMatchesOperation('cancelImportRun', 201, cancelled.data);
    expect(cancelled.data.status).toBe('cancelled');
    expect((await finish(started.id)).status).toBe('cancelled');
    expect(await pagesOf(space)).toEqual([]);
    const again = await callOperation(t, 'cancelImportRun', { organizationId: orgId, importRunId: started.id }, admin);
    expect([again.status, again.body.status]).toEqual([201, 'cancelled']);

    const done = await finish((await start({ source: { type: 'file', files: [key] }, target: { space } })).body.id);
    const refused = await callOperation(t, 'cancelImportRun', { organizationId: orgId, importRunId: done.id }, admin);
    expect([refused.status, refused.body.error.message]).toEqual([
      400,
      expect.stringMatching(/is completed; only a pending or in-progress run can be cancelled/),
    ]);
    expect((await callOperation(t, 'cancelImportRun', { organizationId: orgId, importRunId: 'nope' }, admin)).status).toBe(404);
    expect((await callOperation(t, 'cancelImportRun', { organizationId: orgId, importRunId: done.id }, reader)).status).toBe(403);

    const list = await t.http.get(`/v1/org/${orgId}/imports`).query({ space }).set(bearer(reader)).expect(200);
    expectMatches0202('listImportRuns', 200, list.body);
    expect(list.body.items.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [done.id, 'completed'],
      [started.id, 'cancelled'],
    ]);
    const active = await t.http.get(`/v1/org/${orgId}/imports`).query({ status: 'active' }).set(bearer(admin)).expect(200);
    expect(active.body.items).toEqual([]);
    expect((await t.http.get(`/v1/org/${orgId}/imports/${done.id}`).set(bearer(outsider))).status).toBe(404);
  });
});
