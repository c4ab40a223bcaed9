import { Module } from '@nestjs/common';
import { AuditLogModule } from './log/audit-log.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { ChangeFeedModule } from './feed/change-feed.module';

/**
 * The audit context: the audit log (log/) is the one projection of every context's events into
 * audit events; the webhooks and the change feed read it through AuditEventSource (import
 * AuditLogModule to inject it).
 */
@Module({
  imports: [AuditLogModule, WebhooksModule, ChangeFeedModule],
  exports: [AuditLogModule],
})
export class AuditModule {}
