import * as http from 'http';
import { AddressInfo } from 'net';
import { parseMarkdown } from '@app/content';
import { PlatformConfig } from '@app/platform';
import { SegmentedPage } from '../../domain/markdown-segments';
import { FakeTranslator } from '../../testing/fake-translator';
import { LibreTranslateTranslator } from './libretranslate.translator';
import { OpenAiTranslator, systemPrompt } from './openai.translator';
import { translatePages } from './page-translator';
import { batches, TranslatorFailed } from './translator.port';
import { Translators } from './translators';

const request = { from: 'en' as const, to: 'fr' as const, instructions: 'Use "vous".', texts: ['Hello <g1>world</g1>', 'Bye'] };

describe('translation providers over HTTP', () => {
  const fake = new FakeTranslator();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.failing = null;
    fake.dropTags = false;
  });
  const openai = (apiKey: string | null = fake.apiKey, timeoutMs = 5_000) =>
    new OpenAiTranslator({ url: `${fake.url}/v1/`, apiKey, model: 'gpt-test', timeoutMs });
  const libre = (apiKey: string | null = fake.apiKey) => new LibreTranslateTranslator({ url: fake.url, apiKey, timeoutMs: 5_000 });

  it('OpenAI-compatible: one chat request, JSON in and out, the key as a bearer token, the instructions in the prompt', async () => {
    expect(await openai().translate(request)).toEqual(['HELLO <g1>WORLD</g1>', 'BYE']);
    const [seen] = fake.requests;
    expect([seen.path, seen.headers.authorization, seen.body.model, seen.body.response_format]).toEqual([
      '/v1/chat/completions',
      `Bearer ${fake.apiKey}`,
      'gpt-test',
      { type: 'json_object' },
    ]);
    expect(seen.body.messages![0].content).toBe(systemPrompt(request));
    expect(seen.body.messages![0].content).toContain('from English (en) to French (fr)');
    expect(seen.body.messages![0].content).toContain('Use "vous".');
  });

  it('LibreTranslate: HTML mode, its language codes, the key in the body', async () => {
    expect(await libre().translate({ ...request, to: 'pt-br' })).toEqual(['HELLO <g1>WORLD</g1>', 'BYE']);
    expect(fake.requests[0].body).toEqual({ q: request.texts, source: 'en', target: 'pb', format: 'html', api_key: fake.apiKey });
  });

  it('a refusal names the provider and its status, and never shows the key it echoes', async () => {
    const wrong = 'sk-wrong-key-that-must-not-leak';
    const e1 = await openai(wrong)
      .translate(request)
      .then(
        () => new Error('expected a refusal'),
        (e: Error) => e,
      );
    expect(e1).toBeInstanceOf(TranslatorFailed);
    expect(e1.message).toMatch(
      /OpenAI-compatible API at 127\.0\.0\.1:\d+ \(model gpt-test\): http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions answered 401: Incorrect API key provided: \*\*\*/,
    );
    expect(e1.message).not.toContain(wrong);
    const e2 = await libre(wrong)
      .translate(request)
      .then(
        () => new Error('expected a refusal'),
        (e: Error) => e,
      );
    expect(e2.message).toMatch(/LibreTranslate at 127\.0\.0\.1:\d+: .* answered 403: Invalid API key \*\*\*/);
  });

  it('an answer of the wrong shape is refused', async () => {
    fake.failing = { status: 200, body: { choices: [{ message: { content: '{"translations": ["only one"]}' } }] } };
    await expect(openai().translate(request)).rejects.toThrow('asked for 2 translations, the answer does not hold 2 strings');
    fake.failing = { status: 200, body: { translatedText: 'x' } };
    await expect(libre().translate(request)).rejects.toThrow('asked for 2 translations, translatedText does not hold 2 strings');
  });

  it('an unreachable provider or one that does not answer in time fails with the bound', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    try {
      const slow = new OpenAiTranslator({ url: `http://127.0.0.1:${port}`, apiKey: null, model: 'm', timeoutMs: 50 });
      await expect(slow.translate(request)).rejects.toThrow('no complete answer within 50 ms (TRANSLATOR_TIMEOUT_MS)');
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
    const closed = new LibreTranslateTranslator({ url: `http://127.0.0.1:${port}`, apiKey: null, timeoutMs: 1_000 });
    await expect(closed.translate(request)).rejects.toThrow(/cannot reach http:\/\/127\.0\.0\.1:\d+\/translate/);
  });

  it('pages: one call for all segments; a reply that loses its tags is translated again piece by piece', async () => {
    const md = '# Intro\n\nRead **the guide** and `npm ci`.\n';
    const page = new SegmentedPage(md, parseMarkdown(md), []);
    fake.dropTags = true;
    const [out] = await translatePages(libre(), [page], request);
    expect(out).toBe('# INTRO\n\nREAD **THE GUIDE** AND `npm ci`.\n');
    expect(fake.texts).toEqual(['Intro', 'Read <g1>the guide</g1> and <x1/>.', 'Read ', 'the guide', ' and ']);
  });

  it('selection: TRANSLATOR_PROVIDER, else whichever URL is set (OpenAI first), else none', () => {
    const pick = (env: NodeJS.ProcessEnv) => new Translators(PlatformConfig.fromEnv(env)).configured()?.constructor.name ?? null;
    expect(pick({})).toBeNull();
    expect(pick({ TRANSLATOR_LIBRETRANSLATE_URL: 'http://lt:5000' })).toBe('LibreTranslateTranslator');
    expect(pick({ TRANSLATOR_LIBRETRANSLATE_URL: 'http://lt:5000', TRANSLATOR_OPENAI_URL: 'http://ai' })).toBe('OpenAiTranslator');
    expect(pick({ TRANSLATOR_LIBRETRANSLATE_URL: 'http://lt:5000', TRANSLATOR_OPENAI_URL: 'http://ai', TRANSLATOR_PROVIDER: 'libretranslate' })).toBe(
      'LibreTranslateTranslator',
    );
    expect(pick({ TRANSLATOR_PROVIDER: 'openai', TRANSLATOR_LIBRETRANSLATE_URL: 'http://lt:5000' })).toBeNull();
  });

  it('calls are cut by count and size', () => {
    expect(batches(['aa', 'bb', 'cc', 'dddddd', 'e'], 2, 5)).toEqual([[0, 1], [2], [3], [4]]);
  });
});
