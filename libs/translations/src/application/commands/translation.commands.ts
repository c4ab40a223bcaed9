import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { BadRequest, EventSourcing, IdGenerator, NotFound, Principal, ReadStore } from '@app/platform';
import { GetSpaceAccessQuery } from '@app/spaces';
import { TranslationLanguage } from '../../domain/languages';
import { translationDecider } from '../../domain/translation';
import { translationStream, TranslationSource } from '../../domain/translation.events';
import { TRANSLATIONS, TranslationDoc } from '../queries/translations.projection';
import { TranslationAccess } from '../translation-access';

export interface TranslationAddress {
  caller: Principal;
  organizationId: string;
  translationId: string;
}

/** createTranslation: the source must be a space of the organization the caller can see; one translation per space and language. */
export class CreateTranslationCommand extends Command<{ translationId: string }> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly source: TranslationSource,
    readonly language: TranslationLanguage,
    /** Markdown of the instructions document. */
    readonly instructions: string,
  ) {
    super();
  }
}

@CommandHandler(CreateTranslationCommand)
export class CreateTranslationHandler implements ICommandHandler<CreateTranslationCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: TranslationAccess,
    private readonly queries: QueryBus,
    private readonly store: ReadStore,
  ) {}

  async execute(c: CreateTranslationCommand) {
    await this.access.requireEdit(c.caller, c.organizationId, 'Creating a translation');
    const space = await this.queries.execute(new GetSpaceAccessQuery(c.source.space, c.caller.userId));
    // A space of another organization, or one the caller cannot see, is not named (existence does not leak).
    if (!space?.role || space.organizationId !== c.organizationId)
      throw new BadRequest(`source.space: no space with id ${c.source.space} in this organization`);
    // Checked on the read model: two simultaneous creations could both pass (a known debt, as for site basenames).
    const [twin] = await this.store.find<TranslationDoc>(
      TRANSLATIONS,
      { organizationId: c.organizationId, 'source.space': c.source.space, language: c.language },
      { limit: 1 },
    );
    if (twin) throw new BadRequest(`language: space ${c.source.space} is already translated into ${c.language} by translation ${twin.id}`);
    const translationId = this.ids.next();
    await this.es.execute(translationStream(translationId), translationDecider, {
      type: 'CreateTranslation',
      translationId,
      organizationId: c.organizationId,
      source: c.source,
      language: c.language,
      instructions: c.instructions,
      actor: c.caller.userId,
    });
    return { translationId };
  }
}

/** updateTranslation: new instructions (used from the next run on). */
export class UpdateTranslationCommand extends Command<void> {
  constructor(
    readonly at: TranslationAddress,
    readonly instructions: string,
  ) {
    super();
  }
}

@CommandHandler(UpdateTranslationCommand)
export class UpdateTranslationHandler implements ICommandHandler<UpdateTranslationCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: TranslationAccess,
  ) {}

  async execute({ at, instructions }: UpdateTranslationCommand) {
    await this.access.requireEdit(at.caller, at.organizationId, 'Changing a translation');
    const { caller, ...ids } = at;
    await this.es.execute(translationStream(at.translationId), translationDecider, { type: 'ChangeInstructions', ...ids, instructions, actor: caller.userId });
  }
}

/** deleteTranslation: the translation goes; the space it wrote stays an ordinary space. */
export class DeleteTranslationCommand extends Command<{ deleted: boolean }> {
  constructor(readonly at: TranslationAddress) {
    super();
  }
}

@CommandHandler(DeleteTranslationCommand)
export class DeleteTranslationHandler implements ICommandHandler<DeleteTranslationCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: TranslationAccess,
  ) {}

  async execute({ at }: DeleteTranslationCommand) {
    // The reference's pair has no 404: for an outsider, the translation did not exist (204).
    try {
      await this.access.requireEdit(at.caller, at.organizationId, 'Deleting a translation');
    } catch (e) {
      if (e instanceof NotFound) return { deleted: false };
      throw e;
    }
    const { caller, ...ids } = at;
    const r = await this.es.execute(translationStream(at.translationId), translationDecider, { type: 'DeleteTranslation', ...ids, actor: caller.userId });
    return { deleted: r.events.length > 0 };
  }
}

/** runTranslation: asks for a run (the run itself happens in the background, see ExecuteTranslationRunCommand). */
export class RunTranslationCommand extends Command<void> {
  constructor(readonly at: TranslationAddress) {
    super();
  }
}

@CommandHandler(RunTranslationCommand)
export class RunTranslationHandler implements ICommandHandler<RunTranslationCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: TranslationAccess,
  ) {}

  async execute({ at }: RunTranslationCommand) {
    await this.access.requireEdit(at.caller, at.organizationId, 'Running a translation');
    const { caller, ...ids } = at;
    await this.es.execute(translationStream(at.translationId), translationDecider, {
      type: 'RequestRun',
      ...ids,
      runId: this.ids.next(),
      actor: caller.userId,
    });
  }
}
