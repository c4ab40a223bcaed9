import { CanActivate, ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Unauthorized } from '../ddd/errors';
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

/** The authenticated caller of the current request. */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const req = ctx.switchToHttp().getRequest<Request & { principal?: Principal }>();
  if (!req.principal) throw new Unauthorized();
  return req.principal;
});

@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, private readonly verifier: TokenVerifier, private readonly engine: ProjectionEngine) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, [ctx.getHandler(), ctx.getClass()])) return true;
    const req = ctx.switchToHttp().getRequest<Request & { principal?: Principal }>();
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw new Unauthorized(header ? 'Authorization header must be "Bearer <token>"' : undefined);
    let principal = await this.verifier.verify(m[1]);
    if (!principal) {
      // A token just created by the CLI (another process) may not be projected yet.
      await this.engine.waitForHead(2000).catch(() => undefined);
      principal = await this.verifier.verify(m[1]);
    }
    if (!principal) throw new Unauthorized('The API token is invalid or has been revoked');
    req.principal = principal;
    RequestContext.setActor(principal.userId);
    return true;
  }
}
