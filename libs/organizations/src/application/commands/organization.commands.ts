import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Role } from '@app/platform';
import { organizationStream, OrganizationSettings, requireAdmin } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';
import { DefaultContentCheck } from '../default-content';

export class CreateOrganizationCommand extends Command<{ organizationId: string }> {
  constructor(
    readonly title: string,
    readonly adminUserId: string,
  ) {
    super();
  }
}

@CommandHandler(CreateOrganizationCommand)
export class CreateOrganizationHandler implements ICommandHandler<CreateOrganizationCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
  ) {}
  async execute(cmd: CreateOrganizationCommand) {
    const organizationId = this.ids.next();
    await this.es.execute(organizationStream(organizationId), organization, {
      type: 'CreateOrganization',
      organizationId,
      title: cmd.title,
      adminId: cmd.adminUserId,
    });
    return { organizationId };
  }
}

/** Operator action (CLI): adds a user to an organization with a role (or changes it). */
export class AddOrganizationMemberCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly role: Role,
  ) {
    super();
  }
}

@CommandHandler(AddOrganizationMemberCommand)
export class AddOrganizationMemberHandler implements ICommandHandler<AddOrganizationMemberCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: AddOrganizationMemberCommand) {
    const { organizationId, userId, role } = cmd;
    await this.es.execute(organizationStream(organizationId), organization, { type: 'AddMember', organizationId, userId, role, source: 'operator' });
  }
}

export class UpdateOrganizationCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly changes: OrganizationSettings,
  ) {
    super();
  }
}

@CommandHandler(UpdateOrganizationCommand)
export class UpdateOrganizationHandler implements ICommandHandler<UpdateOrganizationCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly defaultContent: DefaultContentCheck,
  ) {}
  async execute(cmd: UpdateOrganizationCommand) {
    const { organizationId, actorId, changes } = cmd;
    await this.es.execute(
      organizationStream(organizationId),
      organization,
      { type: 'UpdateOrganization', organizationId, actorId, changes },
      {
        // The default content is known from other contexts' events (a read model). Admins only
        // reach that check, so outsiders learn nothing from it.
        precondition: async (s) => {
          requireAdmin(s, organizationId, actorId, 'update the organization');
          if (changes.defaultContent) await this.defaultContent.assertExists(organizationId, changes.defaultContent);
        },
      },
    );
  }
}
