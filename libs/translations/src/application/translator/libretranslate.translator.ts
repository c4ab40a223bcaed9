import { TranslationLanguage } from '../../domain/languages';
import { postJson } from './provider-http';
import { batches, TranslateRequest, Translator, TranslatorFailed } from './translator.port';

export interface LibreTranslateOptions {
  url: string;
  apiKey: string | null;
  timeoutMs: number;
}

const MAX_TEXTS = 50;
const MAX_CHARS = 5_000;

/** The reference's codes where LibreTranslate names a language otherwise (Brazilian Portuguese, Bokmål; Cantonese as traditional Chinese). */
const CODES: Partial<Record<TranslationLanguage, string>> = { 'pt-br': 'pb', no: 'nb', yue: 'zt' };
export const libreCode = (l: TranslationLanguage) => CODES[l] ?? l;

/**
 * A LibreTranslate server (`POST {url}/translate`), in HTML mode so the segments' tags come
 * back in place. It takes no instructions: the glossary still applies (terms never reach it).
 */
export class LibreTranslateTranslator extends Translator {
  readonly name: string;
  private readonly endpoint: URL;

  constructor(private readonly options: LibreTranslateOptions) {
    super();
    this.endpoint = new URL(`${options.url.replace(/\/+$/, '')}/translate`);
    this.name = `LibreTranslate at ${this.endpoint.host}`;
  }

  async translate(r: TranslateRequest): Promise<string[]> {
    const out = new Array<string>(r.texts.length);
    for (const batch of batches(r.texts, MAX_TEXTS, MAX_CHARS)) {
      const q = batch.map((i) => r.texts[i]);
      const answer = (await postJson({
        url: this.endpoint,
        name: this.name,
        timeoutMs: this.options.timeoutMs,
        secrets: [this.options.apiKey],
        body: { q, source: libreCode(r.from), target: libreCode(r.to), format: 'html', ...(this.options.apiKey ? { api_key: this.options.apiKey } : {}) },
      })) as { translatedText?: unknown };
      const texts = answer?.translatedText;
      if (!Array.isArray(texts) || texts.length !== q.length || texts.some((t) => typeof t !== 'string'))
        throw new TranslatorFailed(`${this.name}: asked for ${q.length} translations, translatedText does not hold ${q.length} strings`);
      batch.forEach((i, k) => (out[i] = texts[k] as string));
    }
    return out;
  }
}
