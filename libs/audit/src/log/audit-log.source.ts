import { Injectable } from '@nestjs/common';
import { ReadStore } from '@app/platform';
import { AuditEventSource, AuditFilter, PositionedAuditEvent } from '../ports';
import { AuditLogReader } from './audit-log.reader';
import { AUDIT_LOG_PROJECTION } from './audit-log.read-models';

/** The audit log as the webhooks and the change feed read it: in stream order, from a position. */
@Injectable()
export class AuditLogSource extends AuditEventSource {
  constructor(
    private readonly reader: AuditLogReader,
    private readonly store: ReadStore,
  ) {
    super();
  }

  after(organizationId: string, position: number, limit: number, filter?: AuditFilter): Promise<PositionedAuditEvent[]> {
    return this.reader.after(organizationId, position, limit, filter);
  }

  async get(organizationId: string, eventId: string): Promise<PositionedAuditEvent | null> {
    const doc = await this.reader.byEventId(eventId);
    return doc && doc.organizationId === organizationId ? { position: doc.position, organizationId, event: this.reader.toEvent(doc) } : null;
  }

  async appliedPosition(): Promise<number> {
    return (await this.store.checkpoint(AUDIT_LOG_PROJECTION)).position;
  }
}
