import { IncomingMessage, ServerResponse } from 'http';
import { Socket } from 'net';
import type { Application, Request } from 'express';

export interface InternalResponse {
  status: number;
  headers: Record<string, unknown>;
  body: string;
  /** What the GET route's interceptors noted on the request (e.g. the stream behind its ETag). */
  request: Record<string | symbol, unknown>;
}

interface RouteLayer {
  route?: { methods: Record<string, boolean>; dispatch(req: unknown, res: unknown, done: (err?: unknown) => void): void };
  match(path: string): false | { params: Record<string, string> };
}

/**
 * Answers a GET of this application in-process, as the caller of `outer` (same Authorization),
 * through the route's guards, interceptors, handler and exception filter — but not the HTTP
 * middleware: the request was already admitted, counted and logged as the write it serves.
 * Returns null when no GET route matches `path`.
 *
 * Used by If-Match: the current representation's ETag is computed exactly as a GET computes it,
 * so a tag the client got from a GET matches if and only if that GET would answer the same now.
 */
export function internalGet(app: Application, outer: Request, path: string): Promise<InternalResponse | null> {
  const stack = (app as unknown as { router: { stack: RouteLayer[] } }).router.stack;
  for (const layer of stack) {
    if (!layer.route?.methods.get) continue;
    const match = layer.match(path);
    if (match) return dispatch(app, layer.route, { ...match.params }, outer, path);
  }
  return Promise.resolve(null);
}

function dispatch(
  app: Application,
  route: NonNullable<RouteLayer['route']>,
  params: Record<string, string>,
  outer: Request,
  path: string,
): Promise<InternalResponse> {
  return new Promise((resolve, reject) => {
    const req = new IncomingMessage(new Socket()) as IncomingMessage & Record<string | symbol, unknown>;
    req.method = 'GET';
    req.url = path;
    req.headers = { accept: 'application/json', ...(outer.headers.authorization ? { authorization: outer.headers.authorization } : {}) };
    const res = new ServerResponse(req) as unknown as ServerResponse & Record<string, unknown>;
    // What express.application.handle does before routing.
    Object.setPrototypeOf(req, (app as unknown as { request: object }).request);
    Object.setPrototypeOf(res, (app as unknown as { response: object }).response);
    Object.assign(req, { res, params, originalUrl: path, baseUrl: '', id: (outer as { id?: unknown }).id });
    Object.assign(res, { req, locals: Object.create(null) as Record<string, unknown> });
    const chunks: Buffer[] = [];
    const take = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array),
      );
    };
    // The answer is captured, never written to a socket.
    res.write = ((chunk: unknown, encoding?: unknown) => {
      take(chunk, encoding);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      take(chunk, encoding);
      resolve({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks).toString('utf8'), request: req });
      return res;
    }) as typeof res.end;
    try {
      route.dispatch(req, res, (err) => (err ? reject(asError(err)) : resolve({ status: 404, headers: {}, body: '', request: req })));
    } catch (e) {
      reject(asError(e));
    }
  });
}

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error('the GET route failed', { cause: e }));
