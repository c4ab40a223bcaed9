import { QueryBus } from '@nestjs/cqrs';
import { GetReaderContentQuery, GetReaderFileQuery, GetReaderPageQuery, ReaderLinks } from '@app/content';
import { NotFound } from '@app/platform';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { api } from '../support/content-api';

/**
 * The content seam of the delivery level (GetReaderContentQuery, GetReaderPageQuery,
 * GetReaderFileQuery) over content written and merged through the API: pages in document order
 * with paths and reader flags, page bodies as sanitized HTML with links through the delivery
 * side's URLs, reusable contents in place, sections for search, file bytes.
 */
describe('content for readers (e2e)', () => {
  let t: TestApp;
  let queries: QueryBus;
  let a: ReturnType<typeof api>;
  let admin: string;
  let space: string;
  let other: string;
  let ids: Record<string, string>;
  let fileId: string;
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  const links: ReaderLinks = { page: (id, anchor) => `/site/p/${id}${anchor ? `#${anchor}` : ''}`, file: (id) => `/site/f/${id}` };

  const merged = async (changes: unknown[]) => {
    const cr = (await a.createCR(space, admin, { subject: 'Edit' })).body.id;
    const res = await a.write(space, cr, admin, changes, false);
    expect(res.status).toBe(200);
    expect((await a.merge(space, cr, admin)).status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    queries = t.app.get(QueryBus);
    a = api(t);
    const boot = await t.bootstrap('Acme', email('admin'));
    admin = boot.token;
    space = (await a.createSpace(boot.organizationId, admin)).id;
    other = (await a.createSpace(boot.organizationId, admin, 'Other')).id;
    const body = await merged([
      { operation: 'insert_files', files: [{ ref: 'logo.png', name: 'logo.png', contentType: 'application/octet-stream', base64: png.toString('base64') }] },
      { operation: 'insert_reusable_content', title: 'Warning', ref: 'warn', document: { markdown: 'Back up **first**.' } },
      { operation: 'insert_page', title: 'Guide', ref: 'guide', document: { markdown: 'Welcome.' } },
      {
        operation: 'insert_page',
        title: 'Install',
        into: 'guide',
        document: {
          markdown: [
            'Before you start.',
            '',
            '## Setup',
            '',
            'See [the reference](./reference.md#options) and ![logo](./logo.png).',
            '',
            '{% include "warn" %}',
            '',
            '## Setup',
            '',
            '{% hint style="danger" %}',
            'Never <script>alert(1)</script> here.',
            '{% endhint %}',
          ].join('\n'),
        },
      },
      {
        operation: 'insert_page',
        title: 'Reference',
        ref: 'reference',
        hidden: true,
        condition: 'visitor.claims.plan == "pro"',
        document: { markdown: '## Options' },
      },
    ]);
    fileId = body.insertedFiles[0].id;
    const read = await queries.execute(new GetReaderContentQuery(space));
    ids = Object.fromEntries(read.pages.map((p) => [p.title, p.id]));
  });
  afterAll(async () => t?.close());

  it("lists main's pages in document order with depth, full path and reader flags", async () => {
    const content = await queries.execute(new GetReaderContentQuery(space));
    expect(content.spaceId).toBe(space);
    expect(content.pages.map((p) => [p.title, p.depth, p.path, p.parentId])).toEqual([
      ['Guide', 0, 'guide', null],
      ['Install', 1, 'guide/install', ids.Guide],
      ['Reference', 0, 'reference', null],
    ]);
    expect(content.pages[2]).toMatchObject({ kind: 'sheet', hidden: true, noIndex: false, condition: 'visitor.claims.plan == "pro"', href: null });
    expect(content.pages[0]).toMatchObject({ hidden: false, condition: null, description: null, emoji: null });
    // A revision never changes: the same answer is shared, and it cannot be altered by a reader.
    expect(await queries.execute(new GetReaderContentQuery(space, content.revisionId))).toBe(content);
    expect(Object.isFrozen(content.pages) && Object.isFrozen(content.pages[0])).toBe(true);
  });

  it('renders a page: sanitized HTML, unique anchors, links through the reader links, includes in place, sections', async () => {
    const { revisionId } = await queries.execute(new GetReaderContentQuery(space));
    const page = await queries.execute(new GetReaderPageQuery(space, revisionId, ids.Install, links));
    expect(page).toMatchObject({ pageId: ids.Install, revisionId });
    expect(page.headings).toEqual([
      { level: 2, title: 'Setup', anchor: 'setup' },
      { level: 2, title: 'Setup', anchor: 'setup-1' },
    ]);
    expect(page.html).toContain('<h2 id="setup">Setup</h2>');
    expect(page.html).toContain(`<a href="/site/p/${ids.Reference}#options">the reference</a>`);
    expect(page.html).toMatch(new RegExp(`<img src="/site/f/${fileId}" alt="logo">`));
    expect(page.html).toContain('Back up <strong>first</strong>.');
    expect(page.html).toContain('<div class="hint hint-danger" role="note">');
    expect(page.html).not.toMatch(/<script/i);
    expect(page.markdown).toMatch(/^# Install\n\nBefore you start\./);
    expect(page.markdown).toContain(`[the reference](/site/p/${ids.Reference}#options)`);
    expect(page.markdown).toContain('Back up **first**.');
    expect(page.markdown).not.toContain('{% include');
    expect(page.sections).toEqual([
      { anchor: null, title: 'Install', text: 'Before you start.' },
      { anchor: 'setup', title: 'Setup', text: 'See the reference and logo.\nBack up first.' },
      { anchor: 'setup-1', title: 'Setup', text: 'Never <script>alert(1)</script> here.' },
    ]);
  });

  it('serves an older revision as it was after main moved on', async () => {
    const before = await queries.execute(new GetReaderContentQuery(space));
    await merged([{ operation: 'update_page', page: ids.Guide, title: 'Guides', slug: 'guides' }]);
    const after = await queries.execute(new GetReaderContentQuery(space));
    expect(after.revisionId).not.toBe(before.revisionId);
    expect(after.pages.map((p) => p.path)).toEqual(['guides', 'guides/install', 'reference']);
    expect((await queries.execute(new GetReaderContentQuery(space, before.revisionId))).pages.map((p) => p.path)).toEqual([
      'guide',
      'guide/install',
      'reference',
    ]);
  });

  it("bodyVersion changes with a page's own body or a reusable content of the space, not with its title or place", async () => {
    const versions = async () => Object.fromEntries((await queries.execute(new GetReaderContentQuery(space))).pages.map((p) => [p.id, p.bodyVersion]));
    const v0 = await versions();
    await merged([{ operation: 'update_page', page: ids.Guide, title: 'Guide book', into: ids.Reference }]);
    expect(await versions()).toEqual(v0);
    await merged([{ operation: 'update_page', page: ids.Install, document: { markdown: 'Changed.' } }]);
    const v1 = await versions();
    expect(v1[ids.Install]).not.toBe(v0[ids.Install]);
    expect(v1[ids.Guide]).toBe(v0[ids.Guide]);
    const revision = (await t.http.get(`/v1/spaces/${space}/content`).set(bearer(admin)).expect(200)).body;
    await merged([{ operation: 'update_reusable_content', reusableContent: revision.reusableContents[0].id, document: { markdown: 'Back up twice.' } }]);
    const v2 = await versions();
    for (const id of Object.values(ids)) expect(v2[id]).not.toBe(v1[id]);
  });

  it("answers a file's bytes typed from the bytes, null for a file the revision does not have", async () => {
    const { revisionId } = await queries.execute(new GetReaderContentQuery(space));
    const file = await queries.execute(new GetReaderFileQuery(space, revisionId, fileId));
    expect(file).toEqual({ name: 'logo.png', contentType: 'image/png', bytes: png });
    expect(await queries.execute(new GetReaderFileQuery(space, revisionId, 'nope'))).toBeNull();
  });

  it('answers 404 for an unknown space, page, or a revision of another space', async () => {
    const { revisionId } = await queries.execute(new GetReaderContentQuery(space));
    await expect(queries.execute(new GetReaderContentQuery('nope'))).rejects.toBeInstanceOf(NotFound);
    await expect(queries.execute(new GetReaderContentQuery(other, revisionId))).rejects.toBeInstanceOf(NotFound);
    await expect(queries.execute(new GetReaderPageQuery(space, revisionId, 'nope', links))).rejects.toBeInstanceOf(NotFound);
    await expect(queries.execute(new GetReaderPageQuery(other, revisionId, ids.Install, links))).rejects.toBeInstanceOf(NotFound);
    await expect(queries.execute(new GetReaderFileQuery(other, revisionId, fileId))).rejects.toBeInstanceOf(NotFound);
  });
});
