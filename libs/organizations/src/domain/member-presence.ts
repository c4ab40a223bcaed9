import { Decider, DomainEvent } from '@app/platform';
import { OrganizationNotFound } from './organization';

/**
 * When a member was last seen in an organization (updateOrganizationMemberLastSeenAt, "ping").
 * One stream per member, apart from the organization's: clients ping often, and pings must
 * neither contend with the organization's writes nor move its revision (its ETag).
 */
export type PresenceEvent = DomainEvent<'OrganizationMemberSeen', { organizationId: string; userId: string; seenAt: string }>;

/** `member`: whether the user is a member (guests too) of the organization, from its stream. */
export type PresenceCommand = { type: 'RecordMemberSeen'; organizationId: string; userId: string; member: boolean };

export interface PresenceState {
  lastSeenAt: string | null;
}

export const presenceStream = (organizationId: string, userId: string) => `organizations.presence-${organizationId}-${userId}`;

/**
 * "Last seen" is kept to the minute on purpose: at most one event per member per minute, so a
 * client pinging every few seconds does not write an event per ping.
 */
export const PRESENCE_RECORD_INTERVAL_MS = 60 * 1000;

export const memberPresence: Decider<PresenceState, PresenceCommand, PresenceEvent> = {
  initialState: { lastSeenAt: null },
  evolve: (_s, e) => ({ lastSeenAt: e.data.seenAt }),
  decide(c, s, now) {
    // Non-members get 404, as for every other route of an organization they do not belong to.
    if (!c.member) throw new OrganizationNotFound(c.organizationId);
    if (s.lastSeenAt && now.getTime() - Date.parse(s.lastSeenAt) < PRESENCE_RECORD_INTERVAL_MS) return [];
    return [{ type: 'OrganizationMemberSeen', data: { organizationId: c.organizationId, userId: c.userId, seenAt: now.toISOString() } }];
  },
};
