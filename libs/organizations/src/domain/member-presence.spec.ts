import { given } from '@app/platform/testing/given';
import { memberPresence, PresenceEvent, PRESENCE_RECORD_INTERVAL_MS } from './member-presence';
import { OrganizationNotFound } from './organization';

const at = (iso: string) => new Date(iso);
const seen = (seenAt: string): PresenceEvent => ({ type: 'OrganizationMemberSeen', data: { organizationId: 'o1', userId: 'bob', seenAt } });
const ping = (member = true) => ({ type: 'RecordMemberSeen' as const, organizationId: 'o1', userId: 'bob', member });

describe('member presence decider (ping)', () => {
  it('records the first ping', () => {
    given(memberPresence)
      .whenCommand(ping(), at('2026-01-01T10:00:00.000Z'))
      .then([seen('2026-01-01T10:00:00.000Z')]);
  });

  it('records at most one ping a minute', () => {
    const after = given(memberPresence, seen('2026-01-01T10:00:00.000Z'));
    expect(after.state).toEqual({ lastSeenAt: '2026-01-01T10:00:00.000Z' });
    after.whenCommand(ping(), at('2026-01-01T10:00:59.999Z')).thenNothing();
    const next = new Date(Date.parse('2026-01-01T10:00:00.000Z') + PRESENCE_RECORD_INTERVAL_MS);
    after.whenCommand(ping(), next).then([seen(next.toISOString())]);
  });

  it('a non-member is told the organization does not exist (404)', () => {
    given(memberPresence).whenCommand(ping(false)).thenThrows(OrganizationNotFound);
  });
});
