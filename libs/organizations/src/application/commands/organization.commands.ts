import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { atLeast, BadRequest, EventSourcing, Forbidden, IdGenerator, NotFound, Role } from '@app/platform';
import { decideAddMember, decideCreate, decideUpdate, organization, organizationStream, OrganizationSettings } from '../../domain/organization';

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

/** Operator action (CLI): adds a user to an organization with a role. */
export class AddOrganizationMemberCommand extends Command<void> {
  constructor(readonly organizationId: string, readonly userId: string, readonly role: Role) { super(); }
}

@CommandHandler(AddOrganizationMemberCommand)
export class AddOrganizationMemberHandler implements ICommandHandler<AddOrganizationMemberCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: AddOrganizationMemberCommand) {
    await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideAddMember(s, cmd.organizationId, cmd.userId, cmd.role, now));
  }
}

export class UpdateOrganizationCommand extends Command<void> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly changes: OrganizationSettings) { super(); }
}

@CommandHandler(UpdateOrganizationCommand)
export class UpdateOrganizationHandler implements ICommandHandler<UpdateOrganizationCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: UpdateOrganizationCommand) {
    await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => {
      const role = s.members[cmd.actorId];
      if (!s.exists || !role) throw new NotFound(`No organization with id ${cmd.organizationId}`);
      if (!atLeast(role, 'admin')) throw new Forbidden('Only organization admins can update the organization');
      if (cmd.changes.defaultContent) {
        // No docs site exists yet in this service, so no site can be the default content.
        throw new BadRequest(`defaultContent.site: no site with id ${cmd.changes.defaultContent.site} in this organization`);
      }
      return decideUpdate(s, cmd.organizationId, cmd.changes, now);
    });
  }
}
