import { STATUS_CODES, type Server } from 'http';
import type { Duplex } from 'stream';
import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { DestinationStream } from 'pino';
import {
  BearerAuthGuard,
  cors,
  createLogger,
  httpMetrics,
  jsonBody,
  LoadShedder,
  Metrics,
  PinoNestLogger,
  PlatformConfig,
  RateLimiter,
  rateLimit,
  RequestContext,
  requestLog,
  unknownRouteGate,
} from '@app/platform';

export interface HttpOptions {
  /** Where the JSON log lines go (stdout by default; tests capture them). */
  logStream?: DestinationStream;
}

/**
 * HTTP setup shared by main.ts, the e2e tests and the bench. The order of the middleware is
 * the order a request meets them, and each one's place matters (see its comment).
 */
export function configureHttp(app: INestApplication, options: HttpOptions = {}): void {
  // Metrics first: every answer is counted and timed, the shedder's 503s included.
  const metrics = app.get(Metrics);
  app.use(httpMetrics(metrics));
  // Load shedding next: refusing must cost nothing (see LoadShedder).
  const shedder = app.get(LoadShedder);
  app.use(shedder.middleware);
  (app.getHttpServer() as Server).once('listening', () => shedder.listening());
  const express = app as NestExpressApplication;
  const config = app.get(PlatformConfig);
  express.disable('x-powered-by');
  express.set('etag', false);

  const logger = createLogger(config.logLevel, options.logStream);
  app.useLogger(new PinoNestLogger(logger));
  // Request id and log line first: every answer below is logged and carries X-Request-Id.
  app.use(requestLog(logger));
  // The request id is the correlation id of the events the request appends.
  app.use((req: { id?: unknown }, _res: unknown, next: () => void) => RequestContext.run({ correlationId: String(req.id) }, next));
  // Before the rate limit and the bearer guard: preflights carry no token, and a 401 or 429
  // must be readable cross-origin.
  const corsMiddleware = cors(config.corsOrigins);
  if (corsMiddleware) app.use(corsMiddleware);
  // Counts every /v1 request and sets X-RateLimit-* before anything can answer.
  if (config.rateLimitEnabled) app.use(rateLimit(new RateLimiter(config.rateLimitPerMinute), () => metrics.rateLimited.inc()));
  // Parses JSON; a refused body is answered after authentication (InputGuard).
  app.use(jsonBody({ limit: config.bodyLimit, maxDepth: config.maxJsonDepth }));
  // 401 before 404: where no route matched, the bearer guard decides first. Nest adds its
  // 404 handler after the routes during init; the gate goes right before it.
  const adapter = express.getHttpAdapter();
  const setNotFoundHandler = adapter.setNotFoundHandler?.bind(adapter);
  if (!setNotFoundHandler) throw new Error('configureHttp: the HTTP adapter has no not-found handler hook');
  // The adapter's result (typed `any`) is passed through untouched; Nest does not read it.
  adapter.setNotFoundHandler = (handler, prefix): unknown => {
    express.use(unknownRouteGate(() => app.get(BearerAuthGuard)));
    return setNotFoundHandler(handler, prefix);
  };

  // The probes and the metrics live outside the API (GET /health/live, /health/ready, /metrics);
  // main.ts handles signals.
  app.setGlobalPrefix('v1', { exclude: ['health/live', 'health/ready', 'metrics'] });
  answerParserErrors(app.getHttpServer() as Server);
}

/**
 * Requests Node's parser refuses before any middleware runs (a request line and headers over
 * its 16 KB limit, say a URL with four 5,000-character ids) are answered with the error body
 * too, instead of Node's bare status line.
 */
function answerParserErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const message = status === 431 ? 'The request line and headers are too large (at most 16 KB)' : 'The request could not be parsed as HTTP';
    const body = JSON.stringify({ error: { code: status, message } });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
