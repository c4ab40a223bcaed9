import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { PlatformConfig } from '../config/platform-config';
import { BadRequest } from '../ddd/errors';
import { formBodyAllowed } from './form-body';
import { inputProblem } from './input-checks';
import { recordedInputError } from './json-body.middleware';

/**
 * Runs after the bearer guard: answers the body error jsonBody recorded (415, 413, 400), and
 * refuses NUL and unpaired surrogates in query parameters, before any pipe or handler.
 */
@Injectable()
export class InputGuard implements CanActivate {
  constructor(
    private readonly config: PlatformConfig,
    private readonly reflector: Reflector,
  ) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    const recorded = recordedInputError(req);
    if (recorded && !formBodyAllowed(this.reflector, ctx, req, recorded)) throw recorded;
    const problem = inputProblem(req.query, { maxDepth: this.config.maxJsonDepth, reservedKeys: false }, 'query');
    if (problem) throw new BadRequest(problem);
    return true;
  }
}
