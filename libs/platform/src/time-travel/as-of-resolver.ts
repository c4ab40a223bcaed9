import { Injectable } from '@nestjs/common';
import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Clock } from '../clock/clock';
import { BadRequest } from '../ddd/errors';
import { AS_OF_HEADER, AsOfPoint, parseAsOf, ResolveAuditEventQuery } from './as-of';

/**
 * Turns a route's raw `asOf` query parameter into the point it names: an instant as given, or
 * an audit event id as the global position just after that event (asked of the audit context
 * through ResolveAuditEventQuery). Malformed, future and unknown values answer 400 naming the
 * parameter; a resolved point is echoed in the `X-As-Of` response header.
 */
@Injectable()
export class AsOfResolver {
  constructor(
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  /** The point, or undefined when the parameter is absent (the present is asked). */
  async resolve(raw: unknown, res?: Pick<Response, 'setHeader'>, field = 'asOf'): Promise<AsOfPoint | undefined> {
    const input = parseAsOf(raw, this.clock.now(), field);
    if (!input) return undefined;
    let point: AsOfPoint;
    if (input.kind === 'instant') point = { label: input.instant, instant: input.instant };
    else {
      const found = await this.auditEvent(input.eventId);
      if (!found) throw new BadRequest(`${field}: no audit event with id ${input.eventId}`);
      point = { label: input.eventId, position: found.position };
    }
    res?.setHeader(AS_OF_HEADER, point.label);
    return point;
  }

  private async auditEvent(eventId: string): Promise<{ position: number } | null> {
    try {
      return await this.queries.execute(new ResolveAuditEventQuery(eventId));
    } catch (e) {
      // No audit context in this composition: no event id can be resolved.
      if (e instanceof QueryHandlerNotFoundException) return null;
      throw e;
    }
  }
}
