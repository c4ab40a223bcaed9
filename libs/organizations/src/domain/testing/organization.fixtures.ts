import { Role } from '@app/platform';
import { OrganizationEvent, TeamRole } from '../organization.events';

/** Event builders for the deciders' given/when/then tests. */
export const AT = '2026-01-01T00:00:00.000Z';
export const NOW = new Date('2026-01-02T00:00:00.000Z');
export const NOW_ISO = NOW.toISOString();
const o = { organizationId: 'o1' };

export const created = (admin = 'ada'): OrganizationEvent[] => [
  { type: 'OrganizationCreated', data: { ...o, title: 'Acme', createdBy: admin, createdAt: AT } },
  { type: 'OrganizationMemberAdded', data: { ...o, userId: admin, role: 'admin', joinedAt: AT, source: 'creator' } },
];
export const member = (userId: string, role: Role | null): OrganizationEvent => ({
  type: 'OrganizationMemberAdded',
  data: { ...o, userId, role, joinedAt: AT },
});
export const updated = (changes: object): OrganizationEvent => ({ type: 'OrganizationUpdated', data: { ...o, changes, updatedAt: AT } });
export const team = (teamId: string, title = 'Writers'): OrganizationEvent => ({
  type: 'TeamCreated',
  data: { ...o, teamId, title, createdAt: AT, createdBy: 'ada' },
});
export const seat = (teamId: string, userId: string, role: TeamRole = 'member', addedAt = AT): OrganizationEvent => ({
  type: 'TeamMemberAdded',
  data: { ...o, teamId, userId, role, addedAt },
});
export const invite = (inviteId: string, role: Role | null): OrganizationEvent => ({
  type: 'OrganizationInviteCreated',
  data: { ...o, inviteId, role, createdAt: AT, createdBy: 'ada' },
});
