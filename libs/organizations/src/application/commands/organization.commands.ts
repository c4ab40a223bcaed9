import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Role } from '@app/platform';
import { decideAddMember } from '../../domain/members';
import { decideCreate, decideUpdate, organization, organizationStream, OrganizationSettings, requireAdmin } from '../../domain/organization';
import { DefaultContentCheck } from '../default-content';

export class CreateOrganizationCommand extends Command<{ organizationId: string }> {
  constructor(readonly title: string, readonly adminUserId: string) { super(); }
}

@CommandHandler(CreateOrganizationCommand)
export class CreateOrganizationHandler implements ICommandHandler<CreateOrganizationCommand> {
  constructor(private readonly es: EventSourcing, private readonly ids: IdGenerator) {}
  async execute(cmd: CreateOrganizationCommand) {
    const organizationId = this.ids.next();
    await this.es.handle(organizationStream(organizationId), organization, (s, now) => decideCreate(s, organizationId, cmd.title, cmd.adminUserId, now));
    return { organizationId };
  }
}

/** Operator action (CLI): adds a user to an organization with a role (or changes it). */
export class AddOrganizationMemberCommand extends Command<void> {
  constructor(readonly organizationId: string, readonly userId: string, readonly role: Role) { super(); }
}

@CommandHandler(AddOrganizationMemberCommand)
export class AddOrganizationMemberHandler implements ICommandHandler<AddOrganizationMemberCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: AddOrganizationMemberCommand) {
    await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) =>
      decideAddMember(s, cmd.organizationId, cmd.userId, cmd.role, now, { source: 'operator' }),
    );
  }
}

export class UpdateOrganizationCommand extends Command<void> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly changes: OrganizationSettings) { super(); }
}

@CommandHandler(UpdateOrganizationCommand)
export class UpdateOrganizationHandler implements ICommandHandler<UpdateOrganizationCommand> {
  constructor(private readonly es: EventSourcing, private readonly defaultContent: DefaultContentCheck) {}
  async execute(cmd: UpdateOrganizationCommand) {
    // Membership and role are checked by the decider first, so outsiders learn nothing from the content check.
    const { state } = await this.es.load(organizationStream(cmd.organizationId), organization);
    requireAdmin(state, cmd.organizationId, cmd.actorId, 'update the organization');
    if (cmd.changes.defaultContent) await this.defaultContent.assertExists(cmd.organizationId, cmd.changes.defaultContent);
    await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideUpdate(s, cmd.organizationId, cmd.actorId, cmd.changes, now));
  }
}
