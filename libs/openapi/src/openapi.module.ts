import { Module, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ProjectionEngine, Scheduler } from '@app/platform';
import { ChangeSpecVisibilityHandler, CreateSpecHandler, DeleteSpecHandler, PutSpecHandler } from './application/commands/spec.commands';
import { PROCESS_SPEC_TIMER, ProcessOpenApiSpecCommand, ProcessOpenApiSpecHandler, ProcessSpecPayload } from './application/processing/process-spec.command';
import { GetPublishedSpecHandler } from './application/queries/published-spec.query';
import { GetOpenAPISpecDocumentHandler } from './application/queries/spec-document.query';
import { GetSpecHandler, ListSpecsHandler } from './application/queries/spec.queries';
import { SpecViews } from './application/queries/spec.views';
import { specsProjection } from './application/queries/specs.projection';
import { GetSpecVersionContentHandler, GetSpecVersionHandler, ListSpecVersionsHandler } from './application/queries/version.queries';
import { SpecAccess } from './application/spec-access';
import { SpecContent } from './application/spec-content';
import { SpecLinks } from './application/spec-links';
import { OpenApiFilesController } from './http/openapi-files.controller';
import { OpenApiController } from './http/openapi.controller';
import { ProcessSpecsSaga } from './sagas/process-specs.saga';

const COMMAND_HANDLERS = [CreateSpecHandler, PutSpecHandler, ChangeSpecVisibilityHandler, DeleteSpecHandler, ProcessOpenApiSpecHandler];
const QUERY_HANDLERS = [
  ListSpecsHandler,
  GetSpecHandler,
  ListSpecVersionsHandler,
  GetSpecVersionHandler,
  GetSpecVersionContentHandler,
  GetPublishedSpecHandler,
  GetOpenAPISpecDocumentHandler,
];

/**
 * Organization service: OpenAPI specifications, by URL, text or uploaded file, processed in the
 * background (fetched, parsed, validated) into versions.
 */
@Module({
  controllers: [OpenApiController, OpenApiFilesController],
  providers: [SpecAccess, SpecContent, SpecLinks, SpecViews, ProcessSpecsSaga, ...COMMAND_HANDLERS, ...QUERY_HANDLERS],
})
export class OpenApiModule implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly scheduler: Scheduler,
    private readonly commands: CommandBus,
    private readonly saga: ProcessSpecsSaga,
  ) {}

  onModuleInit(): void {
    this.engine.registerProjection(specsProjection);
    this.engine.registerSaga(this.saga);
    this.scheduler.register(PROCESS_SPEC_TIMER, (payload) => this.commands.execute(new ProcessOpenApiSpecCommand(payload as ProcessSpecPayload)));
  }
}
