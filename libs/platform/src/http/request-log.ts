import { LoggerService } from '@nestjs/common';
import { randomUUID } from 'crypto';
import type { IncomingMessage, ServerResponse } from 'http';
import type { Request, RequestHandler } from 'express';
import pino, { DestinationStream, Level, Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { isApiPath } from './api-paths';

/** Printable ASCII, no leading or trailing space, at most 128 characters. */
const REQUEST_ID = /^[\x21-\x7e](?:[\x20-\x7e]{0,126}[\x21-\x7e])?$/;

/** The caller's X-Request-Id when it is fit to log and echo, else null (a new one is made). */
export function acceptRequestId(header: unknown): string | null {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : null;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The process's JSON logger. Credentials are redacted wherever they might be logged by
 * mistake; the request log below never includes headers in the first place.
 */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL: must be one of ${LEVELS.join(', ')} (got "${level}")`);
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['authorization', 'headers.authorization', 'req.headers.authorization', '*.authorization', 'token', '*.token'], censor: '[redacted]' },
    },
    stream ?? pino.destination({ dest: 1, sync: true }),
  );
}

type LoggedRequest = IncomingMessage & Partial<Pick<Request, 'route' | 'path'>> & { principal?: { userId: string } };

/** One line per request, written when the response is done: what was asked, by whom, the outcome. */
function line(req: LoggedRequest, res: ServerResponse, durationMs: number) {
  // Express types `route` as any; what it holds is the matched Route, whose path is the pattern.
  const route = (req.route as { path?: string } | undefined)?.path ?? null;
  return {
    method: req.method,
    route,
    // The raw path only when no route matched (the path of a signed URL carries its signature).
    ...(route === null ? { path: String(req.path ?? '').slice(0, 256) } : {}),
    status: res.statusCode,
    durationMs,
    userId: req.principal?.userId,
  };
}

/**
 * Request log and request id: X-Request-Id is accepted when valid, else generated, and echoed
 * on the response; it is the correlation id of the events the request appends (bootstrap.ts).
 */
export function requestLog(logger: Logger): RequestHandler {
  return logger.isLevelEnabled('info') ? fullRequestLog(logger) : errorsOnlyRequestLog(logger);
}

/** The level of a request's line: 503 is the deliberate answer to overload or a slow projection, not a fault. */
const levelOf = (req: IncomingMessage, res: ServerResponse, err?: unknown): Level => {
  if (err || (res.statusCode >= 500 && res.statusCode !== 503)) return 'error';
  // Passing health probes (outside /v1) would drown the rest at info.
  return res.statusCode < 400 && !isApiPath((req as LoggedRequest).path ?? req.url ?? '') ? 'debug' : 'info';
};

/** The request id: the caller's when fit, else a new one; echoed, and kept as `req.id` (the events' correlation id). */
const assignRequestId = (req: IncomingMessage, res: ServerResponse): string => {
  const id = acceptRequestId(req.headers['x-request-id']) ?? randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
};

/**
 * Below info only failed requests have a line: pino-http's per-request child logger,
 * serializers and listeners (about a tenth of a GET's allocations) are skipped, and the line
 * of a failure is the one pino-http writes.
 */
function errorsOnlyRequestLog(logger: Logger): RequestHandler {
  const logsErrors = logger.isLevelEnabled('error');
  return (req, res, next) => {
    const requestId = assignRequestId(req, res);
    (req as IncomingMessage & { id?: string }).id = requestId;
    if (logsErrors) {
      const started = Date.now();
      res.once('finish', () => {
        if (levelOf(req, res) === 'error') logger.error({ requestId, ...line(req, res, Date.now() - started) }, 'request failed');
      });
    }
    next();
  };
}

function fullRequestLog(logger: Logger): RequestHandler {
  const middleware = pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    genReqId: assignRequestId,
    customLogLevel: levelOf,
    customSuccessObject: (req, res, val: { durationMs: number }) => line(req as LoggedRequest, res, val.durationMs),
    customErrorObject: (req, res, _err, val: { durationMs: number }) => line(req as LoggedRequest, res, val.durationMs),
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
  });
  return middleware;
}

/** Nest's own logs (start-up, unexpected errors) as JSON lines of the same logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]) {
    // Nest passes the context last, and an error's stack before it.
    const strings = rest.filter((r): r is string => typeof r === 'string');
    const context = strings.length ? strings[strings.length - 1] : undefined;
    const stack = strings.length > 1 ? strings[0] : undefined;
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else if (message !== null && typeof message === 'object') this.logger[level]({ context, ...message });
    else this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
  }
}
