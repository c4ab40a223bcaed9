import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import type { Application, Request, Response } from 'express';
import { from, lastValueFrom, mergeMap, Observable } from 'rxjs';
import { streamRevisionAt } from '../concurrency/stream-revisions';
import { BadRequest, PreconditionFailed, ServiceUnavailable } from '../ddd/errors';
import { ProjectionEngine } from '../projections/projection-engine';
import { EventStore } from '../event-store/event-store.port';
import { entityTag, parseTagList, strongMatch, TagList, weakMatch } from './entity-tags';
import { internalGet } from './internal-get';
import { REPRESENTED_BY, RESOURCE_STREAM, StreamOf } from './resource.decorators';
import { WritePreconditions } from './write-preconditions';

const CONDITIONAL_WRITES = new Set(['PATCH', 'PUT', 'DELETE']);

/**
 * Conditional requests (RFC 9110 §13):
 * - a GET of a single resource (a route with @ResourceStream) answers a strong ETag; with a
 *   matching If-None-Match it answers 304 without a body;
 * - a PATCH, PUT or DELETE with If-Match runs only if the tag matches the ETag of the current
 *   representation — computed by running that resource's GET in-process, exactly as a client
 *   would get it — and answers 412 otherwise, changing nothing. The check and the write cannot
 *   race: see WritePreconditions. Without If-Match, the last writer wins.
 */
@Injectable()
export class ConditionalRequestsInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly events: EventStore,
    private readonly engine: ProjectionEngine,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    if (req.method === 'GET' || req.method === 'HEAD') {
      const streamOf = this.reflector.get<StreamOf | undefined>(RESOURCE_STREAM, ctx.getHandler());
      if (!streamOf) return next.handle();
      const ifNoneMatch = tagList(req, 'if-none-match');
      return next.handle().pipe(mergeMap((body) => this.tag(req, res, streamOf, body, ifNoneMatch)));
    }
    if (!CONDITIONAL_WRITES.has(req.method) || req.headers['if-match'] === undefined) return next.handle();
    const ifMatch = tagList(req, 'if-match')!;
    return from(this.conditionalWrite(ctx, req, res, ifMatch, next));
  }

  private async tag(req: Request, res: Response, streamOf: StreamOf, body: unknown, ifNoneMatch: TagList | null): Promise<unknown> {
    if (res.statusCode !== 200 || body === null || typeof body !== 'object' || res.headersSent) return body;
    const stream = streamOf(req.params as Record<string, string>, body);
    // The revision as the read side knows it: at the position the read models have reached.
    const revision = stream ? await streamRevisionAt(this.events, stream, await this.engine.queryPosition()) : null;
    // The bytes express sends for an object body (res.json with the default settings).
    const tag = entityTag(stream, revision, JSON.stringify(body));
    res.setHeader('ETag', tag);
    if (ifNoneMatch && weakMatch(ifNoneMatch, tag)) {
      res.status(304);
      return undefined;
    }
    return body;
  }

  private async conditionalWrite(ctx: ExecutionContext, req: Request, res: Response, ifMatch: TagList, next: CallHandler): Promise<unknown> {
    // The representation is read from read models that include everything written so far, and
    // the write will refuse any event appended after that position.
    await this.engine.waitForHead();
    const since = await this.engine.queryPosition();
    const levelsUp = this.reflector.get<number | undefined>(REPRESENTED_BY, ctx.getHandler()) ?? 0;
    const own = req.path.replace(/(.)\/+$/, '$1');
    const path = levelsUp > 0 ? own.split('/').slice(0, -levelsUp).join('/') : own;
    const current = await internalGet(this.adapterHost.httpAdapter.getInstance<Application>(), req, path);
    if (current?.status === 503)
      throw new ServiceUnavailable(
        'The read models are catching up: If-Match cannot be checked yet; retry shortly',
        Number(current.headers['retry-after']) || 1,
      );
    const exists = current?.status === 200;
    const tag = exists && typeof current.headers.etag === 'string' ? current.headers.etag : null;
    if (!(ifMatch === '*' ? exists : strongMatch(ifMatch, tag))) {
      if (tag) res.setHeader('ETag', tag);
      throw new PreconditionFailed(
        tag
          ? `If-Match: the resource has changed (its current ETag is ${tag}); GET it again and retry with its ETag`
          : 'If-Match: there is no current representation of the resource to compare with',
      );
    }
    return lastValueFrom(
      WritePreconditions.run(since, () => next.handle()),
      { defaultValue: undefined },
    );
  }
}

function tagList(req: Request, header: 'if-match' | 'if-none-match'): TagList | null {
  if (req.headers[header] === undefined) return null;
  const list = parseTagList(req.headers[header]);
  if (!list) throw new BadRequest(`${header === 'if-match' ? 'If-Match' : 'If-None-Match'}: must be * or a comma-separated list of entity tags ("…" or W/"…")`);
  return list;
}
