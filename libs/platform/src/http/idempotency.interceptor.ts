import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import { idempotencyDecider, IdempotencyCommand } from '../concurrency/idempotency.decider';
import { idempotencyRecordKeys, IdempotencyRecordKeys } from '../concurrency/idempotency-keys';
import type { Principal } from '../auth/auth';
import { EventSourcing } from '../ddd/event-sourcing.service';
import { BadRequest } from '../ddd/errors';
import { SealedIds } from '../secrets/sealed-ids';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x20-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on POST (and PUT, PATCH, DELETE): the first request with a key runs and its
 * answer (status, Location, body) is recorded; the same request with the same key within 24
 * hours gets that answer again (with `Idempotent-Replayed: true`) and has no second effect,
 * also after a restart; the key with another request answers 422; while the first still runs,
 * 409. Keys belong to the caller (the token's user). A request that fails (4xx, 5xx) records
 * nothing, so it can be retried with its key. Records live in the event store (see
 * idempotency.decider.ts), sealed; they expire by the injected clock.
 *
 * It runs before the If-Match check (registered before ConditionalRequestsInterceptor): a
 * retried write that succeeded answers its first answer, not 412 for its own change.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly es: EventSourcing,
    private readonly sealedIds: SealedIds,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request & { principal?: Principal }>();
    const header = req.headers['idempotency-key'];
    if (!UNSAFE.has(req.method) || header === undefined || !req.principal) return next.handle();
    const key = String(header).trim();
    if (!KEY.test(key)) throw new BadRequest('Idempotency-Key: must be 1 to 255 printable ASCII characters');
    const record = idempotencyRecordKeys(this.sealedIds, req.principal.userId, key);
    return from(this.once(req, ctx.switchToHttp().getResponse<Response>(), record, next));
  }

  private async once(req: Request, res: Response, record: IdempotencyRecordKeys, next: CallHandler): Promise<unknown> {
    const fingerprint = record.fingerprint(req.method, req.originalUrl, req.body);
    const run = (command: IdempotencyCommand) => this.es.execute(record.stream, idempotencyDecider, command);
    const claim = await run({ type: 'ClaimIdempotencyKey', fingerprint });
    const answer = claim.events.length === 0 ? claim.state.claim?.answer : null;
    if (answer) {
      const { location, body } = record.open(answer.response);
      res.status(answer.status);
      if (location) res.setHeader('Location', location);
      res.setHeader('Idempotent-Replayed', 'true');
      return body;
    }
    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (e) {
      // Nothing was recorded: the key may be used again (best effort; the lease frees it anyway).
      await run({ type: 'ReleaseIdempotencyKey', fingerprint }).catch(() => undefined);
      throw e;
    }
    const location = res.getHeader('Location');
    await run({
      type: 'RecordIdempotentResponse',
      fingerprint,
      status: res.statusCode,
      response: record.seal({ location: typeof location === 'string' ? location : undefined, body }),
    });
    return body;
  }
}
