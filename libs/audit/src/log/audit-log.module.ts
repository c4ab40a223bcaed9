import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '@app/platform';
import { AuditEventSource } from '../ports';
import { AuditAccess } from './application/audit-access';
import {
  AuthorizeAuditScopeHandler,
  GetAuditEventHandler,
  ListAuditActionsHandler,
  ListAuditEventsHandler,
  ResolveAuditEventHandler,
} from './application/audit-events.queries';
import { ExportAuditEventsHandler } from './application/export-audit-events.query';
import { auditLogProjection } from './audit-log.projection';
import { AuditLogReader } from './audit-log.reader';
import { AuditLogSource } from './audit-log.source';
import { AuditEventsController } from './http/audit-events.controller';

/** The audit log: the projection of every context's events, its queries and routes, and the AuditEventSource the webhooks and the feed read. */
@Module({
  controllers: [AuditEventsController],
  providers: [
    AuditAccess,
    AuditLogReader,
    { provide: AuditEventSource, useClass: AuditLogSource },
    AuthorizeAuditScopeHandler,
    ListAuditEventsHandler,
    ExportAuditEventsHandler,
    GetAuditEventHandler,
    ListAuditActionsHandler,
    ResolveAuditEventHandler,
  ],
  exports: [AuditEventSource, AuditLogReader],
})
export class AuditLogModule implements OnModuleInit {
  constructor(private readonly engine: ProjectionEngine) {}

  onModuleInit(): void {
    this.engine.registerProjection(auditLogProjection());
  }
}
