import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger as Pino } from 'pino';
import { DomainError } from '../ddd/errors';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';

/** Every error leaves as `{"error":{"code":<status>,"message":"…"}}` (the reference Error schema). */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, message } = this.describe(exception);
    if (status >= 500 && status !== 503) {
      // Through the request's logger when there is one, so the stack carries the request id.
      const log = host.switchToHttp().getRequest<Request & { log?: Pino }>()?.log;
      if (log) log.error({ err: exception }, 'unexpected error');
      else this.logger.error((exception as Error)?.stack ?? String(exception));
    }
    // 503 (overload, read-your-writes bound) and 429 (rate limit) say when to come back.
    const retryAfter = (exception as { retryAfterSeconds?: unknown })?.retryAfterSeconds;
    if (exception instanceof DomainError && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    if (res.headersSent) return;
    res.status(status).json({ error: { code: status, message } });
  }

  private describe(e: unknown): { status: number; message: string } {
    if (e instanceof DomainError) return { status: e.status, message: e.message };
    if (e instanceof WrongExpectedRevisionError) return { status: 409, message: 'Concurrent modification; retry the request' };
    if (e instanceof HttpException) {
      const body = e.getResponse() as string | { message?: string | string[] };
      const message = typeof body === 'string' ? body : Array.isArray(body.message) ? body.message.join('; ') : (body.message ?? e.message);
      return { status: e.getStatus(), message };
    }
    // Errors raised by the body parser (malformed JSON, too large, wrong charset).
    const anyE = e as { type?: string; status?: number; statusCode?: number; message?: string };
    if (anyE?.type === 'entity.parse.failed') return { status: 400, message: 'Request body is not valid JSON' };
    if (anyE?.type === 'entity.too.large') return { status: 413, message: 'Request body is too large' };
    const status = anyE?.status ?? anyE?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return { status, message: anyE.message ?? 'Bad request' };
    return { status: 500, message: 'Unexpected error' };
  }
}
