import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EventStore } from '@app/platform';
import { petstore, SpecServer } from '../../libs/openapi/src/testing/spec-server';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';

/**
 * Processing survives the loss of its process: the saga's durable timer fires again in the next
 * process on the same data folder, and the spec's decider takes one outcome per processing, so a
 * processing cut off mid-way finishes exactly once, whatever the old process does afterwards.
 */
describe('OpenAPI processing across restarts (e2e)', () => {
  const specs = new SpecServer();
  const config = { fetchTimeoutMs: 60_000 };
  const dataDirs: string[] = [];
  const apps: TestApp[] = [];
  /** An app on the test's data folder (a fresh one for each test). */
  const start = async () => {
    const t = await startTestApp({ dataDir: dataDirs[dataDirs.length - 1], config });
    apps.push(t);
    return t;
  };
  const processingEvents = async (t: TestApp, orgId: string, slug: string) =>
    (await t.app.get(EventStore).readStream(`openapi.spec-${orgId}.${slug}`)).map((e) => e.type).filter((type) => type !== 'OpenAPISpecCreated');

  beforeAll(() => specs.start());
  beforeEach(() => {
    dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-restart-')));
  });
  afterEach(async () => {
    for (const t of apps.splice(0).reverse()) await t.close();
  });
  afterAll(async () => {
    await specs.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a processing cut off while fetching finishes once in the next process; the old one finishing late changes nothing', async () => {
    const first = await start();
    const { organizationId: orgId, token } = await first.bootstrap('Restart Org', email('admin'));
    specs.hold('/spec.json');
    await first.http
      .post(`/v1/orgs/${orgId}/openapi`)
      .set(bearer(token))
      .send({ slug: 'pets', source: { url: specs.url('/spec.json') } })
      .expect(201);
    await first.engine.drain();
    // The first process starts fetching and never gets an answer: it is as good as gone.
    const abandoned = first.scheduler.runDue();
    for (let i = 0; i < 500 && specs.waiting('/spec.json') === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await first.http.get(`/v1/orgs/${orgId}/openapi/pets`).set(bearer(token))).body.processingState).toBe('progress');

    // The next process on the same data folder: the timer is still due, the fetch now answers.
    specs.serve('/spec.json', petstore('1.0.0'));
    // As good as gone, it no longer runs the projections either: its lease passes to the next one.
    await first.engine.stop();
    const second = await start();
    await second.engine.drain();
    await second.scheduler.runDue();
    await second.engine.drain();
    const done = (await second.http.get(`/v1/orgs/${orgId}/openapi/pets`).set(bearer(token))).body;
    expect([done.processingState, done.lastProcessErrorCode, typeof done.lastVersion]).toEqual(['complete', undefined, 'string']);

    // The old process's fetch fails at last: its outcome is refused, nothing more is written.
    specs.release('/spec.json');
    await abandoned;
    await second.engine.drain();
    expect(await processingEvents(second, orgId, 'pets')).toEqual([
      'OpenAPISpecProcessingRequested',
      'OpenAPISpecProcessingStarted',
      'OpenAPISpecVersionCreated',
      'OpenAPISpecProcessed',
    ]);
    const after = (await second.http.get(`/v1/orgs/${orgId}/openapi/pets`).set(bearer(token))).body;
    expect([after.processingState, after.lastVersion, after.lastProcessErrorCode]).toEqual(['complete', done.lastVersion, undefined]);
    expect((await second.http.get(`/v1/orgs/${orgId}/openapi/pets/versions`).set(bearer(token))).body.count).toBe(1);
    expect(specs.hits.get('/spec.json')).toBe(2);
    // Nothing is left to fire in either process.
    expect(await second.scheduler.runDue()).toBe(0);
    expect(await first.scheduler.runDue()).toBe(0);
  });

  it('a processing asked for just before a shutdown runs after the restart', async () => {
    const before = await start();
    const { organizationId: orgId, token } = await before.bootstrap('Pending Org', email('admin'));
    specs.serve('/later.json', petstore('2.0.0'));
    await before.http
      .put(`/v1/orgs/${orgId}/openapi/later`)
      .set(bearer(token))
      .send({ source: { url: specs.url('/later.json') } })
      .expect(201);
    await before.close();
    apps.splice(apps.indexOf(before), 1);

    expect(specs.hits.get('/later.json')).toBeUndefined();

    // A scheduler fires the timers that are due when it starts, then at every interval.
    const after = await start();
    await after.engine.drain();
    await after.scheduler.runDue();
    await after.engine.drain();
    const spec = (await after.http.get(`/v1/orgs/${orgId}/openapi/later`).set(bearer(token))).body;
    expect([spec.processingState, typeof spec.lastVersion]).toEqual(['complete', 'string']);
    expect(await processingEvents(after, orgId, 'later')).toEqual([
      'OpenAPISpecProcessingRequested',
      'OpenAPISpecProcessingStarted',
      'OpenAPISpecVersionCreated',
      'OpenAPISpecProcessed',
    ]);
  });
});
