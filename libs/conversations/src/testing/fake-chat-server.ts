import * as http from 'http';
import { AddressInfo } from 'net';

/**
 * A local OpenAI-compatible `POST /v1/chat/completions` for tests: answers with the issues
 * `answer(transcript)` gives (as the model's JSON content), checks the bearer key, records
 * requests, and can fail (a service down).
 */
interface ChatRequest {
  model?: string;
  messages: Array<{ role: string; content: string }>;
}
type Transcript = { subject: string | null; parts: Array<{ role: string; body: string }> };

export class FakeChatServer {
  readonly requests: Array<{ path: string; authorization?: string; body: ChatRequest }> = [];
  failing = false;
  private server: http.Server | null = null;

  constructor(
    private readonly answer: (transcript: Transcript) => unknown[],
    readonly apiKey = 'sk-conversations-test-key-5678',
  ) {}

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{"messages":[]}') as ChatRequest;
        this.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
        const send = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        if (this.failing) return send(503, { error: { message: 'overloaded' } });
        if (req.headers.authorization !== `Bearer ${this.apiKey}`) return send(401, { error: { message: 'bad key' } });
        const transcript = JSON.parse(body.messages[1]?.content ?? '{"subject":null,"parts":[]}') as Transcript;
        send(200, { choices: [{ message: { role: 'assistant', content: JSON.stringify({ issues: this.answer(transcript) }) } }] });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
