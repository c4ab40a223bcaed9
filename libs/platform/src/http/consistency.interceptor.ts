import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { from, lastValueFrom, Observable } from 'rxjs';
import { ProjectionEngine } from '../projections/projection-engine';
import { RequestContext } from './request-context';

/**
 * Read-your-writes: after a write handler returns, the response waits (bounded) until the
 * projections have passed the position of the last event the request appended.
 */
@Injectable()
export class ConsistencyInterceptor implements NestInterceptor {
  constructor(private readonly engine: ProjectionEngine) {}

  intercept(_: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(
      (async () => {
        const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
        const position = RequestContext.current()?.writePosition ?? 0;
        if (position > 0) await this.engine.waitFor(position);
        return result;
      })(),
    );
  }
}
