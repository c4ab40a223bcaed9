import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, Role } from '@app/platform';
import { collection, collectionStream } from '../../domain/collection';
import { ItemKind } from '../../domain/placement';
import { space, spaceStream } from '../../domain/space';
import { collectionFlag, spaceFlag } from '../authorize';
import { Principals } from '../principals';
import { SpaceAccess } from '../space-access';

export interface PermissionTarget {
  kind: ItemKind;
  id: string;
}

/**
 * Sets one role for users and teams on a space or a collection (null takes their direct grant
 * away). Invites and PATCHes validate the principals first (404 for an unknown user or a team
 * not of the item's organization, and nothing is written); removals do not, since removing
 * what is not there is the 204 outcome. Returns whether any grant changed.
 */
export class SetPermissionsCommand extends Command<{ changed: boolean }> {
  constructor(
    readonly target: PermissionTarget,
    readonly actorId: string,
    readonly role: Role | null,
    readonly principals: { users?: string[]; teams?: string[] },
    readonly validate: boolean,
  ) {
    super();
  }
}

@CommandHandler(SetPermissionsCommand)
export class SetPermissionsHandler implements ICommandHandler<SetPermissionsCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpaceAccess,
    private readonly principals: Principals,
  ) {}

  async execute(cmd: SetPermissionsCommand) {
    const acc = this.access.for(cmd.actorId);
    const { id } = cmd.target;
    const { role } = cmd;
    const users = cmd.principals.users ?? [];
    const teams = cmd.principals.teams ?? [];
    const known = (organizationId: string) => (cmd.validate ? this.principals.assertKnown(organizationId, users, teams) : undefined);
    const r =
      cmd.target.kind === 'space'
        ? await this.es.execute(
            spaceStream(id),
            space,
            { type: 'SetSpaceGrants', spaceId: id, role, users, teams },
            {
              precondition: async (s) => {
                await spaceFlag(acc, id, 'admin', 'Managing the permissions of a space')(s);
                await known(s.space!.organizationId);
              },
            },
          )
        : await this.es.execute(
            collectionStream(id),
            collection,
            { type: 'SetCollectionGrants', collectionId: id, role, users, teams },
            {
              precondition: async (s) => {
                await collectionFlag(acc, id, 'admin', 'Managing the permissions of a collection')(s);
                await known(s.collection!.organizationId);
              },
            },
          );
    return { changed: r.events.length > 0 };
  }
}
