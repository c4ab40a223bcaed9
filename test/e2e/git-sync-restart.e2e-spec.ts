import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EventStore } from '@app/platform';
import { api } from '../support/content-api';
import { GitServer, startGitServer } from '../support/git-server';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';

/**
 * An import cut off mid-way (its process gone while fetching) finishes once in the next process
 * on the same data folder: the durable timer fires again, the revision is named by the operation,
 * and the old process finishing late writes nothing more.
 */
describe('Git import across a restart (e2e)', () => {
  let server: GitServer;
  let dataDir: string;
  const apps: TestApp[] = [];
  const start = async () => {
    const t = await startTestApp({ dataDir, config: { outboundAllowedHosts: ['127.0.0.1'], fetchTimeoutMs: 60_000 } });
    apps.push(t);
    return t;
  };

  beforeAll(async () => {
    server = await startGitServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-restart-'));
  });
  afterAll(async () => {
    server.release();
    for (const t of apps.reverse()) await t.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes once', async () => {
    server.create('docs', {
      'README.md': '# Docs\n\nHello.\n',
      'SUMMARY.md': '# Table of contents\n\n* [Docs](README.md)\n* [Page](page.md)\n',
      'page.md': '# Page\n\nBody.\n',
    });
    const first = await start();
    const { organizationId, token } = await first.bootstrap('Restart Org', email('admin'));
    await first.engine.drain(); // the CLI wrote the organization: its read model first
    const space = (await api(first).createSpace(organizationId, token, 'Docs')).id as string;
    await first.http
      .post(`/v1/spaces/${space}/git/import`)
      .set(bearer(token))
      .send({ url: server.url('docs'), ref: 'refs/heads/main' })
      .expect(204);
    await first.engine.drain();

    // The first process claims the import and starts fetching; the remote never answers it.
    server.hold();
    const abandoned = first.scheduler.runDue();
    for (let i = 0; i < 500 && server.waiting() === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(server.waiting()).toBeGreaterThan(0);

    // The next process on the same data folder: the timer is still due and the import resumes.
    const second = await start();
    await second.engine.drain();
    const resumed = second.scheduler.runDue();
    for (let i = 0; i < 500 && server.waiting() < 2; i++) await new Promise((r) => setTimeout(r, 10));
    server.release(); // both processes get their answers now; the first one is late
    await resumed;
    await abandoned;
    await second.engine.drain();

    const store = second.app.get(EventStore);
    const sync = (await store.readStream(`git-sync.space-${space}`)).map((e) => e.type);
    expect(sync).toEqual(['GitImportRequested', 'GitImportStarted', 'GitImported']);
    const revised = (await store.readStream(`content.space-${space}`)).filter((e) => e.type === 'SpaceContentRevised');
    expect(revised).toHaveLength(1);
    const pages = (await second.http.get(`/v1/spaces/${space}/content/pages`).set(bearer(token)).expect(200)).body.pages;
    expect(pages.map((p: any) => p.title)).toEqual(['Docs', 'Page']);
    expect(await second.scheduler.runDue()).toBe(0);
    expect(await first.scheduler.runDue()).toBe(0);
  });
});
