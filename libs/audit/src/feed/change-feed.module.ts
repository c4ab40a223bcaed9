import { Module } from '@nestjs/common';
import { AuditLogModule } from '../log/audit-log.module';
import { ChangeFeed } from './application/change-feed.service';
import { ChangeFeedController } from './http/change-feed.controller';

/** The live change feed: the audit log (AuditEventSource) as server-sent events. */
@Module({
  imports: [AuditLogModule],
  controllers: [ChangeFeedController],
  providers: [ChangeFeed],
})
export class ChangeFeedModule {}
