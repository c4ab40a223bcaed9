import { Module, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ProjectionEngine, Scheduler } from '@app/platform';
import { CancelImportRunHandler } from './application/commands/cancel-import-run.command';
import { StartImportRunHandler } from './application/commands/start-import-run.command';
import { ImportAccess } from './application/import-access';
import { GetImportRunHandler, ListImportRunsHandler } from './application/queries/import-run.queries';
import { importRunsProjection } from './application/queries/import-runs.projection';
import { ExecuteImportRunCommand, ExecuteImportRunHandler, IMPORT_RUN_TIMER, ImportRunPayload } from './application/run/execute-import-run.command';
import { ImportWriter } from './application/run/import-writer';
import { SourceChecks } from './application/source-checks';
import { ImportsController } from './http/imports.controller';
import { ImportRunsSaga } from './sagas/import-runs.saga';

const COMMAND_HANDLERS = [StartImportRunHandler, CancelImportRunHandler, ExecuteImportRunHandler];
const QUERY_HANDLERS = [GetImportRunHandler, ListImportRunsHandler];

/**
 * Content imports: uploaded markdown, HTML and zip files, or a crawled website, converted to
 * pages and written into a space, a change request or under a page, in the background.
 */
@Module({
  controllers: [ImportsController],
  providers: [ImportAccess, SourceChecks, ImportWriter, ImportRunsSaga, ...COMMAND_HANDLERS, ...QUERY_HANDLERS],
})
export class ImportsModule implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly scheduler: Scheduler,
    private readonly commands: CommandBus,
    private readonly saga: ImportRunsSaga,
  ) {}

  onModuleInit(): void {
    this.engine.registerProjection(importRunsProjection);
    this.engine.registerSaga(this.saga);
    this.scheduler.register(IMPORT_RUN_TIMER, (payload) => this.commands.execute(new ExecuteImportRunCommand(payload as ImportRunPayload)));
  }
}
