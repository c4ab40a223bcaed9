import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, lastValueFrom, Observable } from 'rxjs';
import { isPublicRoute } from '../auth/auth';
import { ProjectionEngine } from '../projections/projection-engine';
import { RequestContext } from './request-context';

export const READS_PROJECTION = 'platform:reads-projection';
/**
 * The route reads a projection with consistency 'own' (see ProjectionDefinition.consistency):
 * it waits for that projection itself (503 while it catches up from far behind).
 */
export const ReadsProjection = (name: string) => SetMetadata(READS_PROJECTION, name);

/** How long a request may wait for a catch-up that is about to end, before it gets 503. */
const CATCH_UP_WAIT_MS = 1000;

/**
 * Consistency of every request that reads read models (every route but the public ones):
 * - while the projections catch up from far behind, the request waits for the catch-up when
 *   it is about to end, and otherwise answers 503 with Retry-After (never stale data silently);
 * - read-your-writes: after a write handler returns, the response waits (bounded) until the
 *   projections have passed the position of the last event the request appended.
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
        const own = this.reflector.getAllAndOverride<string | undefined>(READS_PROJECTION, [ctx.getHandler(), ctx.getClass()]);
        if (own) await this.engine.awaitProjection(own);
        const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
        const position = RequestContext.current()?.writePosition ?? 0;
        if (position > 0) await this.engine.waitFor(position);
        return result;
      })(),
    );
  }
}
