import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, Principal } from '@app/platform';
import { importRunDecider } from '../../domain/import-run';
import { ImportRunNotFound } from '../../domain/import-rules';
import { importRunStream } from '../../domain/import-run.events';
import { ImportAccess } from '../import-access';

/**
 * cancelImportRun: needs the edit permission on the run's target space. The run in progress
 * sees the cancellation before its next page and before every write, and stops there.
 */
export class CancelImportRunCommand extends Command<void> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly importRunId: string,
  ) {
    super();
  }
}

@CommandHandler(CancelImportRunCommand)
export class CancelImportRunHandler implements ICommandHandler<CancelImportRunCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: ImportAccess,
  ) {}

  async execute({ caller, organizationId, importRunId }: CancelImportRunCommand): Promise<void> {
    await this.access.member(caller, organizationId);
    await this.es.execute(
      importRunStream(importRunId),
      importRunDecider,
      { type: 'CancelImportRun', importRunId, organizationId, actor: caller.userId },
      {
        precondition: async (s) => {
          if (!s.run || s.run.organizationId !== organizationId) throw new ImportRunNotFound(importRunId);
          await this.access.requireEdit(caller.userId, organizationId, s.run.target.space, 'Cancelling an import into');
        },
      },
    );
  }
}
