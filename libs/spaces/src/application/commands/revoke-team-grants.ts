import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ProjectionEngine, ReadStore } from '@app/platform';
import { collection, collectionStream, decideCollectionGrants } from '../../domain/collection';
import { space, spaceStream } from '../../domain/space';
import { decideSpaceGrants } from '../../domain/space-moves';
import { GrantDoc, GRANTS } from '../queries/grants.read-model';

/** Sent by the revoke-deleted-team-grants saga; revoking what is already gone writes nothing. */
export class RevokeTeamGrantsCommand extends Command<void> {
  /** `asOf`: position of the TeamDeleted event; the grants read model must have reached it. */
  constructor(readonly teamId: string, readonly asOf: number) { super(); }
}

@CommandHandler(RevokeTeamGrantsCommand)
export class RevokeTeamGrantsHandler implements ICommandHandler<RevokeTeamGrantsCommand> {
  constructor(private readonly es: EventSourcing, private readonly store: ReadStore, private readonly engine: ProjectionEngine) {}

  async execute(cmd: RevokeTeamGrantsCommand) {
    await this.engine.waitFor(cmd.asOf);
    for (const g of await this.store.find<GrantDoc>(GRANTS, { principalKind: 'team', principalId: cmd.teamId })) {
      if (g.targetKind === 'space') await this.es.handle(spaceStream(g.targetId), space, (s) => (s.status === 'none' ? [] : decideSpaceGrants(s, g.targetId, 'team', [cmd.teamId], null)));
      else await this.es.handle(collectionStream(g.targetId), collection, (s) => (s.status !== 'active' ? [] : decideCollectionGrants(s, g.targetId, 'team', [cmd.teamId], null)));
    }
  }
}
