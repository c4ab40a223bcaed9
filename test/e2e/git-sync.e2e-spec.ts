import { EventStore } from '@app/platform';
import { api } from '../support/content-api';
import { GitServer, startGitServer } from '../support/git-server';
import { expectMatchesOperation } from '../support/reference-schema';
import { bearer, callOperation, email, startTestApp, TestApp } from '../support/test-app';

const PASSWORD = 's3cret-token';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const HANDBOOK = {
  'README.md': '# Handbook\n\nWelcome to the handbook.\n',
  'SUMMARY.md':
    '# Table of contents\n\n* [Handbook](README.md)\n* [Guides](guides/README.md)\n  * [Setup](guides/setup.md)\n  * [Advanced](guides/advanced.md)\n',
  'guides/README.md': '# Guides\n\nAll the guides.\n',
  'guides/setup.md': '---\ndescription: Install it\n---\n\n# Setup\n\nRun the installer.\n\n![Logo](../.gitbook/assets/logo.png)\n',
  'guides/advanced.md': '# Advanced\n\nTuning.\n',
  '.gitbook/assets/logo.png': PNG,
  LICENSE: 'MIT\n',
};

/**
 * Git sync against real repositories served by Debian's git (`git http-backend`) over smart
 * HTTP with basic auth: import, edit through a change request, export, edit in git, import again,
 * the content checked at every step; credentials absent from every answer and event.
 */
describe('Git sync (e2e)', () => {
  let t: TestApp;
  let server: GitServer;
  let orgId: string;
  let admin: string;
  const a = () => api(t);

  const importRepo = (space: string, body: Record<string, unknown>, token = admin) =>
    callOperation(t, 'importGitRepository', { spaceId: space }, token, { body: { ref: 'refs/heads/main', ...body } });
  const exportRepo = (space: string, body: Record<string, unknown>, token = admin) =>
    callOperation(t, 'exportToGitRepository', { spaceId: space }, token, { body: { ref: 'refs/heads/main', commitMessage: 'Export', ...body } });
  /** Runs what the saga scheduled (the import timers that are due). */
  async function runImports() {
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
  }
  const revision = async (space: string) => (await a().get('getCurrentRevision', `/v1/spaces/${space}/content`, admin)).body;
  const flat = (pages: any[]): any[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);
  const byPath = async (space: string) => Object.fromEntries(flat((await revision(space)).pages).map((p) => [p.path, p]));

  beforeAll(async () => {
    server = await startGitServer({ username: 'git-user', password: PASSWORD });
    t = await startTestApp({ config: { outboundAllowedHosts: ['127.0.0.1'] } });
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Git Org', email('admin')));
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('import, edit through a change request, export, edit in git, import again: the content is right at every step', async () => {
    server.create('handbook', HANDBOOK);
    const space = (await a().createSpace(orgId, admin, 'Handbook')).id as string;

    // 1. Import: 204 with an empty body, the work done by the timer.
    const started = await importRepo(space, { url: server.url('handbook'), repoCommitURL: 'https://git.example.com/commit/' });
    expect([started.status, started.text]).toEqual([204, '']);
    await runImports();
    const first = await revision(space);
    expect(first.git).toMatchObject({ oid: server.head('handbook'), message: 'Initial content', ref: 'refs/heads/main', createdByService: false });
    expect(first.git.url).toBe(`https://git.example.com/commit/${server.head('handbook')}`);
    let pages = await byPath(space);
    expect(Object.keys(pages).sort()).toEqual(['guides', 'guides/advanced', 'guides/setup', 'handbook']);
    expect(pages['guides/setup']).toMatchObject({ title: 'Setup', description: 'Install it', git: { path: 'guides/setup.md' } });
    expect(pages['guides/setup'].markdown).toContain('Run the installer.');
    expect(pages['handbook'].markdown).toContain('Welcome to the handbook.');
    expect(first.files.map((f: any) => [f.name, f.contentType, f.size, f.git?.path])).toEqual([
      ['logo.png', 'image/png', PNG.length, '.gitbook/assets/logo.png'],
    ]);
    const ids = Object.fromEntries(Object.entries(pages).map(([p, v]) => [p, (v as { id: string }).id]));

    // 2. Edit through a change request, merged.
    const cr = (await a().createCR(space, admin, { subject: 'Edit setup' })).body;
    await a().write(space, cr.id, admin, [
      { operation: 'update_page', page: ids['guides/setup'], document: { markdown: '# Setup\n\nRun the installer, then reboot.\n' } },
      { operation: 'insert_page', title: 'FAQ', document: { markdown: '# FAQ\n\nAsk away.\n' } },
    ]);
    expect((await a().merge(space, cr.id, admin)).status).toBe(200);

    // 3. Export: one commit by the caller, only the files that changed.
    const before = server.head('handbook');
    expect((await exportRepo(space, { url: server.url('handbook'), commitMessage: 'Docs from the platform' })).status).toBe(204);
    expect(server.head('handbook')).not.toBe(before);
    expect(server.info('handbook')).toEqual({ message: 'Docs from the platform', author: expect.stringMatching(/^Ada Admin <admin-.*@example\.com>$/) });
    expect(server.read('handbook', 'guides/setup.md')).toContain('Run the installer, then reboot.');
    expect(server.read('handbook', 'faq.md')).toContain('Ask away.');
    expect(server.read('handbook', 'SUMMARY.md')).toContain('[FAQ](faq.md)');
    expect(server.read('handbook', 'LICENSE')).toBe('MIT\n');
    expect(server.changed('handbook').sort()).toEqual(expect.arrayContaining(['SUMMARY.md', 'faq.md', 'guides/setup.md']));
    expect(server.changed('handbook')).not.toContain('guides/advanced.md');
    expect(server.changed('handbook')).not.toContain('.gitbook/assets/logo.png');

    // 4. Edit in git, with the git CLI.
    server.commit('handbook', { 'guides/advanced.md': '# Advanced\n\nTuning, and more tuning.\n' }, 'Edit advanced in git');

    // 5. Import again: git's edit arrives, the platform's edits stay, page ids are kept.
    await importRepo(space, { url: server.url('handbook') });
    await runImports();
    const second = await revision(space);
    expect(second.git).toMatchObject({ oid: server.head('handbook'), message: 'Edit advanced in git', createdByService: false });
    pages = await byPath(space);
    expect(Object.keys(pages).sort()).toEqual(['faq', 'guides', 'guides/advanced', 'guides/setup', 'handbook']);
    expect(pages['guides/advanced'].markdown).toContain('Tuning, and more tuning.');
    expect(pages['guides/setup'].markdown).toContain('Run the installer, then reboot.');
    expect(pages['faq'].markdown).toContain('Ask away.');
    for (const path of ['handbook', 'guides', 'guides/setup', 'guides/advanced']) expect(pages[path].id).toBe(ids[path]);
  });

  it('never shows or records the credentials of the URL', async () => {
    const store = t.app.get(EventStore);
    const all = JSON.stringify(await store.readAll({ after: 0 }));
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(`git-user:${PASSWORD}`);
    const space = (await a().createSpace(orgId, admin, 'Info')).id as string;
    await importRepo(space, { url: server.url('handbook'), gitInfo: { provider: 'github', url: 'https://github.com/acme/handbook' } });
    await runImports();
    const info = await callOperation(t, 'getSpaceGitInfo', { spaceId: space }, admin);
    expect(info.body).toEqual({
      repoName: 'handbook',
      installationProvider: 'github',
      integration: 'github',
      url: 'https://github.com/acme/handbook',
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(info.body)).not.toContain(PASSWORD);
    expectMatchesOperation('getSpaceGitInfo', 200, info.body);
  });
});
