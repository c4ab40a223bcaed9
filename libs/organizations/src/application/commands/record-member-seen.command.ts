import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { memberPresence, presenceStream } from '../../domain/member-presence';
import { isMember, organizationStream } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';

/** updateOrganizationMemberLastSeenAt ("ping"): the caller was just seen in the organization. */
export class RecordMemberSeenCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(RecordMemberSeenCommand)
export class RecordMemberSeenHandler implements ICommandHandler<RecordMemberSeenCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: RecordMemberSeenCommand): Promise<void> {
    const { organizationId, userId } = cmd;
    // Membership is the organization aggregate's: read from its stream for this decision.
    await this.es.execute(presenceStream(organizationId, userId), memberPresence, async () => {
      const org = (await this.es.load(organizationStream(organizationId), organization)).state;
      return { type: 'RecordMemberSeen' as const, organizationId, userId, member: org.exists && isMember(org, userId) };
    });
  }
}
