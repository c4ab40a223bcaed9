import { projectionOf } from '@app/platform/testing/projection-spec';
import { AGENT_INSTRUCTIONS, agentInstructionsProjection } from './agent-instructions.projection';

const AT = '2026-01-01T00:00:00.000Z';
const doc = (t: string) => ({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] }] }],
});

describe('agent instructions projection', () => {
  it('an organization starts with empty instructions, as its creator set it up; each update replaces them', async () => {
    const docs = await projectionOf(agentInstructionsProjection, [
      { type: 'OrganizationCreated', data: { organizationId: 'o1', title: 'Acme', createdBy: 'ada', createdAt: AT } },
      { type: 'OrganizationCreated', data: { organizationId: 'o2', title: 'Other', createdBy: 'bob', createdAt: AT } },
      { type: 'OrganizationAgentInstructionsUpdated', data: { organizationId: 'o1', instructions: doc('a'), updatedAt: 'u1', updatedBy: 'ada' } },
      { type: 'OrganizationAgentInstructionsUpdated', data: { organizationId: 'o1', instructions: doc('b'), updatedAt: 'u2', updatedBy: 'cy' } },
    ]);
    expect(docs[AGENT_INSTRUCTIONS]).toEqual([
      { id: 'o1', instructions: doc('b'), updatedAt: 'u2', updatedBy: 'cy' },
      { id: 'o2', instructions: { object: 'document', data: {}, nodes: [] }, updatedAt: AT, updatedBy: 'bob' },
    ]);
  });
});
