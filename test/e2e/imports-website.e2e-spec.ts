import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EventStore } from '@app/platform';
import { htmlPage, TestWebsite } from '../../libs/imports/src/testing/test-website';
import { api as contentApi, flatten } from '../support/content-api';
import { expectMatches0202, expectMatchesOperation } from '../support/reference-schema';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';

/**
 * startImportRun from a website: a bounded, same-origin crawl of a site served by a local server
 * (nav and chrome dropped, an image left where it is, a page on another origin never requested,
 * a loop of links read once), cancelled between pages, over the page limit, and across a restart.
 */
describe('content imports from a website (e2e)', () => {
  const elsewhere = new TestWebsite({ '/secret.html': htmlPage('Secret', '<h1>Secret</h1>') });
  const site = new TestWebsite();
  const pages = (off: string): Record<string, string | { body: string; type: string }> => ({
    '/': htmlPage(
      'Home',
      '<h1>Welcome</h1><p>Start with <a href="/guide/install.html">Install</a> or <a href="guide/">the guide</a>.</p>' +
        `<p><img src="/img/logo.png" alt="Logo"></p><p>Also <a href="${off}/secret.html">a page elsewhere</a>.</p>`,
      '<a href="/">Home</a><a href="/nav-only.html">Nav</a>',
    ),
    '/guide/': htmlPage('Guide', '<h1>Guide</h1><p>See <a href="install.html#top">Install</a> and <a href="setup.html">Setup</a>; <a href="/">home</a>.</p>'),
    '/guide/install.html': htmlPage('Install', '<h1>Install</h1><p>Run it. Then <a href="setup.html">setup</a>. <a href="/missing.html">Broken</a>.</p>'),
    '/guide/setup.html': htmlPage('Setup', '<h1>Setup</h1><p>Back to <a href="/guide/">the guide</a> and <a href="install.html">install</a>.</p>'),
    '/img/logo.png': { body: 'PNG', type: 'image/png' },
    // A chain for cancellation, the restart and the page limit.
    '/chain/': htmlPage('Chain', '<h1>Chain 0</h1><a href="1.html">next</a>'),
    ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`/chain/${i}.html`, htmlPage(`Chain ${i}`, `<h1>Chain ${i}</h1><a href="${i + 1}.html">next</a>`)])),
  });
  const apps: TestApp[] = [];
  let dataDir: string;
  let t: TestApp;
  let orgId: string;
  let admin: string;
  const content = () => contentApi(t);
  const start = async (space: string, url: string, app = t) => {
    const res = await app.client(admin).org.startImportRun(orgId, { source: { type: 'website', url }, target: { space } });
    expectMatchesOperation('startImportRun', 201, res.data);
    return res.data.id;
  };
  const get = async (runId: string, app = t) => {
    const res = await app.http.get(`/v1/org/${orgId}/imports/${runId}`).set(bearer(admin)).expect(200);
    expectMatches0202('getImportRun', 200, res.body);
    return res.body;
  };
  const runTimers = async (app = t) => {
    await app.engine.drain();
    await app.scheduler.runDue();
    await app.engine.drain();
  };
  const boot = async () => {
    const app = await startTestApp({ dataDir, config: { importMaxPages: 5, importMaxBytes: 200_000 } });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    await elsewhere.start();
    await site.start();
    Object.assign(site.pages, pages(elsewhere.url));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-website-'));
    t = await boot();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Website Org', email('admin')));
  });
  afterAll(async () => {
    for (const app of apps.splice(0).reverse()) await app.close();
    await site.stop();
    await elsewhere.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('crawls the same-origin pages once each, main content only; links between them point to the new pages', async () => {
    const space = (await content().createSpace(orgId, admin, 'From the web')).id;
    site.requests.length = 0;
    const runId = await start(space, `${site.url}/`);
    await runTimers();
    const run = await get(runId);
    expect(run).toMatchObject({ status: 'completed', counts: { pages: 4, pending: 0 } });
    // Breadth first; the broken link is tried once; the image, the nav's and footer's links and the other origin never.
    expect(site.requests).toEqual(['/', '/guide/install.html', '/guide/', '/guide/setup.html', '/missing.html']);
    expect(elsewhere.requests).toEqual([]);
    const written = flatten((await content().mainPages(space, admin)).body.pages);
    expect(written.map((p) => p.title)).toEqual(['Welcome', 'Install', 'Guide', 'Setup']);
    expect(run.pages.map((p: { sourceURL: string }) => p.sourceURL)).toEqual(
      ['/', '/guide/install.html', '/guide/', '/guide/setup.html'].map((p) => `${site.url}${p}`),
    );
    const [home, install, guide, setup] = written;
    const md = async (id: string) => (await content().mainPage(space, id, admin)).body.markdown as string;
    expect(await md(home.id)).toBe(
      [
        '# Welcome',
        '',
        `Start with [Install](/pages/${install.id}) or [the guide](/pages/${guide.id}).`,
        '',
        `![Logo](${site.url}/img/logo.png)`,
        '',
        `Also [a page elsewhere](${elsewhere.url}/secret.html).`,
        '',
      ].join('\n'),
    );
    expect(await md(guide.id)).toBe(`# Guide\n\nSee [Install](/pages/${install.id}#top) and [Setup](/pages/${setup.id}); [home](/pages/${home.id}).\n`);
    expect(await md(setup.id)).not.toMatch(/Test Docs|Legal|track/);
  });

  it('cancel stops the crawl between pages: nothing more is fetched, nothing is written', async () => {
    const space = (await content().createSpace(orgId, admin, 'Cancelled crawl')).id;
    site.requests.length = 0;
    const runId = await start(space, `${site.url}/chain/`);
    await t.engine.drain();
    const reached = site.hold('/chain/1.html');
    const running = t.scheduler.runDue();
    await reached;
    expect(await get(runId)).toMatchObject({ status: 'in-progress', counts: { pages: 1, pending: 1 } });
    const cancelled = await t.client(admin).org.cancelImportRun(orgId, runId);
    expect(cancelled.data.status).toBe('cancelled');
    site.release('/chain/1.html');
    await running;
    await t.engine.drain();
    expect(site.requests).toEqual(['/chain/', '/chain/1.html']);
    expect((await get(runId)).status).toBe('cancelled');
    expect((await content().mainPages(space, admin)).body.pages).toEqual([]);
    expect((await content().listCRs(space, admin)).body.items).toEqual([]);
  });

  it('fails past the page limit with the reason; nothing is written', async () => {
    const space = (await content().createSpace(orgId, admin, 'Too big')).id;
    const runId = await start(space, `${site.url}/chain/`);
    await runTimers();
    expect(await get(runId)).toMatchObject({
      status: 'failed',
      reason: 'the website has more than 5 pages (IMPORT_MAX_PAGES); start from a deeper URL or raise the limit',
    });
    expect((await content().mainPages(space, admin)).body.pages).toEqual([]);
  });

  it('a run cut off mid-crawl finishes once in the next process; the old one finishing late writes nothing', async () => {
    const space = (await content().createSpace(orgId, admin, 'Restarted')).id;
    const runId = await start(space, `${site.url}/chain/4.html`);
    await t.engine.drain();
    const reached = site.hold('/chain/5.html');
    const abandoned = t.scheduler.runDue();
    await reached;
    // As good as gone, it no longer runs the projections either: its lease passes to the next one.
    await t.engine.stop();
    const next = await boot();
    await runTimers(next);
    expect(await get(runId, next)).toMatchObject({ status: 'completed', counts: { pages: 3 } });
    site.release('/chain/5.html');
    await abandoned;
    await runTimers(next);
    const events = await next.app.get(EventStore).readStream(`imports.import-run-${runId}`);
    expect(events.filter((e) => e.type === 'ImportRunCompleted')).toHaveLength(1);
    const written = flatten((await contentApi(next).mainPages(space, admin)).body.pages);
    expect(written.map((p) => p.title)).toEqual(['Chain 4', 'Chain 5', 'Chain 6']);
  });
});
