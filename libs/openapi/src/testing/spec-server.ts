import * as http from 'http';
import { AddressInfo } from 'net';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * A local HTTP server that serves API descriptions the way real hosts do (tests only): static
 * documents, documents that change, redirects, and requests it holds unanswered until told.
 */
export class SpecServer {
  private readonly routes = new Map<string, Handler>();
  private readonly held: Array<{ path: string; res: http.ServerResponse }> = [];
  private readonly server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    const route = this.routes.get(path);
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  /** Requests received, by path. */
  readonly hits = new Map<string, number>();
  base = '';

  async start(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    for (const h of this.held.splice(0)) h.res.destroy();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  url(path: string): string {
    return `${this.base}${path}`;
  }

  /** Serves `body` at `path` (a later call replaces it). */
  serve(
    path: string,
    body: string | Buffer | object,
    contentType = typeof body === 'object' && !Buffer.isBuffer(body) ? 'application/json' : 'application/yaml',
  ): this {
    const bytes = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    this.routes.set(path, (_req, res) => void res.writeHead(200, { 'content-type': contentType }).end(bytes));
    return this;
  }

  redirect(path: string, to: string, status = 302): this {
    this.routes.set(path, (_req, res) => void res.writeHead(status, { location: to }).end());
    return this;
  }

  /** Requests to `path` get no answer until `release(path)` (or the server stops). */
  hold(path: string): this {
    this.routes.set(path, (_req, res) => void this.held.push({ path, res }));
    return this;
  }

  /** How many requests to `path` are waiting for an answer. */
  waiting(path: string): number {
    return this.held.filter((h) => h.path === path && !h.res.destroyed).length;
  }

  /** Answers the held requests to `path` with `body`, or cuts them off when there is none. */
  release(path: string, body?: string | object): void {
    for (const h of this.held.filter((x) => x.path === path)) {
      this.held.splice(this.held.indexOf(h), 1);
      if (body === undefined) h.res.destroy();
      else h.res.writeHead(200, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
    }
  }

  route(path: string, handler: Handler): this {
    this.routes.set(path, handler);
    return this;
  }
}

/** Small valid descriptions of each supported version. */
export const petstore = (version = '1.0.0', extraPath = '/pets') => ({
  openapi: '3.0.3',
  info: { title: 'Pets', version },
  paths: {
    [extraPath]: {
      get: {
        operationId: `list${version.replace(/\W/g, '')}`,
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
      },
    },
  },
  components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
});

export const SWAGGER_2_YAML = `swagger: "2.0"
info:
  title: Legacy
  version: "2"
paths:
  /items:
    get:
      responses:
        "200":
          description: ok
`;

export const OPENAPI_31_YAML = `openapi: 3.1.0
info:
  title: Webhooks only
  version: "3.1"
webhooks:
  newPet:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
      responses:
        "200":
          description: ok
`;
