import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { agentInstructions, agentInstructionsStream } from '../../domain/agent-instructions';
import { isMember, organizationStream } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';

/** updateOrganizationAgentInstructions: an admin replaces the organization's agent instructions. */
export class UpdateAgentInstructionsCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly instructions: unknown,
  ) {
    super();
  }
}

@CommandHandler(UpdateAgentInstructionsCommand)
export class UpdateAgentInstructionsHandler implements ICommandHandler<UpdateAgentInstructionsCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: UpdateAgentInstructionsCommand): Promise<void> {
    const { organizationId, actorId, instructions } = cmd;
    // The actor's role is the organization aggregate's: read from its stream for this decision.
    await this.es.execute(agentInstructionsStream(organizationId), agentInstructions, async () => {
      const org = (await this.es.load(organizationStream(organizationId), organization)).state;
      const actorRole = org.exists && isMember(org, actorId) ? org.members[actorId] : undefined;
      return { type: 'UpdateAgentInstructions' as const, organizationId, actorId, actorRole, instructions };
    });
  }
}
