import { LANGUAGE_NAMES } from '../../domain/languages';
import { postJson } from './provider-http';
import { batches, TranslateRequest, Translator, TranslatorFailed } from './translator.port';

export interface OpenAiOptions {
  url: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/** Texts per chat request, and about how many characters: one answer stays well within a model's output limit. */
const MAX_TEXTS = 40;
const MAX_CHARS = 8_000;

export function systemPrompt(r: Pick<TranslateRequest, 'from' | 'to' | 'instructions'>): string {
  const lines = [
    `You translate technical documentation from ${LANGUAGE_NAMES[r.from]} (${r.from}) to ${LANGUAGE_NAMES[r.to]} (${r.to}).`,
    'The user sends JSON {"segments": [...]}: each segment is text escaped as HTML (&amp; &lt; &gt;) with placeholder tags.',
    'Tags <g1>…</g1>, <g2>…</g2> wrap text that keeps its formatting: translate the text inside, keep each pair once, in the place that fits the translation.',
    'Tags <x1/>, <x2/> stand for code, links or fixed terms: keep each exactly once, never translate or change them.',
    'Keep the text escaped as HTML. Do not add tags, notes or explanations.',
    'Answer with JSON {"translations": [...]}: one translation per segment, in the same order.',
  ];
  if (r.instructions.trim()) lines.push('', 'Instructions from the documentation owners:', r.instructions.trim());
  return lines.join('\n');
}

/** An OpenAI-compatible chat completions API (`POST {url}/chat/completions`), asked for a JSON object. */
export class OpenAiTranslator extends Translator {
  readonly name: string;
  private readonly endpoint: URL;

  constructor(private readonly options: OpenAiOptions) {
    super();
    this.endpoint = new URL(`${options.url.replace(/\/+$/, '')}/chat/completions`);
    this.name = `the OpenAI-compatible API at ${this.endpoint.host} (model ${options.model})`;
  }

  async translate(r: TranslateRequest): Promise<string[]> {
    const out = new Array<string>(r.texts.length);
    for (const batch of batches(r.texts, MAX_TEXTS, MAX_CHARS)) {
      const replies = await this.call(
        r,
        batch.map((i) => r.texts[i]),
      );
      batch.forEach((i, k) => (out[i] = replies[k]));
    }
    return out;
  }

  private async call(r: TranslateRequest, segments: string[]): Promise<string[]> {
    const answer = (await postJson({
      url: this.endpoint,
      name: this.name,
      timeoutMs: this.options.timeoutMs,
      secrets: [this.options.apiKey],
      headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
      body: {
        model: this.options.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: systemPrompt(r) },
          { role: 'user', content: JSON.stringify({ segments }) },
        ],
      },
    })) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = answer?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new TranslatorFailed(`${this.name}: the answer has no choices[0].message.content`);
    let parsed: unknown;
    try {
      // Some models fence JSON even when asked for an object.
      parsed = JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
    } catch {
      throw new TranslatorFailed(`${this.name}: the answer is not the JSON object asked for`);
    }
    const translations = (parsed as { translations?: unknown })?.translations;
    if (!Array.isArray(translations) || translations.length !== segments.length || translations.some((t) => typeof t !== 'string'))
      throw new TranslatorFailed(`${this.name}: asked for ${segments.length} translations, the answer does not hold ${segments.length} strings`);
    return translations as string[];
  }
}
