import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { AgentInstructionsEvent } from '../../domain/agent-instructions';
import { EMPTY_INSTRUCTIONS, InstructionsDocument } from '../../domain/instructions-document';
import { OrganizationEvent } from '../../domain/organization';

export const AGENT_INSTRUCTIONS = 'organization_agent_instructions';

/** One per organization, keyed by its id. */
export type AgentInstructionsDoc = { id: string; instructions: InstructionsDocument; updatedAt: string; updatedBy: string };

type Handled = RecordedEvent & (AgentInstructionsEvent | Extract<OrganizationEvent, { type: 'OrganizationCreated' }>);

/**
 * An organization's agent instructions. Until an admin sets them they are the empty document,
 * as the organization's creator set it up: updatedAt and updatedBy are the creation's.
 */
export const agentInstructionsProjection: ProjectionDefinition = {
  name: 'organization-agent-instructions',
  collections: [{ name: AGENT_INSTRUCTIONS, indexes: [] }],
  handles: ['OrganizationCreated', 'OrganizationAgentInstructionsUpdated'],
  async apply(recorded, ctx) {
    const e = recorded as Handled;
    switch (e.type) {
      case 'OrganizationCreated': {
        const d = e.data;
        const doc: AgentInstructionsDoc = { id: d.organizationId, instructions: EMPTY_INSTRUCTIONS, updatedAt: d.createdAt, updatedBy: d.createdBy };
        ctx.put(AGENT_INSTRUCTIONS, doc);
        return;
      }
      case 'OrganizationAgentInstructionsUpdated': {
        const d = e.data;
        const doc: AgentInstructionsDoc = { id: d.organizationId, instructions: d.instructions, updatedAt: d.updatedAt, updatedBy: d.updatedBy };
        ctx.put(AGENT_INSTRUCTIONS, doc);
        return;
      }
    }
  },
};
