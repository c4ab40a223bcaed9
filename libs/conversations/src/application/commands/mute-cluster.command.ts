import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, Principal } from '@app/platform';
import { issueClustersDecider } from '../../domain/issue-clusters';
import { clustersStream } from '../../domain/issue-clusters.events';
import { ConversationAccess } from '../conversation-access';
import { ClusterStates } from '../cluster-states';

/** PATCH {muted} of a cluster (seed-only operation): a muted cluster is not used for new change requests. */
export class MuteClusterCommand extends Command<void> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly clusterId: string,
    readonly muted: boolean,
  ) {
    super();
  }
}

@CommandHandler(MuteClusterCommand)
export class MuteClusterHandler implements ICommandHandler<MuteClusterCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: ConversationAccess,
    private readonly states: ClusterStates,
  ) {}
  async execute({ caller, organizationId, clusterId, muted }: MuteClusterCommand): Promise<void> {
    await this.access.requireIngest(caller, organizationId);
    await this.states.serialize(organizationId, () =>
      this.es.execute(
        clustersStream(organizationId),
        issueClustersDecider,
        { type: 'ChangeMuted', organizationId, clusterId, muted },
        { cache: this.states.folded },
      ),
    );
  }
}
