import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFound, Principal, ProjectionEngine, ResolveAuditEventQuery } from '@app/platform';
import { AuditEventDetails, AuditFilter } from '../../ports';
import { AUDIT_ACTIONS } from '../../audit-action.registry';
import { AuditLogReader, AuditPage, AuditScope } from '../audit-log.reader';
import { AUDIT_LOG_PROJECTION } from '../audit-log.read-models';
import { AuditAccess } from './audit-access';

/** Whose log, or which resource's history, the caller asks for. */
export type AuditTarget =
  { kind: 'organization'; organizationId: string } | { kind: 'member'; organizationId: string; userId: string } | { kind: 'space'; spaceId: string };

/** The scope a caller may read for `target`, after the access check (404/403). */
export class AuthorizeAuditScopeQuery extends Query<AuditScope> {
  constructor(
    readonly caller: Principal,
    readonly target: AuditTarget,
  ) {
    super();
  }
}

@QueryHandler(AuthorizeAuditScopeQuery)
export class AuthorizeAuditScopeHandler implements IQueryHandler<AuthorizeAuditScopeQuery> {
  constructor(private readonly access: AuditAccess) {}
  async execute({ caller, target }: AuthorizeAuditScopeQuery): Promise<AuditScope> {
    if (target.kind === 'space') {
      const organizationId = await this.access.requireSpaceAdmin(target.spaceId, caller.userId);
      return { organizationId, subject: `space:${target.spaceId}` };
    }
    await this.access.requireOrganizationAdmin(target.organizationId, caller.userId);
    return target.kind === 'member' ? { organizationId: target.organizationId, subject: `user:${target.userId}` } : { organizationId: target.organizationId };
  }
}

export class ListAuditEventsQuery extends Query<AuditPage> {
  constructor(
    readonly scope: AuditScope,
    readonly filter: AuditFilter,
    readonly limit: number,
    readonly page?: string,
  ) {
    super();
  }
}

@QueryHandler(ListAuditEventsQuery)
export class ListAuditEventsHandler implements IQueryHandler<ListAuditEventsQuery> {
  constructor(private readonly reader: AuditLogReader) {}
  execute(q: ListAuditEventsQuery): Promise<AuditPage> {
    return this.reader.page(q.scope, q.filter, q.limit, q.page);
  }
}

export class GetAuditEventQuery extends Query<AuditEventDetails> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly auditEventId: string,
  ) {
    super();
  }
}

@QueryHandler(GetAuditEventQuery)
export class GetAuditEventHandler implements IQueryHandler<GetAuditEventQuery> {
  constructor(
    private readonly access: AuditAccess,
    private readonly reader: AuditLogReader,
  ) {}
  async execute(q: GetAuditEventQuery): Promise<AuditEventDetails> {
    await this.access.requireOrganizationAdmin(q.organizationId, q.caller.userId);
    const details = await this.reader.details(q.organizationId, q.auditEventId);
    if (!details) throw new NotFound(`No audit event with id ${q.auditEventId} in organization ${q.organizationId}`);
    return details;
  }
}

export class ListAuditActionsQuery extends Query<{ items: Array<{ object: 'audit-event-action'; id: string; label: string }> }> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
  ) {
    super();
  }
}

@QueryHandler(ListAuditActionsQuery)
export class ListAuditActionsHandler implements IQueryHandler<ListAuditActionsQuery> {
  constructor(private readonly access: AuditAccess) {}
  async execute(q: ListAuditActionsQuery) {
    await this.access.requireOrganizationAdmin(q.organizationId, q.caller.userId);
    return { items: AUDIT_ACTIONS.actions().map((a) => ({ object: 'audit-event-action' as const, ...a })) };
  }
}

/** Time travel's `asOf=<audit event id>`: where that event lies in the global stream. */
@QueryHandler(ResolveAuditEventQuery)
export class ResolveAuditEventHandler implements IQueryHandler<ResolveAuditEventQuery> {
  constructor(
    private readonly reader: AuditLogReader,
    private readonly engine: ProjectionEngine,
  ) {}
  async execute(q: ResolveAuditEventQuery) {
    // The audit log is not among the read models every request waits for: an id the caller
    // saw a moment ago must be found.
    await this.engine.awaitProjection(AUDIT_LOG_PROJECTION);
    const d = await this.reader.located(q.eventId);
    return d ? { position: d.position, occurredAt: d.occurredAt } : null;
  }
}
