import { Injectable } from '@nestjs/common';
import { PlatformConfig } from '@app/platform';
import { LibreTranslateTranslator } from './libretranslate.translator';
import { OpenAiTranslator } from './openai.translator';
import { Translator } from './translator.port';

/**
 * The provider the configuration selects: TRANSLATOR_PROVIDER, else whichever URL is set
 * (OpenAI-compatible first). Null when none is: a run then fails saying what to set.
 */
@Injectable()
export class Translators {
  constructor(private readonly config: PlatformConfig) {}

  configured(): Translator | null {
    const c = this.config;
    const openai = c.translatorOpenaiUrl
      ? new OpenAiTranslator({ url: c.translatorOpenaiUrl, apiKey: c.translatorOpenaiApiKey, model: c.translatorOpenaiModel, timeoutMs: c.translatorTimeoutMs })
      : null;
    const libre = c.translatorLibreTranslateUrl
      ? new LibreTranslateTranslator({ url: c.translatorLibreTranslateUrl, apiKey: c.translatorLibreTranslateApiKey, timeoutMs: c.translatorTimeoutMs })
      : null;
    if (c.translatorProvider === 'openai') return openai;
    if (c.translatorProvider === 'libretranslate') return libre;
    return openai ?? libre;
  }
}
