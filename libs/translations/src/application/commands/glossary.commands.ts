import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Principal } from '@app/platform';
import { glossaryDecider, GlossaryOperation, glossaryStream, GlossaryTranslations } from '../../domain/glossary';
import { TranslationAccess } from '../translation-access';

/** An operation as sent: an insert has no id yet. */
export type GlossaryOperationInput =
  { type: 'insert'; translations: GlossaryTranslations } | { type: 'update'; id: string; translations: GlossaryTranslations } | { type: 'delete'; id: string };

/** updateGlossaryEntries: one batch, applied in order, all or nothing. */
export class UpdateGlossaryCommand extends Command<void> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly operations: GlossaryOperationInput[],
  ) {
    super();
  }
}

@CommandHandler(UpdateGlossaryCommand)
export class UpdateGlossaryHandler implements ICommandHandler<UpdateGlossaryCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: TranslationAccess,
  ) {}

  async execute(c: UpdateGlossaryCommand) {
    await this.access.requireEdit(c.caller, c.organizationId, 'Changing the translation glossary');
    // Ids of new entries are chosen once, outside the retried decision, so a retry names them alike.
    const operations: GlossaryOperation[] = c.operations.map((op) => (op.type === 'insert' ? { ...op, id: this.ids.next() } : op));
    await this.es.execute(glossaryStream(c.organizationId), glossaryDecider, {
      type: 'ApplyGlossaryOperations',
      organizationId: c.organizationId,
      operations,
      actor: c.caller.userId,
    });
  }
}
