import { Decider, DomainEvent, Role } from '@app/platform';
import { InstructionsDocument, parseInstructions } from './instructions-document';
import { AdminRequired, OrganizationNotFound } from './organization';
import { organizationAllows } from './organization-permissions';

/**
 * The organization's instructions for its docs agent (reference OrganizationAgentInstructions):
 * a rich-text document, who last changed it and when. A stream of its own per organization, so
 * editing instructions does not move the organization's revision (its ETag).
 */
export type AgentInstructionsEvent = DomainEvent<
  'OrganizationAgentInstructionsUpdated',
  { organizationId: string; instructions: InstructionsDocument; updatedAt: string; updatedBy: string }
>;

/** `actorRole`: the actor's organization role (null: guest), undefined when they are not a member. */
export type AgentInstructionsCommand = {
  type: 'UpdateAgentInstructions';
  organizationId: string;
  actorId: string;
  actorRole: Role | null | undefined;
  instructions: unknown;
};

export interface AgentInstructionsState {
  /** The current document as JSON text (null: never set), to tell an unchanged PUT. */
  json: string | null;
}

export const agentInstructionsStream = (organizationId: string) => `organizations.agent-instructions-${organizationId}`;

export const agentInstructions: Decider<AgentInstructionsState, AgentInstructionsCommand, AgentInstructionsEvent> = {
  initialState: { json: null },
  evolve: (_s, e) => ({ json: JSON.stringify(e.data.instructions) }),
  decide(c, s, now) {
    if (c.actorRole === undefined) throw new OrganizationNotFound(c.organizationId);
    if (!organizationAllows('admin', { member: true, role: c.actorRole, ownsTeam: false })) throw new AdminRequired('update the agent instructions');
    const instructions = parseInstructions(c.instructions);
    // The same document again keeps who changed it last, and when.
    if (JSON.stringify(instructions) === s.json) return [];
    const data = { organizationId: c.organizationId, instructions, updatedAt: now.toISOString(), updatedBy: c.actorId };
    return [{ type: 'OrganizationAgentInstructionsUpdated', data }];
  },
};
