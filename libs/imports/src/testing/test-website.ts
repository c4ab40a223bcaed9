import * as http from 'http';
import { AddressInfo } from 'net';

export interface TestPage {
  body: string;
  type?: string;
  status?: number;
}

/**
 * A small website for import tests, on a loopback port: pages by path, every request recorded,
 * and a page that can be held (its answer waits until released) so a test can act while a crawl
 * is in the middle of it, without timing.
 */
export class TestWebsite {
  readonly requests: string[] = [];
  private server: http.Server | null = null;
  private held = new Map<string, { reached: () => void; released: Promise<void> }>();
  private releases = new Map<string, () => void>();

  constructor(readonly pages: Record<string, TestPage | string> = {}) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const path of [...this.releases.keys()]) this.release(path);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Holds the next answer of `path` until release(path); resolves once that request arrived. */
  hold(path: string): Promise<void> {
    let reached!: () => void;
    const arrived = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    this.held.set(path, { reached, released });
    this.releases.set(path, release);
    return arrived;
  }

  release(path: string): void {
    this.releases.get(path)?.();
    this.releases.delete(path);
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    this.requests.push(path);
    const held = this.held.get(path);
    if (held) {
      // One request is held; the next ones for the path (another process crawling) are answered.
      this.held.delete(path);
      held.reached();
      await held.released;
    }
    const page = this.pages[path];
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const p = typeof page === 'string' ? { body: page } : page;
    res.writeHead(p.status ?? 200, { 'content-type': p.type ?? 'text/html; charset=utf-8' }).end(p.body);
  }
}

/** An HTML document with the usual chrome around its main content. */
export const htmlPage = (title: string, main: string, nav = '<a href="/">Home</a>') =>
  `<!doctype html><html><head><title>${title} | Test Docs</title><style>body{}</style></head><body>` +
  `<header><a href="/">Test Docs</a></header><nav>${nav}</nav><main>${main}</main>` +
  `<footer>© Test Docs <a href="/legal.html">Legal</a></footer><script>track()</script></body></html>`;
