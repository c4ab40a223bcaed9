import { Module, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ProjectionEngine, Scheduler } from '@app/platform';
import { UpdateGlossaryHandler } from './application/commands/glossary.commands';
import {
  CreateTranslationHandler,
  DeleteTranslationHandler,
  RunTranslationHandler,
  UpdateTranslationHandler,
} from './application/commands/translation.commands';
import { GetGlossaryEntryHandler, GetTranslationHandler, ListGlossaryEntriesHandler, ListTranslationsHandler } from './application/queries/translation.queries';
import { translationsProjection } from './application/queries/translations.projection';
import { ExecuteTranslationRunCommand, ExecuteTranslationRunHandler, RunPayload, TRANSLATION_RUN_TIMER } from './application/run/execute-run.command';
import { SourceReader } from './application/run/source-reader';
import { TargetWriter } from './application/run/target-writer';
import { TranslationAccess } from './application/translation-access';
import { Translators } from './application/translator/translators';
import { GlossaryController } from './http/glossary.controller';
import { TranslationsController } from './http/translations.controller';
import { TranslationRunsSaga } from './sagas/translation-runs.saga';

const COMMAND_HANDLERS = [
  CreateTranslationHandler,
  UpdateTranslationHandler,
  DeleteTranslationHandler,
  RunTranslationHandler,
  UpdateGlossaryHandler,
  ExecuteTranslationRunHandler,
];
const QUERY_HANDLERS = [ListTranslationsHandler, GetTranslationHandler, ListGlossaryEntriesHandler, GetGlossaryEntryHandler];

/**
 * Translations of spaces into other languages: a run translates the pages of the source space
 * that changed since the last run through the configured provider and merges them into the
 * target space; and the organization's glossary, whose terms every provider keeps.
 */
@Module({
  controllers: [TranslationsController, GlossaryController],
  providers: [TranslationAccess, Translators, SourceReader, TargetWriter, TranslationRunsSaga, ...COMMAND_HANDLERS, ...QUERY_HANDLERS],
})
export class TranslationsModule implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly scheduler: Scheduler,
    private readonly commands: CommandBus,
    private readonly saga: TranslationRunsSaga,
  ) {}

  onModuleInit(): void {
    this.engine.registerProjection(translationsProjection);
    this.engine.registerSaga(this.saga);
    this.scheduler.register(TRANSLATION_RUN_TIMER, (payload) => this.commands.execute(new ExecuteTranslationRunCommand(payload as RunPayload)));
  }
}
