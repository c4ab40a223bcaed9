import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing, NotFound, Role } from '@app/platform';
import { GetUsersQuery } from '@app/identity';
import { GetTeamsInOrganizationQuery } from '@app/organizations';
import { collection, collectionStream, decideCollectionGrants } from '../../domain/collection';
import { ItemKind } from '../../domain/placement';
import { space, spaceStream } from '../../domain/space';
import { decideSpaceGrants } from '../../domain/space-moves';
import { authorizeCollection, authorizeSpace } from '../authorize';
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
    readonly target: PermissionTarget, readonly actorId: string, readonly role: Role | null,
    readonly principals: { users?: string[]; teams?: string[] }, readonly validate: boolean,
  ) { super(); }
}

@CommandHandler(SetPermissionsCommand)
export class SetPermissionsHandler implements ICommandHandler<SetPermissionsCommand> {
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess, private readonly queries: QueryBus) {}

  async execute(cmd: SetPermissionsCommand) {
    const acc = this.access.for(cmd.actorId);
    const users = cmd.principals.users ?? [];
    const teams = cmd.principals.teams ?? [];
    const { id } = cmd.target;
    if (cmd.target.kind === 'space') {
      const { state } = await this.es.load(spaceStream(id), space);
      await authorizeSpace(acc, state, id, 'admin', 'Managing the permissions of a space');
      if (cmd.validate) await this.validate(state.space!.organizationId, users, teams);
      const r = await this.es.handle(spaceStream(id), space, (s) => [...decideSpaceGrants(s, id, 'user', users, cmd.role), ...decideSpaceGrants(s, id, 'team', teams, cmd.role)]);
      return { changed: r.events.length > 0 };
    }
    const { state } = await this.es.load(collectionStream(id), collection);
    await authorizeCollection(acc, state, id, 'admin', 'Managing the permissions of a collection');
    if (cmd.validate) await this.validate(state.collection!.organizationId, users, teams);
    const r = await this.es.handle(collectionStream(id), collection, (s) => [...decideCollectionGrants(s, id, 'user', users, cmd.role), ...decideCollectionGrants(s, id, 'team', teams, cmd.role)]);
    return { changed: r.events.length > 0 };
  }

  private async validate(organizationId: string, users: string[], teams: string[]): Promise<void> {
    if (users.length) {
      const known = await this.queries.execute(new GetUsersQuery(users));
      const missing = users.filter((u) => !known.has(u));
      if (missing.length) throw new NotFound(`No user with id ${missing.join(', ')}`);
    }
    if (teams.length) {
      const known = new Set((await this.queries.execute(new GetTeamsInOrganizationQuery(organizationId, teams))).map((t) => t.id));
      const missing = teams.filter((t) => !known.has(t));
      if (missing.length) throw new NotFound(`No team with id ${missing.join(', ')} in organization ${organizationId}`);
    }
  }
}
