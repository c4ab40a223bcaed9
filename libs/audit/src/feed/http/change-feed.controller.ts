import type { Request, Response } from 'express';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiEventStream, BadRequest, Caller, DomainError, EventStore, Forbidden, Principal } from '@app/platform';
import { GetOrganizationQuery } from '@app/organizations';
import { ChangeFeed } from '../application/change-feed.service';
import { positionOf } from '../domain/resume-token';
import { acceptsEventStream, ChangeFeedQuery, filterOf } from './change-feed.query';

export class NotAcceptable extends DomainError {
  constructor(message: string) {
    super(406, message);
  }
}

/**
 * The live change feed: `GET /v1/orgs/{organizationId}/events` with `Accept: text/event-stream`,
 * the organization's audit events as server-sent events (organization admins; other members
 * 403, everyone else 404). Without `Last-Event-ID` it starts at the events committed after it
 * opened — or, with `from`, at the beginning of the log, so "everything since Monday, then
 * live" is one request; with it, right after the event that id named.
 */
@Controller('orgs/:organizationId/events')
export class ChangeFeedController {
  constructor(
    private readonly queries: QueryBus,
    private readonly events: EventStore,
    private readonly feed: ChangeFeed,
  ) {}

  @Get()
  @ApiEventStream(
    "The organization's audit events as server-sent events, oldest first: each event's `id` is an opaque resume token, `event` the action id, `data` the audit event as JSON on one line. Without Last-Event-ID the stream starts at the events committed after it opened (with `from`, at the beginning of the log, then live); a comment line every FEED_HEARTBEAT_MS keeps it open. Filters as the audit-event list's (`action` also takes a prefix ending in `*`).",
    'AuditEvent',
    'FEED_MAX_STREAMS_PER_TOKEN streams (5 by default) are already open for this API token',
  )
  async stream(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Query() q: ChangeFeedQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const org = await this.queries.execute(new GetOrganizationQuery(organizationId, caller.userId));
    if (!org.permissions.admin) throw new Forbidden('Reading the change feed needs the organization permission "admin" (organization admins)');
    if (!acceptsEventStream(req.headers.accept))
      throw new NotAcceptable('Accept: the change feed is served as text/event-stream only (send "Accept: text/event-stream")');
    const filter = filterOf(q);
    if (typeof filter === 'string') throw new BadRequest(filter);
    const lastEventId = req.headers['last-event-id'];
    let after: number;
    if (lastEventId !== undefined) {
      const position = typeof lastEventId === 'string' ? positionOf(lastEventId.trim(), organizationId) : null;
      if (position === null) throw new BadRequest("Last-Event-ID: not an id this organization's change feed sent");
      after = position;
    } else after = filter.from ? 0 : await this.events.headPosition();
    this.feed.open({ caller, organizationId: org.id, filter, after }, req, res);
  }
}
