import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { AuditEvent, AuditFilter } from '../../ports';
import { AuditLogReader, AuditScope } from '../audit-log.reader';

/** Every audit event of an authorized scope that matches, newest first, read batch by batch. */
export class ExportAuditEventsQuery extends Query<AsyncGenerator<AuditEvent>> {
  constructor(
    readonly scope: AuditScope,
    readonly filter: AuditFilter,
  ) {
    super();
  }
}

@QueryHandler(ExportAuditEventsQuery)
export class ExportAuditEventsHandler implements IQueryHandler<ExportAuditEventsQuery> {
  constructor(private readonly reader: AuditLogReader) {}
  execute(q: ExportAuditEventsQuery): Promise<AsyncGenerator<AuditEvent>> {
    return Promise.resolve(this.reader.export(q.scope, q.filter));
  }
}
