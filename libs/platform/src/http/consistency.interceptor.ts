import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, lastValueFrom, Observable } from 'rxjs';
import type { Request, Response } from 'express';
import { isPublicRoute } from '../auth/auth';
import { BadRequest } from '../ddd/errors';
import { ProjectionEngine } from '../projections/projection-engine';
import { RequestContext } from './request-context';

export const READS_PROJECTION = 'platform:reads-projection';
/**
 * The route reads a projection with consistency 'own' (see ProjectionDefinition.consistency):
 * it waits for that projection itself (503 while it catches up from far behind).
 */
export const ReadsProjection = (name: string) => SetMetadata(READS_PROJECTION, name);

/** The position of the last event a request wrote, on its response (for reads on other instances). */
export const POSITION_HEADER = 'X-Position';
/** A read waits until the read models include this position (an X-Position another instance answered). */
export const MIN_POSITION_HEADER = 'X-Min-Position';

/** How long a request may wait for a catch-up that is about to end, before it gets 503. */
const CATCH_UP_WAIT_MS = 1000;

/**
 * Consistency of every request that reads read models (every route but the public ones):
 * - while the projections catch up from far behind, the request waits for the catch-up when
 *   it is about to end, and otherwise answers 503 with Retry-After (never stale data silently);
 * - read-your-writes: after a write handler returns, the response waits (bounded) until the
 *   projections have passed the position of the last event the request appended, and the
 *   response carries that position (X-Position);
 * - across instances: a request with X-Min-Position waits (bounded) until the read models
 *   include that position, so a read sent to another instance sees the write it names.
 */
@Injectable()
export class ConsistencyInterceptor implements NestInterceptor {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly reflector: Reflector,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler<unknown>): Observable<unknown> {
    if (isPublicRoute(this.reflector, ctx)) return next.handle();
    return from(
      (async () => {
        await this.engine.ensureServing(CATCH_UP_WAIT_MS);
        const http = ctx.switchToHttp();
        const min = http.getRequest<Request>().headers?.[MIN_POSITION_HEADER.toLowerCase()];
        if (min !== undefined) await this.engine.waitFor(await this.minPosition(min));
        const own = this.reflector.getAllAndOverride<string | undefined>(READS_PROJECTION, [ctx.getHandler(), ctx.getClass()]);
        if (own) await this.engine.awaitProjection(own);
        const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
        const position = RequestContext.current()?.writePosition ?? 0;
        if (position > 0) {
          await this.engine.waitFor(position);
          const res = http.getResponse<Response>();
          if (!res.headersSent) res.setHeader(POSITION_HEADER, String(position));
        }
        return result;
      })(),
    );
  }

  /** A position a write answered: digits, at most the head of the event store. */
  private async minPosition(value: string | string[]): Promise<number> {
    const text = Array.isArray(value) ? value[0] : value;
    if (!/^\d{1,15}$/.test(text.trim()))
      throw new BadRequest(`${MIN_POSITION_HEADER} must be a position (an integer from 0), as the ${POSITION_HEADER} header of a write answers`);
    const position = Number(text.trim());
    if (position > (await this.engine.headPosition()))
      throw new BadRequest(`${MIN_POSITION_HEADER} ${position} is beyond the last event written: give the ${POSITION_HEADER} a write answered`);
    return position;
  }
}
