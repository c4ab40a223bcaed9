import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller, Principal, ProjectionEngine, ResourceStream, Satisfies } from '@app/platform';
import { UpdateAgentInstructionsCommand } from '../application/commands/update-agent-instructions.command';
import { GetAgentInstructionsQuery } from '../application/queries/agent-instructions.query';
import { agentInstructionsStream } from '../domain/agent-instructions';
import { instructionsProblem } from '../domain/instructions-document';

/** Body of updateOrganizationAgentInstructions: `{instructions}`, a rich-text document (domain/instructions-document.ts). */
export class UpdateAgentInstructionsBody {
  @Satisfies('isInstructionsDocument', (v, f) => (v === undefined ? `${f}: is required (a rich-text document)` : instructionsProblem(v, f)))
  instructions!: unknown;
}

/** Reference getOrganizationAgentInstructions / updateOrganizationAgentInstructions: members read, admins write. */
@Controller('orgs/:organizationId/agent-instructions')
export class AgentInstructionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get()
  @ResourceStream((p) => agentInstructionsStream(p.organizationId))
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string) {
    return this.queries.execute(new GetAgentInstructionsQuery(organizationId, caller.userId));
  }

  @Put()
  async update(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Body() body: UpdateAgentInstructionsBody) {
    await this.commands.execute(new UpdateAgentInstructionsCommand(organizationId, caller.userId, body.instructions));
    await this.engine.settle();
    return this.queries.execute(new GetAgentInstructionsQuery(organizationId, caller.userId));
  }
}
