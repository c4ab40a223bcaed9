import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadStore, Urls } from '@app/platform';
import { InstructionsDocument } from '../../domain/instructions-document';
import { OrganizationNotFound } from '../../domain/organization';
import { OrgAccess } from '../org-access';
import { AGENT_INSTRUCTIONS, AgentInstructionsDoc } from './agent-instructions.projection';

/** The reference OrganizationAgentInstructions. */
export interface AgentInstructionsView {
  object: 'agent-instructions';
  instructions: InstructionsDocument;
  updatedAt: string;
  updatedBy: string;
  urls: { location: string };
}

/** Members (guests too) read the instructions; outsiders get 404. */
export class GetAgentInstructionsQuery extends Query<AgentInstructionsView> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
  ) {
    super();
  }
}

@QueryHandler(GetAgentInstructionsQuery)
export class GetAgentInstructionsHandler implements IQueryHandler<GetAgentInstructionsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetAgentInstructionsQuery): Promise<AgentInstructionsView> {
    await this.access.require(q.organizationId, q.callerId, 'view', 'Reading the agent instructions');
    const doc = await this.store.get<AgentInstructionsDoc>(AGENT_INSTRUCTIONS, q.organizationId);
    if (!doc) throw new OrganizationNotFound(q.organizationId);
    return {
      object: 'agent-instructions',
      instructions: doc.instructions,
      updatedAt: doc.updatedAt,
      updatedBy: doc.updatedBy,
      urls: { location: this.urls.api(`/orgs/${q.organizationId}/agent-instructions`) },
    };
  }
}
