import { CanActivate, ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ServiceUnavailable, Unauthorized } from '../ddd/errors';
import { RequestContext } from '../http/request-context';
import { ProjectionEngine } from '../projections/projection-engine';

export interface Principal {
  userId: string;
  tokenId: string;
}

/** Implemented by the identity context: resolves a bearer token to its user. */
export abstract class TokenVerifier {
  abstract verify(token: string): Promise<Principal | null>;
}

const PUBLIC = 'platform:public';
/** Marks a route that needs no token (only `GET /v1/`). */
export const Public = () => SetMetadata(PUBLIC, true);
/** Whether the route of `ctx` is public (public routes read no read models either). */
export const isPublicRoute = (reflector: Reflector, ctx: ExecutionContext): boolean =>
  !!reflector.getAllAndOverride<boolean>(PUBLIC, [ctx.getHandler(), ctx.getClass()]);
/** The whole wait for an unknown token's read model, inside the 2 s a request may take. */
const UNKNOWN_TOKEN_WAIT_MS = 1500;

/** The authenticated caller of the current request. */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const req = ctx.switchToHttp().getRequest<Request & { principal?: Principal }>();
  if (!req.principal) throw new Unauthorized();
  return req.principal;
});

@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: TokenVerifier,
    private readonly engine: ProjectionEngine,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, [ctx.getHandler(), ctx.getClass()])) return true;
    const req = ctx.switchToHttp().getRequest<Request & { principal?: Principal }>();
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw new Unauthorized(header ? 'Authorization header must be "Bearer <token>"' : undefined);
    let principal = await this.verifier.verify(m[1]);
    if (!principal) {
      // A token just created by the CLI (another process) may not be projected yet: wait
      // (bounded) for the read models to reach the head. If they cannot in time (a catch-up),
      // the token may well be valid: 503 with Retry-After, never a wrong 401 and never a hang.
      const deadline = Date.now() + UNKNOWN_TOKEN_WAIT_MS;
      await this.engine.ensureServing(UNKNOWN_TOKEN_WAIT_MS);
      await this.engine.waitForHead(Math.max(0, deadline - Date.now())).catch((e) => {
        throw new ServiceUnavailable(
          'The read models are catching up with the event store: the API token cannot be checked yet; retry shortly',
          (e as ServiceUnavailable).retryAfterSeconds ?? 1,
        );
      });
      principal = await this.verifier.verify(m[1]);
    }
    if (!principal) throw new Unauthorized('The API token is invalid or has been revoked');
    req.principal = principal;
    RequestContext.setActor(principal.userId);
    return true;
  }
}
