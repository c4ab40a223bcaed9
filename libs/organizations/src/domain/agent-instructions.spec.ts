import { BadRequest } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { agentInstructions, AgentInstructionsEvent } from './agent-instructions';
import { AdminRequired, OrganizationNotFound } from './organization';

const NOW = new Date('2026-01-02T00:00:00.000Z');
const paragraph = (t: string) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] }] });
const doc = (t: string) => ({ object: 'document', data: {}, nodes: [paragraph(t)] });
const stored = (t: string) => ({ object: 'document' as const, data: {}, nodes: [{ ...paragraph(t), data: {} }] });
const put = (instructions: unknown, as: { role: 'admin' | 'edit' | null | undefined } = { role: 'admin' }) => ({
  type: 'UpdateAgentInstructions' as const,
  organizationId: 'o1',
  actorId: 'ada',
  actorRole: as.role,
  instructions,
});
const updated = (t: string): AgentInstructionsEvent => ({
  type: 'OrganizationAgentInstructionsUpdated',
  data: { organizationId: 'o1', instructions: stored(t), updatedAt: NOW.toISOString(), updatedBy: 'ada' },
});

describe('agent instructions decider', () => {
  it('an admin sets the document (with the fields the reference requires filled in), by whom and when', () => {
    given(agentInstructions)
      .whenCommand(put(doc('Answer in English.')), NOW)
      .then([updated('Answer in English.')]);
  });

  it('the same document again changes nothing (who and when stay); another one replaces it', () => {
    const set = given(agentInstructions, updated('Be brief.'));
    set.whenCommand(put(doc('Be brief.')), NOW).thenNothing();
    set.whenCommand(put(doc('Be thorough.')), NOW).then([updated('Be thorough.')]);
  });

  it('only admins (403); non-members are told the organization does not exist (404)', () => {
    given(agentInstructions)
      .whenCommand(put(doc('x'), { role: 'edit' }))
      .thenThrows(AdminRequired);
    given(agentInstructions)
      .whenCommand(put(doc('x'), { role: null }))
      .thenThrows(AdminRequired);
    given(agentInstructions)
      .whenCommand(put(doc('x'), { role: undefined }))
      .thenThrows(OrganizationNotFound);
  });

  it('a document that is not one is a 400', () => {
    given(agentInstructions)
      .whenCommand(put({ object: 'block' }))
      .thenThrows(BadRequest);
  });
});
