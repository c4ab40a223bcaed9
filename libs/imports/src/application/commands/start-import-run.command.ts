import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Principal } from '@app/platform';
import { importRunDecider } from '../../domain/import-run';
import { ImportSource, ImportTarget, importRunStream } from '../../domain/import-run.events';
import { ImportAccess } from '../import-access';
import { SourceChecks } from '../source-checks';

/** startImportRun: checks the caller, the target and the source, and records the run (pending); the saga carries it out. */
export class StartImportRunCommand extends Command<{ importRunId: string }> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly source: ImportSource,
    readonly target: ImportTarget,
  ) {
    super();
  }
}

@CommandHandler(StartImportRunCommand)
export class StartImportRunHandler implements ICommandHandler<StartImportRunCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: ImportAccess,
    private readonly sources: SourceChecks,
  ) {}

  async execute({ caller, organizationId, source, target }: StartImportRunCommand) {
    await this.access.member(caller, organizationId);
    await this.access.checkTarget(caller.userId, organizationId, target);
    await this.sources.check(organizationId, source);
    const importRunId = this.ids.next();
    // Only the fields of the reference shapes are kept (the body was checked for unknown ones).
    const kept: ImportSource = source.type === 'website' ? { type: 'website', url: source.url } : { type: 'file', files: [...source.files] };
    const where: ImportTarget = {
      space: target.space,
      ...(target.changeRequest !== undefined ? { changeRequest: target.changeRequest } : {}),
      ...(target.page !== undefined ? { page: target.page } : {}),
    };
    await this.es.execute(importRunStream(importRunId), importRunDecider, {
      type: 'StartImportRun',
      importRunId,
      organizationId,
      source: kept,
      target: where,
      actor: caller.userId,
    });
    return { importRunId };
  }
}
