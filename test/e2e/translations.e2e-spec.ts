import { GitBookAPI, TranslationLanguage } from '@gitbook/api';
import { EventStore, PlatformConfig } from '@app/platform';
import { FakeTranslator } from '../../libs/translations/src/testing/fake-translator';
import { api as contentApi, flatten } from '../support/content-api';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

/**
 * Translations through the official client, every answer validated against the reference:
 * the glossary, translations and their runs. A run is carried out by the saga's durable timer
 * (fired here by the test) against a local fake provider over HTTP, which upper-cases text and
 * advances the test clock by 3 s per request, so durations are exact too.
 */
describe('translations (e2e)', () => {
  const fake = new FakeTranslator();
  let t: TestApp;
  let config: PlatformConfig;
  let orgId: string;
  let admin: string;
  let editor: string;
  let outsider: string;
  let orgs: GitBookAPI['orgs'];
  let source: string;
  let translationId: string;
  const ids: Record<string, string> = {};
  const content = () => contentApi(t);

  async function ok<T>(operationId: string, call: Promise<{ status: number; data: T }>, status?: number): Promise<T> {
    const res = await call;
    expectMatchesOperation(operationId, res.status, res.data ?? null);
    if (status !== undefined) expect(res.status).toBe(status);
    return res.data;
  }
  /** Asks for a run and carries it out (what the saga scheduled: the due timers). */
  async function run(id = translationId) {
    await ok('runTranslation', orgs.runTranslation(orgId, id), 204);
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
    return (await t.http.get(`/v1/orgs/${orgId}/translations/${id}`).set(bearer(admin))).body;
  }
  /** Writes changes to the source space through a merged change request. */
  async function edit(changes: unknown[]) {
    const cr = (await content().createCR(source, admin, { subject: 'Edit' })).body.id;
    const written = await content().write(source, cr, admin, changes);
    expect(written.status).toBe(200);
    expect((await content().merge(source, cr, admin)).status).toBe(200);
  }
  const targetPages = async (space: string) => flatten((await content().mainPages(space, admin)).body.pages);
  const markdownOf = async (space: string, page: string) => (await content().mainPage(space, page, admin)).body.markdown as string;

  beforeAll(async () => {
    await fake.start();
    fake.onRequest = () => t.clock.advance(3_000);
    t = await startTestApp({ config: { translatorOpenaiUrl: `${fake.url}/v1`, translatorOpenaiApiKey: fake.apiKey, translatorOpenaiModel: 'gpt-test' } });
    config = t.app.get(PlatformConfig);
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Translations Org', email('admin')));
    [{ token: editor }] = await t.cli('user', 'create', '--email', email('editor'), '--name', 'Editor', '--org', orgId, '--role', 'edit');
    ({ token: outsider } = await t.bootstrap('Other Org', email('outsider')));
    orgs = t.client(admin).orgs;
    source = (await content().createSpace(orgId, admin, 'Handbook')).id;
    await edit([
      {
        operation: 'insert_page',
        title: 'Getting started',
        ref: 'start',
        document: {
          markdown: 'Welcome to the **Space** guide. Read [the setup](./setup.md) first.\n\n```sh\nnpm install space\n```\n\nUse `space init` to begin.',
        },
      },
      { operation: 'insert_page', title: 'Setup', ref: 'setup', into: 'start', document: { markdown: 'Install the Space CLI.' } },
      { operation: 'insert_page', title: 'FAQ', document: { markdown: '| Question | Answer |\n| --- | --- |\n| Why? | Because. |' } },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it('glossary: a batch of inserts, updates and deletes; listed and read in the reference shapes', async () => {
    await ok(
      'updateGlossaryEntries',
      orgs.updateGlossaryEntries(orgId, {
        operations: [
          { type: 'insert', translations: { en: 'Space', fr: 'Espace' } },
          { type: 'insert', translations: { en: 'Page', de: 'Seite' } },
        ],
      }),
      204,
    );
    const list = await ok('listGlossaryEntries', orgs.listGlossaryEntries(orgId));
    expect(list.items.map((e) => e.translations)).toEqual([
      { en: 'Space', fr: 'Espace' },
      { en: 'Page', de: 'Seite' },
    ]);
    const [space, page] = list.items;
    await ok('updateGlossaryEntries', orgs.updateGlossaryEntries(orgId, { operations: [{ type: 'delete', id: page.id }] }), 204);
    const entry = await ok('getGlossaryEntry', orgs.getGlossaryEntry(orgId, space.id));
    expect(entry).toMatchObject({ object: 'glossary-entry', id: space.id, translations: { en: 'Space', fr: 'Espace' } });
    expect((await clientError(orgs.getGlossaryEntry(orgId, page.id))).code).toBe(404);
    // A term names one entry per language; bad shapes name the field; only admins change the glossary.
    const clash = await callOperation(t, 'updateGlossaryEntries', { organizationId: orgId }, admin, {
      body: { operations: [{ type: 'insert', translations: { en: 'space' } }] },
    });
    expect([clash.status, clash.body.error.message]).toEqual([
      400,
      `operations[0].translations.en: "space" is already the en term of glossary entry ${space.id}`,
    ]);
    for (const [operations, message] of [
      [[{ type: 'insert', translations: { xx: 'a' } }], /^operations\[0\]\.translations\.xx: not a language code/],
      [[{ type: 'update', translations: { en: 'a' } }], /^operations\[0\]\.id: must be an id/],
      [[{ type: 'insert', translations: { en: 'two\nlines' } }], /^operations\[0\]\.translations\.en: must be a term of 1 to 255 characters on one line/],
      [[{ type: 'rename', id: 'x' }], /^operations\[0\]\.type: must be one of insert, update, delete/],
      [[{ type: 'update', id: 'nope', translations: { en: 'a' } }], /^operations\[0\]\.id: no glossary entry with id nope/],
    ] as const) {
      const res = await t.http.put(`/v1/orgs/${orgId}/translations-glossary`).set(bearer(admin)).send({ operations });
      expect([res.status, res.body.error?.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await t.http.put(`/v1/orgs/${orgId}/translations-glossary`).set(bearer(editor)).send({ operations: [] })).status).toBe(403);
    expect((await t.http.get(`/v1/orgs/${orgId}/translations-glossary`).set(bearer(outsider))).status).toBe(404);
    expect((await ok('listGlossaryEntries', t.client(editor).orgs.listGlossaryEntries(orgId))).count).toBe(1);
  });

  it('creates, reads, lists and updates translations in the reference shapes; bad input and other callers are refused', async () => {
    const created = await ok(
      'createTranslation',
      orgs.createTranslation(orgId, {
        source: { space: source, language: TranslationLanguage.En },
        language: TranslationLanguage.Fr,
        instructions: {
          object: 'document',
          data: {},
          nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Use "vous".', marks: [] }] }] }],
        },
      }),
      201,
    );
    translationId = created.id;
    expect(created).toMatchObject({
      object: 'translation',
      status: 'pending',
      source: { space: source, language: 'en' },
      language: 'fr',
      stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
      permissions: { view: true, edit: true },
      urls: { location: `${t.baseUrl}/v1/orgs/${orgId}/translations/${translationId}` },
    });
    expect(created.result).toBeUndefined();
    expect(JSON.stringify(created.instructions)).toContain('Use \\"vous\\".');
    const updated = await ok('updateTranslation', orgs.updateTranslation(orgId, translationId, { instructions: { object: 'document', data: {}, nodes: [] } }));
    expect(updated.instructions.nodes).toEqual([]);
    expect((await ok('getTranslation', orgs.getTranslation(orgId, translationId))).id).toBe(translationId);
    expect((await ok('listTranslations', orgs.listTranslations(orgId))).items.map((i) => i.id)).toEqual([translationId]);
    expect((await ok('getTranslation', t.client(editor).orgs.getTranslation(orgId, translationId))).permissions).toEqual({ view: true, edit: false });

    const post = (body: unknown, token = admin) =>
      t.http
        .post(`/v1/orgs/${orgId}/translations`)
        .set(bearer(token))
        .send(body as object);
    for (const [body, status, message] of [
      [{ source: { space: source, language: 'en' }, language: 'en' }, 400, 'language: must differ from source.language (both are "en")'],
      [
        { source: { space: source, language: 'en' }, language: 'fr' },
        400,
        `language: space ${source} is already translated into fr by translation ${translationId}`,
      ],
      [{ source: { space: 'nope', language: 'en' }, language: 'de' }, 400, 'source.space: no space with id nope in this organization'],
      [{ source: { space: source, language: 'xx' }, language: 'de' }, 400, expect.stringMatching(/^source\.language: must be one of en, fr/)],
      [{ source: { space: source }, language: 'de' }, 400, expect.stringMatching(/^source\.language: must be one of/)],
      [{ source: { space: source, language: 'en', extra: 1 }, language: 'de' }, 400, 'source.extra: unknown field (isTranslationSource)'],
      [{ source: { space: source, language: 'en' }, language: 'de', instructions: { object: 'nope' } }, 400, expect.stringMatching(/^instructions/)],
      [{ source: { space: source, language: 'en' }, language: 'de' }, 403, expect.stringContaining('organization admins')],
    ] as const) {
      const res = await post(body, status === 403 ? editor : admin);
      expect([res.status, res.body]).toEqual([status, { error: { code: status, message } }]);
    }
    expect((await callOperation(t, 'getTranslation', { organizationId: orgId, translationId: 'nope' }, admin)).status).toBe(404);
    expect((await callOperation(t, 'runTranslation', { organizationId: orgId, translationId: 'nope' }, admin)).status).toBe(404);
    expect((await t.http.get(`/v1/orgs/${orgId}/translations/${translationId}`).set(bearer(outsider))).status).toBe(404);
    expect((await t.http.post(`/v1/orgs/${orgId}/translations/${translationId}/run`).set(bearer(editor))).status).toBe(403);
  });

  it('a run creates the target space and merges translated pages: code, links and glossary terms intact; stats exact', async () => {
    const done = await run();
    expectMatchesOperation('getTranslation', 200, done);
    // Three pages, one request: 3 s. Words: 14 + 5 + 5 (titles and text; code and URLs are never sent).
    expect(done).toMatchObject({
      status: 'completed',
      stats: { runs: 1, totalWords: 24, totalPages: 3, totalDuration: 3, latestRunDuration: 3, latestPages: 3, latestWords: 24 },
    });
    const target = done.result.space;
    const space = (await t.http.get(`/v1/spaces/${target}`).set(bearer(admin))).body;
    expect([space.title, space.language, space.revision]).toEqual(['Handbook (French)', 'fr', done.result.revision]);
    const pages = await targetPages(target);
    expect(pages.map((p) => [p.title, p.path])).toEqual([
      ['GETTING STARTED', 'getting-started'],
      ['SETUP', 'getting-started/setup'],
      ['FAQ', 'faq'],
    ]);
    Object.assign(ids, Object.fromEntries(pages.map((p) => [p.path, p.id])));
    const start = await markdownOf(target, ids['getting-started']);
    expect(start).toContain('WELCOME TO THE **Espace** GUIDE.');
    expect(start).toContain('```sh\nnpm install space\n```');
    expect(start).toContain('USE `space init` TO BEGIN.');
    // The link points at the translated Setup page, in the target space.
    const links = (await t.http.get(`/v1/spaces/${target}/content/page/${ids['getting-started']}/links`).set(bearer(admin))).body;
    expect(links.items.map((l: any) => [l.status, l.targetReference?.page?.id])).toEqual([['ok', ids['getting-started/setup']]]);
    expect(await markdownOf(target, ids['getting-started/setup'])).toContain('INSTALL THE Espace CLI.');
    expect(await markdownOf(target, ids.faq)).toContain('| QUESTION | ANSWER |');
    // What the provider saw: tags for markup, glossary terms out of its reach, the key as a bearer token.
    expect(fake.texts).toContain('Welcome to the <g1><x1/></g1> guide. Read <g2>the setup</g2> first.');
    expect(fake.texts.join(' ')).not.toMatch(/npm install|space init/);
    expect(fake.requests.every((r) => r.headers.authorization === `Bearer ${fake.apiKey}`)).toBe(true);
    // One change request, merged.
    const crs = (await content().listCRs(target, admin, { status: 'merged' })).body;
    expect(crs.items.map((c: any) => c.status)).toEqual(['merged']);
  });

  it('a run without changes translates nothing; later runs translate only what changed, move and remove pages', async () => {
    const before = (await t.http.get(`/v1/orgs/${orgId}/translations/${translationId}`).set(bearer(admin))).body;
    fake.requests.length = 0;
    const idle = await run();
    expect(fake.requests).toEqual([]);
    expect([idle.status, idle.result, idle.stats]).toEqual([
      'completed',
      before.result,
      { runs: 2, totalWords: 24, totalPages: 3, totalDuration: 3, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
    ]);
    const sourcePages = flatten((await content().mainPages(source, admin)).body.pages);
    const sid = Object.fromEntries(sourcePages.map((p) => [p.path, p.id]));
    await edit([
      { operation: 'update_page', page: sid['getting-started/setup'], document: { markdown: 'Install the CLI twice.' } },
      { operation: 'update_page', page: sid.faq, slug: 'questions', into: sid['getting-started'] },
      { operation: 'insert_page', title: 'Glossary', document: { markdown: 'Terms.' } },
    ]);
    const changed = await run();
    // Setup (1 + 4 words) and Glossary (1 + 1) are translated; FAQ only moves; one request: 3 s.
    expect(fake.texts).toEqual(['Setup', 'Install the CLI twice.', 'Glossary', 'Terms.']);
    expect(changed.stats).toEqual({ runs: 3, totalWords: 31, totalPages: 4, totalDuration: 6, latestRunDuration: 3, latestPages: 2, latestWords: 7 });
    const pages = await targetPages(changed.result.space);
    expect(pages.map((p) => [p.title, p.path])).toEqual([
      ['GETTING STARTED', 'getting-started'],
      ['SETUP', 'getting-started/setup'],
      ['FAQ', 'getting-started/questions'],
      ['GLOSSARY', 'glossary'],
    ]);
    // Translated pages keep their ids: links to them hold.
    expect(pages.find((p) => p.title === 'FAQ').id).toBe(ids.faq);
    expect(pages.find((p) => p.title === 'SETUP').id).toBe(ids['getting-started/setup']);
    expect(await markdownOf(changed.result.space, ids['getting-started/setup'])).toContain('INSTALL THE CLI TWICE.');

    await edit([{ operation: 'delete_page', page: sid.faq }]);
    fake.requests.length = 0;
    const removed = await run();
    expect(fake.requests).toEqual([]);
    expect((await targetPages(removed.result.space)).map((p) => p.path)).toEqual(['getting-started', 'getting-started/setup', 'glossary']);
    expect(removed.stats).toMatchObject({ runs: 4, totalPages: 4, latestPages: 0 });
  });

  it('without a provider, or with one that refuses, a run ends failed with a message, and no key is ever shown or stored', async () => {
    const saved = { url: config.translatorOpenaiUrl };
    config.translatorOpenaiUrl = null;
    try {
      const failed = await run();
      expect(failed.status).toBe('failed');
      expect(failed.lastRunError.message).toMatch(/^No translation provider is configured: set TRANSLATOR_OPENAI_URL .* or TRANSLATOR_LIBRETRANSLATE_URL/);
      expect(failed.stats).toMatchObject({ runs: 5, latestPages: 0, latestWords: 0 });
    } finally {
      config.translatorOpenaiUrl = saved.url;
    }
    await edit([{ operation: 'insert_page', title: 'News', document: { markdown: 'Fresh text.' } }]);
    config.translatorOpenaiApiKey = 'sk-wrong-key-never-shown';
    try {
      const refused = await run();
      expect(refused.status).toBe('failed');
      expect(refused.lastRunError.message).toMatch(/answered 401: Incorrect API key provided: \*\*\*/);
      expect(JSON.stringify(refused)).not.toContain('sk-wrong-key-never-shown');
    } finally {
      config.translatorOpenaiApiKey = fake.apiKey;
    }
    const events = JSON.stringify(await t.app.get(EventStore).readAll({ after: 0 }));
    expect(events).not.toContain('sk-wrong-key-never-shown');
    expect(events).not.toContain(fake.apiKey);
    // The next run with the right key picks up what the failed one could not write.
    const recovered = await run();
    expect([recovered.status, recovered.lastRunError, recovered.stats.latestPages]).toEqual(['completed', undefined, 1]);
  });

  it('a run of a deleted translation does nothing; deleting answers 205, then 204', async () => {
    await ok('runTranslation', orgs.runTranslation(orgId, translationId), 204);
    expect((await callOperation(t, 'deleteTranslation', { organizationId: orgId, translationId }, admin)).status).toBe(205);
    expect((await callOperation(t, 'deleteTranslation', { organizationId: orgId, translationId }, admin)).status).toBe(204);
    fake.requests.length = 0;
    await t.engine.drain();
    await t.scheduler.runDue();
    expect(fake.requests).toEqual([]);
    expect((await clientError(orgs.getTranslation(orgId, translationId))).code).toBe(404);
    expect((await ok('listTranslations', orgs.listTranslations(orgId))).count).toBe(0);
  });
});
