import { TranslationLanguage } from '../../domain/languages';

/** One call's worth of text: segments in their text form (domain/segment-text.ts). */
export interface TranslateRequest {
  from: TranslationLanguage;
  to: TranslationLanguage;
  texts: string[];
  /** The translation's instructions (markdown), for providers that read them. */
  instructions: string;
}

/**
 * A translation provider. Replies come back one per text, in order; a provider that cannot
 * translate throws TranslatorFailed with a message fit to show (never a key or a header).
 */
export abstract class Translator {
  /** How the provider is named in messages (`LibreTranslate at http://host:5000`). */
  abstract readonly name: string;
  abstract translate(request: TranslateRequest): Promise<string[]>;
}

export class TranslatorFailed extends Error {}

/** What a run says when no provider is configured: never a made-up translation. */
export const NO_TRANSLATOR =
  'No translation provider is configured: set TRANSLATOR_OPENAI_URL (with TRANSLATOR_OPENAI_API_KEY and TRANSLATOR_OPENAI_MODEL) for an OpenAI-compatible chat API, or TRANSLATOR_LIBRETRANSLATE_URL (with TRANSLATOR_LIBRETRANSLATE_API_KEY) for LibreTranslate, then run the translation again';

/** Texts cut into calls of at most `maxTexts` texts and about `maxChars` characters (one longer text goes alone). */
export function batches(texts: readonly string[], maxTexts: number, maxChars: number): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let chars = 0;
  texts.forEach((t, i) => {
    if (current.length && (current.length >= maxTexts || chars + t.length > maxChars)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(i);
    chars += t.length;
  });
  if (current.length) out.push(current);
  return out;
}
