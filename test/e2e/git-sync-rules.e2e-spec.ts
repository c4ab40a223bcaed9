import { EventStore } from '@app/platform';
import { api } from '../support/content-api';
import { GitServer, startGitServer } from '../support/git-server';
import { callOperation, email, startTestApp, TestApp } from '../support/test-app';

const PASSWORD = 'rules-pass-42';
const REPO = {
  'README.md': '# Start\n\nHello.\n',
  'SUMMARY.md': '# Table of contents\n\n* [Start](README.md)\n* [Notes](notes.md)\n',
  'notes.md': '# Notes\n\nFirst notes.\n',
};

/** Conflicts and force, ordering by timestamp, failures with a clear reason, getSpaceGitInfo and the legacy installation. */
describe('Git sync rules (e2e)', () => {
  let t: TestApp;
  let server: GitServer;
  let orgId: string;
  let admin: string;
  let store: EventStore;
  const a = () => api(t);
  const body = (repo: string, extra: Record<string, unknown> = {}) => ({ url: server.url(repo), ref: 'refs/heads/main', ...extra });
  const importRepo = (space: string, b: Record<string, unknown>) => callOperation(t, 'importGitRepository', { spaceId: space }, admin, { body: b });
  const exportRepo = (space: string, b: Record<string, unknown>) =>
    callOperation(t, 'exportToGitRepository', { spaceId: space }, admin, { body: { commitMessage: 'Export', ...b } });
  async function runImports() {
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
  }
  const events = async (space: string) => (await store.readStream(`git-sync.space-${space}`)).map((e) => ({ type: e.type, data: e.data as any }));
  const flat = (list: any[]): any[] => list.flatMap((p) => [p, ...flat(p.pages ?? [])]);
  const pages = async (space: string) => flat((await a().mainPages(space, admin)).body.pages);
  const editPage = async (space: string, pageId: string, markdown: string) => {
    const cr = (await a().createCR(space, admin, {})).body;
    await a().write(space, cr.id, admin, [{ operation: 'update_page', page: pageId, document: { markdown } }]);
    await a().merge(space, cr.id, admin);
  };
  async function synced(repo: string) {
    server.create(repo, REPO);
    const space = (await a().createSpace(orgId, admin, repo)).id as string;
    await importRepo(space, body(repo));
    await runImports();
    const list = await pages(space);
    return { space, notes: list.find((p: any) => p.slug === 'notes').id as string, start: list.find((p: any) => p.slug === 'start').id as string };
  }

  beforeAll(async () => {
    server = await startGitServer({ username: 'git-user', password: PASSWORD });
    t = await startTestApp({ config: { outboundAllowedHosts: ['127.0.0.1'] } });
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Git Rules Org', email('admin')));
    store = t.app.get(EventStore);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('merges a branch that moved in other files, refuses one that changed the same file (409), and force overwrites it', async () => {
    const { space, notes, start } = await synced('moved');
    server.commit('moved', { 'extra.txt': 'from git\n' }, 'Unrelated change in git');
    await editPage(space, notes, '# Notes\n\nEdited on the platform.\n');
    expect((await exportRepo(space, body('moved'))).status).toBe(204);
    expect(server.read('moved', 'notes.md')).toContain('Edited on the platform.');
    expect(server.read('moved', 'extra.txt')).toBe('from git\n');

    server.commit('moved', { 'README.md': '# Start\n\nChanged in git.\n' }, 'Same file in git');
    await editPage(space, start, '# Start\n\nChanged on the platform.\n');
    const head = server.head('moved');
    const refused = await exportRepo(space, body('moved'));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/README\.md/);
    expect(server.head('moved')).toBe(head);
    expect((await events(space)).at(-1)).toMatchObject({ type: 'GitSyncFailed', data: { direction: 'export' } });

    expect((await exportRepo(space, body('moved', { force: true }))).status).toBe(204);
    expect(server.read('moved', 'README.md')).toContain('Changed on the platform.');
  });

  it('skips an operation older than the last one applied, and records it as skipped', async () => {
    const { space, notes } = await synced('ordered');
    await editPage(space, notes, '# Notes\n\nNewer.\n');
    expect((await exportRepo(space, body('ordered', { timestamp: '2026-03-01T12:00:00Z' }))).status).toBe(204);
    const head = server.head('ordered');
    await editPage(space, notes, '# Notes\n\nStale.\n');
    expect((await exportRepo(space, body('ordered', { timestamp: '2026-03-01T11:00:00Z' }))).status).toBe(204);
    expect(server.head('ordered')).toBe(head);
    expect((await importRepo(space, body('ordered', { timestamp: '2026-03-01T10:00:00Z' }))).status).toBe(204);
    await runImports();
    const skipped = (await events(space)).filter((e) => e.type === 'GitSyncSkipped').map((e) => [e.data.direction, e.data.timestamp]);
    expect(skipped).toEqual([
      ['export', '2026-03-01T11:00:00.000Z'],
      ['import', '2026-03-01T10:00:00.000Z'],
    ]);
    expect((await pages(space)).find((p: any) => p.id === notes).markdown).toContain('Stale.');
  });

  it('records a clear failure for wrong credentials, without them anywhere', async () => {
    server.create('locked', REPO);
    const space = (await a().createSpace(orgId, admin, 'Locked')).id as string;
    const url = server.url('locked', { username: 'git-user', password: 'not-the-password-77' });
    expect((await importRepo(space, { url, ref: 'refs/heads/main' })).status).toBe(204);
    await runImports();
    const failed = (await events(space)).find((e) => e.type === 'GitSyncFailed');
    expect(failed?.data.reason).toMatch(/authentication failed/);
    expect(JSON.stringify(await store.readAll({ after: 0 }))).not.toContain('not-the-password-77');
    const exported = await exportRepo(space, { url, ref: 'refs/heads/main' });
    expect(exported.status).toBe(400);
    expect(exported.body.error.message).toMatch(/^url: .*authentication failed/);
    expect(exported.body.error.message).not.toContain('not-the-password-77');
    expect(await pages(space)).toEqual([]);
  });

  it('refuses bad input naming the field', async () => {
    const space = (await a().createSpace(orgId, admin, 'Bad')).id as string;
    for (const [b, message] of [
      [{ url: 'ssh://git@host/repo.git', ref: 'refs/heads/main' }, /^url: /],
      [{ url: '/etc/repo', ref: 'refs/heads/main' }, /^url: local repositories/],
      [{ url: server.url('x'), ref: 'main' }, /^ref: must be a branch ref/],
      [{ url: server.url('x'), ref: 'refs/heads/main', repoProjectDirectory: '../up' }, /^repoProjectDirectory: /],
      [{ url: 'http://169.254.169.254/repo.git', ref: 'refs/heads/main' }, /^url: .*metadata/],
    ] as const) {
      const res = await importRepo(space, b);
      expect([res.status, res.body.error?.message]).toEqual([400, expect.stringMatching(message)]);
    }
  });

  it('getSpaceGitInfo answers 404 before any sync; deleteLegacyGitInstallation answers 205 then 204', async () => {
    const space = (await a().createSpace(orgId, admin, 'Legacy')).id as string;
    expect((await callOperation(t, 'getSpaceGitInfo', { spaceId: space }, admin)).status).toBe(404);
    expect((await callOperation(t, 'deleteLegacyGitInstallation', { spaceId: space }, admin)).status).toBe(204);
    server.create('legacy', REPO);
    await importRepo(space, body('legacy', { repoTreeURL: 'https://example.com/tree/main' }));
    await runImports();
    const info = (await callOperation(t, 'getSpaceGitInfo', { spaceId: space }, admin)).body;
    expect(info).toEqual({ repoName: 'legacy', integration: 'git', url: 'https://example.com/tree/main', updatedAt: expect.any(String) });
    expect((await callOperation(t, 'deleteLegacyGitInstallation', { spaceId: space }, admin)).status).toBe(205);
    expect((await callOperation(t, 'deleteLegacyGitInstallation', { spaceId: space }, admin)).status).toBe(204);
    expect((await callOperation(t, 'getSpaceGitInfo', { spaceId: space }, admin)).status).toBe(404);
  });
});
