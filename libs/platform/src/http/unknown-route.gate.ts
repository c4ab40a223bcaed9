import { CanActivate } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isObservable, lastValueFrom } from 'rxjs';
import { Unauthorized } from '../ddd/errors';
import { isApiPath } from './api-paths';

/** Stands in for a controller in the guard's context: it carries no @Public() metadata. */
class UnknownRoute {
  // `this: void`: only its identity is used (as the context's handler), never a call on an instance.
  handle(this: void): void {}
}

/**
 * 401 before 404: runs where no route matched, and asks the same bearer guard that protects
 * every known route. So without a valid token a known and an unknown path answer alike
 * (same status, body and timing) and the API cannot be mapped anonymously; with a valid
 * token the request goes on to the 404.
 */
export function unknownRouteGate(guard: () => CanActivate): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isApiPath(req.path)) return next();
    const ctx = new ExecutionContextHost([req, res, next], UnknownRoute, UnknownRoute.prototype.handle);
    Promise.resolve()
      .then(async () => {
        const answer = guard().canActivate(ctx);
        return isObservable(answer) ? lastValueFrom(answer) : answer;
      })
      .then((allowed) => next(allowed ? undefined : new Unauthorized()), next);
  };
}
