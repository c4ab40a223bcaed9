import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ProjectionEngine, ReadStore } from '@app/platform';
import { collection, collectionStream } from '../../domain/collection';
import { space, spaceStream } from '../../domain/space';
import { GrantDoc, GRANTS } from '../queries/grants.read-model';

/** Sent by the revoke-deleted-team-grants saga; revoking what is already gone writes nothing. */
export class RevokeTeamGrantsCommand extends Command<void> {
  /** `asOf`: position of the TeamDeleted event; the grants read model must have reached it. */
  constructor(
    readonly teamId: string,
    readonly asOf: number,
  ) {
    super();
  }
}

@CommandHandler(RevokeTeamGrantsCommand)
export class RevokeTeamGrantsHandler implements ICommandHandler<RevokeTeamGrantsCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly store: ReadStore,
    private readonly engine: ProjectionEngine,
  ) {}

  async execute(cmd: RevokeTeamGrantsCommand) {
    const { teamId } = cmd;
    await this.engine.waitFor(cmd.asOf);
    for (const g of await this.store.find<GrantDoc>(GRANTS, { principalKind: 'team', principalId: teamId })) {
      if (g.targetKind === 'space') await this.es.execute(spaceStream(g.targetId), space, { type: 'RevokeSpaceTeamGrant', spaceId: g.targetId, teamId });
      else await this.es.execute(collectionStream(g.targetId), collection, { type: 'RevokeCollectionTeamGrant', collectionId: g.targetId, teamId });
    }
  }
}
