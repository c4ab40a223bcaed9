import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ApiNdjsonAlternative, Caller, ImmutableResource, Principal, ReadsProjection } from '@app/platform';
import { AUDIT_LOG_PROJECTION } from '../audit-log.read-models';
import { AuditEvent } from '../../ports';
import { AuditTarget, AuthorizeAuditScopeQuery, GetAuditEventQuery, ListAuditActionsQuery, ListAuditEventsQuery } from '../application/audit-events.queries';
import { ExportAuditEventsQuery } from '../application/export-audit-events.query';
import { AuditEventsParams, auditFilterOf, DEFAULT_AUDIT_PAGE } from './audit-events.params';
import { writeNdjson } from './ndjson';

const NDJSON = 'application/x-ndjson';

/**
 * The newer reference's audit-event operations (listOrganizationAuditEvents,
 * getOrganizationAuditEvent, listOrganizationAuditEventActions) and the resource histories of
 * spaces and members, same shape. `Accept: application/x-ndjson` exports every match, unpaged.
 */
@Controller()
export class AuditEventsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('orgs/:organizationId/audit-events')
  @ReadsProjection(AUDIT_LOG_PROJECTION)
  @ApiNdjsonAlternative('AuditEvent')
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() q: AuditEventsParams, @Req() req: Request, @Res() res: Response) {
    return this.answer(caller, { kind: 'organization', organizationId }, q, req, res);
  }

  /** An audit event never changes once recorded: its ETag hashes its body. */
  @Get('orgs/:organizationId/audit-events/:auditEventId')
  @ReadsProjection(AUDIT_LOG_PROJECTION)
  @ImmutableResource()
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('auditEventId') auditEventId: string) {
    return this.queries.execute(new GetAuditEventQuery(caller, organizationId, auditEventId));
  }

  @Get('orgs/:organizationId/audit-event-actions')
  actions(@Caller() caller: Principal, @Param('organizationId') organizationId: string) {
    return this.queries.execute(new ListAuditActionsQuery(caller, organizationId));
  }

  @Get('orgs/:organizationId/members/:userId/audit-events')
  @ReadsProjection(AUDIT_LOG_PROJECTION)
  @ApiNdjsonAlternative('AuditEvent')
  member(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Query() q: AuditEventsParams,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.answer(caller, { kind: 'member', organizationId, userId }, q, req, res);
  }

  @Get('spaces/:spaceId/audit-events')
  @ReadsProjection(AUDIT_LOG_PROJECTION)
  @ApiNdjsonAlternative('AuditEvent')
  space(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Query() q: AuditEventsParams, @Req() req: Request, @Res() res: Response) {
    return this.answer(caller, { kind: 'space', spaceId }, q, req, res);
  }

  private async answer(caller: Principal, target: AuditTarget, q: AuditEventsParams, req: Request, res: Response): Promise<void> {
    const scope = await this.queries.execute(new AuthorizeAuditScopeQuery(caller, target));
    const filter = auditFilterOf(q);
    if (req.accepts(['application/json', NDJSON]) === NDJSON && (req.get('accept') ?? '').includes(NDJSON)) {
      const events: AsyncGenerator<AuditEvent> = await this.queries.execute(new ExportAuditEventsQuery(scope, filter));
      return writeNdjson(req, res, events);
    }
    const page = await this.queries.execute(new ListAuditEventsQuery(scope, filter, q.limit ?? DEFAULT_AUDIT_PAGE, q.page));
    res.status(200).json(page);
  }
}
