import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CommandBus } from '@nestjs/cqrs';
import { EventSourcing, EventStore, ServiceUnavailable } from '@app/platform';
import { FakeTranslator } from '../../libs/translations/src/testing/fake-translator';
import { api as contentApi, flatten } from '../support/content-api';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';

/**
 * A run survives the loss of its process: the saga's durable timer fires again in the next
 * process on the same data folder, which picks the run up at its first unrecorded step, and the
 * translation's decider takes one outcome per run. The first process, cut off while the provider
 * translates, finds the run finished when its answer comes at last, and writes nothing.
 */
describe('translation runs across restarts (e2e)', () => {
  const fake = new FakeTranslator();
  const config = { translatorLibreTranslateUrl: '', translatorLibreTranslateApiKey: fake.apiKey };
  const apps: TestApp[] = [];
  let dataDir: string;
  const start = async () => {
    const t = await startTestApp({ dataDir, config: { ...config, translatorLibreTranslateUrl: fake.url } });
    apps.push(t);
    return t;
  };

  beforeAll(async () => {
    await fake.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'translations-restart-'));
  });
  afterAll(async () => {
    fake.release();
    for (const t of apps.splice(0).reverse()) await t.close();
    await fake.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a run cut off while translating finishes once in the next process; the old one finishing late changes nothing', async () => {
    const first = await start();
    const { organizationId: orgId, token } = await first.bootstrap('Restart Org', email('admin'));
    const content = contentApi(first);
    const source = (await content.createSpace(orgId, token, 'Guide')).id;
    const cr = (await content.createCR(source, token, { subject: 'Pages' })).body.id;
    await content.write(source, cr, token, [
      { operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello there.' } },
      { operation: 'insert_page', title: 'Usage', document: { markdown: 'Run the tool.' } },
    ]);
    await content.merge(source, cr, token);
    const created = await first.http
      .post(`/v1/orgs/${orgId}/translations`)
      .set(bearer(token))
      .send({ source: { space: source, language: 'en' }, language: 'de' })
      .expect(201);
    const url = `/v1/orgs/${orgId}/translations/${created.body.id}`;
    await first.http.post(`${url}/run`).set(bearer(token)).expect(204);
    await first.engine.drain();

    // The first process starts the run and never hears back from the provider: as good as gone.
    fake.hold();
    const abandoned = first.scheduler.runDue();
    for (let i = 0; i < 500 && fake.waiting === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(fake.waiting).toBe(1);
    expect((await first.http.get(url).set(bearer(token))).body.status).toBe('running');

    // The next process on the same data folder: the timer is still due, the provider answers.
    fake.stopHolding();
    // As good as gone, it no longer runs the projections either: its lease passes to the next one.
    await first.engine.stop();
    const second = await start();
    await second.engine.drain();
    await second.scheduler.runDue();
    await second.engine.drain();
    const done = (await second.http.get(url).set(bearer(token))).body;
    expect([done.status, done.stats.runs, done.stats.latestPages, done.stats.totalWords]).toEqual(['completed', 1, 2, 7]);

    // The old process gets its answer at last: it finds the run finished and writes nothing.
    fake.release();
    await abandoned;
    await second.engine.drain();
    const events = await second.app.get(EventStore).readStream(`translations.translation-${created.body.id}`);
    expect(events.map((e) => e.type)).toEqual([
      'TranslationCreated',
      'TranslationRunRequested',
      'TranslationRunStarted',
      'TranslationRunPlanned',
      'TranslationRunCompleted',
    ]);
    const target = done.result.space;
    const after = contentApi(second);
    expect(flatten((await after.mainPages(target, token)).body.pages).map((p) => p.title)).toEqual(['INTRO', 'USAGE']);
    const crs = (await second.http.get(`/v1/spaces/${target}/change-requests`).query({ status: 'merged' }).set(bearer(token))).body;
    expect(crs.count).toBe(1);
    expect((await second.http.get(url).set(bearer(token))).body).toEqual(done);
    // Nothing is left to fire in either process.
    expect(await second.scheduler.runDue()).toBe(0);
    expect(await first.scheduler.runDue()).toBe(0);
  });

  it('a run stopped after writing, or right after its merge, converges when its timer fires again: one merge, stats once', async () => {
    const t = await startTestApp({ config: { translatorLibreTranslateUrl: fake.url, translatorLibreTranslateApiKey: fake.apiKey } });
    apps.push(t);
    const { organizationId: orgId, token } = await t.bootstrap('Crash Org', email('admin'));
    const content = contentApi(t);
    const source = (await content.createSpace(orgId, token, 'Guide')).id;
    const edit = async (changes: unknown[]) => {
      const cr = (await content.createCR(source, token, { subject: 'Pages' })).body.id;
      await content.write(source, cr, token, changes);
      await content.merge(source, cr, token);
    };
    await edit([
      { operation: 'insert_page', title: 'Intro', ref: 'intro', document: { markdown: 'Hello there.' } },
      { operation: 'insert_page', title: 'Usage', into: 'intro', document: { markdown: 'Run the tool.' } },
    ]);
    const url = `/v1/orgs/${orgId}/translations/${
      (
        await t.http
          .post(`/v1/orgs/${orgId}/translations`)
          .set(bearer(token))
          .send({ source: { space: source, language: 'en' }, language: 'it' })
      ).body.id
    }`;
    // The process "dies" once at the given point: the timer's command throws 503, as a lost process
    // leaves its timer due. Before the merge: the change request is written, not merged; after it:
    // merged, but the run's outcome is not recorded.
    const bus = t.app.get(CommandBus);
    const es = t.app.get(EventSourcing);
    const dieAt = (point: 'before merge' | 'after merge') => {
      const crash = () => {
        jest.restoreAllMocks();
        throw new ServiceUnavailable(`simulated crash ${point}`);
      };
      if (point === 'before merge') {
        const execute = bus.execute.bind(bus);
        jest.spyOn(bus, 'execute').mockImplementation((c: object) => (c.constructor.name === 'MergeChangeRequestCommand' ? crash() : execute(c as never)));
      } else {
        const execute = es.execute.bind(es) as (...args: unknown[]) => Promise<unknown>;
        jest
          .spyOn(es, 'execute')
          .mockImplementation(((...args: unknown[]) => ((args[2] as { type?: string }).type === 'CompleteRun' ? crash() : execute(...args))) as never);
      }
    };
    const runOnce = async (point: 'before merge' | 'after merge') => {
      await t.http.post(`${url}/run`).set(bearer(token)).expect(204);
      await t.engine.drain();
      dieAt(point);
      await expect(t.scheduler.runDue()).rejects.toThrow(`simulated crash ${point}`);
      await t.engine.drain();
      expect((await t.http.get(url).set(bearer(token))).body.status).toBe('running');
      await t.scheduler.runDue();
      await t.engine.drain();
      return (await t.http.get(url).set(bearer(token))).body;
    };

    const first = await runOnce('before merge');
    expect([first.status, first.stats.runs, first.stats.latestPages, first.stats.totalWords]).toEqual(['completed', 1, 2, 7]);
    const target = first.result.space;
    const titles = async () => flatten((await contentApi(t).mainPages(target, token)).body.pages).map((p) => `${p.path} ${p.title}`);
    expect(await titles()).toEqual(['intro INTRO', 'intro/usage USAGE']);

    await edit([{ operation: 'insert_page', title: 'Extra', document: { markdown: 'More words here.' } }]);
    const second = await runOnce('after merge');
    expect([second.status, second.stats.runs, second.stats.latestPages, second.stats.totalWords]).toEqual(['completed', 2, 1, 11]);
    expect(await titles()).toEqual(['intro INTRO', 'intro/usage USAGE', 'extra EXTRA']);
    const merged = (await t.http.get(`/v1/spaces/${target}/change-requests`).query({ status: 'merged' }).set(bearer(token))).body;
    expect(merged.count).toBe(2);
    expect(merged.items.map((c: any) => c.revisionMerged)).toContain(second.result.revision);
    const types = (await t.app.get(EventStore).readStream(`translations.translation-${first.id}`)).map((e) => e.type);
    expect(types.filter((type) => type === 'TranslationRunCompleted')).toHaveLength(2);
  });
});
