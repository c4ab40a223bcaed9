import * as http from 'http';
import { AddressInfo } from 'net';

/** A translation: text outside tags upper-cased, tags kept where they are (so the markup survives). */
export const shout = (text: string) => text.replace(/(<[^>]+>)|([^<]+)/g, (_m, tag?: string, t?: string) => tag ?? t!.toUpperCase());

/** What either provider is sent (the OpenAI fields, or LibreTranslate's). */
export interface FakeBody {
  model?: string;
  response_format?: unknown;
  messages?: Array<{ role: string; content: string }>;
  q?: string | string[];
  source?: string;
  target?: string;
  format?: string;
  api_key?: string;
}

export interface SeenRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: FakeBody;
  /** The texts asked for (OpenAI segments or LibreTranslate q). */
  texts: string[];
}

/**
 * A local stand-in for both providers over HTTP: an OpenAI-compatible `POST /v1/chat/completions`
 * and LibreTranslate's `POST /translate`. It translates by upper-casing (see `shout`), checks
 * the key it was given, records what it was asked, and can hold answers (a run cut off mid-way),
 * fail, or lose tags (a model that breaks the markup).
 */
export class FakeTranslator {
  readonly requests: SeenRequest[] = [];
  /** Called on every request before it is answered (tests advance their clock here). */
  onRequest: (() => void) | null = null;
  /** The next answers fail with this status and body. */
  failing: { status: number; body: unknown } | null = null;
  /** Replies drop every tag (a provider that loses the markup). */
  dropTags = false;
  private holding = false;
  private held: Array<() => void> = [];
  private server: http.Server | null = null;

  constructor(readonly apiKey = 'sk-test-secret-key-1234') {}

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void this.answer(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** Requests wait for release() (or the server's stop). */
  hold(): void {
    this.holding = true;
  }

  /** New requests are answered again; those held so far keep waiting for release(). */
  stopHolding(): void {
    this.holding = false;
  }

  release(): void {
    this.holding = false;
    for (const go of this.held.splice(0)) go();
  }

  get waiting(): number {
    return this.held.length;
  }

  /** Every text the provider was asked to translate, in order. */
  get texts(): string[] {
    return this.requests.flatMap((r) => r.texts);
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    const body = JSON.parse(raw || '{}') as FakeBody;
    const openai = req.url === '/v1/chat/completions';
    const asked = openai ? (JSON.parse(body.messages?.[1]?.content ?? '{}') as { segments?: string[] }).segments : body.q;
    const texts = ([] as string[]).concat(asked ?? []);
    this.requests.push({ path: req.url ?? '', headers: req.headers, body, texts });
    this.onRequest?.();
    if (this.holding) await new Promise<void>((resolve) => this.held.push(resolve));
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (this.failing) return send(this.failing.status, this.failing.body);
    const translated = texts.map((t) => shout(this.dropTags ? t.replace(/<[^>]+>/g, '') : t));
    if (openai) {
      // Real APIs echo the key they refuse; the server must not pass it on.
      if (req.headers.authorization !== `Bearer ${this.apiKey}`)
        return send(401, { error: { message: `Incorrect API key provided: ${String(req.headers.authorization).replace('Bearer ', '')}` } });
      return send(200, { choices: [{ message: { role: 'assistant', content: JSON.stringify({ translations: translated }) } }] });
    }
    if (req.url === '/translate') {
      if (body.api_key !== this.apiKey) return send(403, { error: `Invalid API key ${String(body.api_key)}` });
      return send(200, { translatedText: translated });
    }
    send(404, { error: 'not found' });
  }
}
