import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator } from '@app/platform';
import { samlProvider, SamlProviderFields, samlProviderStream } from '../domain/saml-provider';
import { SsoAccess } from './sso-access';

export type SamlProviderInput = Partial<SamlProviderFields>;

/** createOrganizationSAMLProvider: admins only; a default team must be the organization's. */
export class CreateSamlProviderCommand extends Command<{ providerId: string }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly input: SamlProviderInput & { label: string },
  ) {
    super();
  }
}

@CommandHandler(CreateSamlProviderCommand)
export class CreateSamlProviderHandler implements ICommandHandler<CreateSamlProviderCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: SsoAccess,
  ) {}
  async execute({ organizationId, actorId, input }: CreateSamlProviderCommand) {
    await this.access.requireAdmin(organizationId, actorId);
    await this.access.requireTeam(organizationId, input.defaultTeam);
    const providerId = this.ids.next();
    await this.es.execute(samlProviderStream(providerId), samlProvider, { type: 'CreateSamlProvider', providerId, organizationId, actorId, fields: input });
    return { providerId };
  }
}

/** updateOrganizationSAMLProvider: the given fields; `defaultTeam: null` removes the default team. */
export class UpdateSamlProviderCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly providerId: string,
    readonly input: SamlProviderInput,
  ) {
    super();
  }
}

@CommandHandler(UpdateSamlProviderCommand)
export class UpdateSamlProviderHandler implements ICommandHandler<UpdateSamlProviderCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SsoAccess,
  ) {}
  async execute({ organizationId, actorId, providerId, input }: UpdateSamlProviderCommand) {
    await this.access.requireAdmin(organizationId, actorId);
    await this.access.requireTeam(organizationId, input.defaultTeam);
    await this.es.execute(samlProviderStream(providerId), samlProvider, { type: 'UpdateSamlProvider', providerId, organizationId, changes: input });
  }
}

/** deleteOrganizationSAMLProvider: `deleted` false when there was none (204), true when deleted (205). */
export class DeleteSamlProviderCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly providerId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteSamlProviderCommand)
export class DeleteSamlProviderHandler implements ICommandHandler<DeleteSamlProviderCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SsoAccess,
  ) {}
  async execute({ organizationId, actorId, providerId }: DeleteSamlProviderCommand) {
    await this.access.requireAdmin(organizationId, actorId);
    const r = await this.es.execute(samlProviderStream(providerId), samlProvider, { type: 'DeleteSamlProvider', providerId, organizationId });
    return { deleted: r.events.length > 0 };
  }
}
