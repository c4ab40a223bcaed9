import { BadRequest, Evolver, Forbidden, NotFound, Role } from '@app/platform';
import { OrganizationEvent, OrganizationSettings, TeamRole } from './organization.events';
import { organizationAllows } from './organization-permissions';

export * from './organization.events';

export interface TeamState {
  title: string;
  members: Record<string, TeamRole>;
}

/** What decisions need: members and their roles, teams, link invites and the join settings. */
export interface OrganizationState {
  exists: boolean;
  id: string | null;
  /** userId → role; null is a guest. Use `isMember`, not truthiness. */
  members: Record<string, Role | null>;
  teams: Record<string, TeamState>;
  invites: Record<string, Role | null>;
  emailDomains: string[];
  defaultRole: Role | null;
  inviteLinks: boolean;
}

export const organizationStream = (id: string) => `organizations.organization-${id}`;

const without = <V>(o: Record<string, V>, key: string): Record<string, V> => {
  const { [key]: _, ...rest } = o;
  return rest;
};
const mapTeams = (s: OrganizationState, teamId: string, f: (t: TeamState) => TeamState): OrganizationState =>
  s.teams[teamId] ? { ...s, teams: { ...s.teams, [teamId]: f(s.teams[teamId]) } } : s;

export const organization: Evolver<OrganizationState, OrganizationEvent> = {
  initialState: { exists: false, id: null, members: {}, teams: {}, invites: {}, emailDomains: [], defaultRole: null, inviteLinks: false },
  evolve(s, e) {
    switch (e.type) {
      case 'OrganizationCreated': return { ...s, exists: true, id: e.data.organizationId };
      case 'OrganizationUpdated': {
        const c = e.data.changes;
        return {
          ...s,
          emailDomains: c.emailDomains ?? s.emailDomains,
          defaultRole: c.defaultRole !== undefined ? c.defaultRole : s.defaultRole,
          inviteLinks: c.inviteLinks ?? s.inviteLinks,
        };
      }
      case 'OrganizationMemberAdded':
      case 'OrganizationJoined':
      case 'OrganizationMemberRoleChanged': return { ...s, members: { ...s.members, [e.data.userId]: e.data.role } };
      case 'OrganizationMemberRemoved': {
        // Teams drop the user too (the decider also emits TeamMemberRemoved for each team).
        const teams = Object.fromEntries(Object.entries(s.teams).map(([id, t]) => [id, { ...t, members: without(t.members, e.data.userId) }]));
        return { ...s, members: without(s.members, e.data.userId), teams };
      }
      case 'OrganizationInviteCreated':
      case 'OrganizationInviteRoleChanged': return { ...s, invites: { ...s.invites, [e.data.inviteId]: e.data.role } };
      case 'OrganizationInviteDeleted': return { ...s, invites: without(s.invites, e.data.inviteId) };
      case 'TeamCreated': return { ...s, teams: { ...s.teams, [e.data.teamId]: { title: e.data.title, members: {} } } };
      case 'TeamRenamed': return mapTeams(s, e.data.teamId, (t) => ({ ...t, title: e.data.title }));
      case 'TeamDeleted': return { ...s, teams: without(s.teams, e.data.teamId) };
      case 'TeamMemberAdded':
      case 'TeamMemberRoleChanged': return mapTeams(s, e.data.teamId, (t) => ({ ...t, members: { ...t.members, [e.data.userId]: e.data.role } }));
      case 'TeamMemberRemoved': return mapTeams(s, e.data.teamId, (t) => ({ ...t, members: without(t.members, e.data.userId) }));
    }
  },
};

// ——— Named rule errors ———

/** Also answered to non-members, so an organization's existence does not leak. */
export class OrganizationNotFound extends NotFound {
  constructor(id: string) { super(`No organization with id ${id}`); }
}
export class MemberNotFound extends NotFound {
  constructor(userId: string, orgId: string) { super(`No member with id ${userId} in organization ${orgId}`); }
}
export class TeamNotFound extends NotFound {
  constructor(teamId: string, orgId: string) { super(`No team with id ${teamId} in organization ${orgId}`); }
}
export class InviteNotFound extends NotFound {
  constructor(inviteId: string, orgId: string) { super(`No invite with id ${inviteId} in organization ${orgId}`); }
}
export class AdminRequired extends Forbidden {
  constructor(what: string) { super(`Only organization admins can ${what}`); }
}

// ——— Guards shared by the deciders ———

export const isMember = (s: OrganizationState, userId: string) => Object.prototype.hasOwnProperty.call(s.members, userId);

/** The actor's role; throws 404 (not 403) for non-members so existence does not leak. */
export function actorRole(s: OrganizationState, id: string, actorId: string): Role | null {
  if (!s.exists || !isMember(s, actorId)) throw new OrganizationNotFound(id);
  return s.members[actorId];
}

/** The `admin` flag of the organization policy (domain/organization-permissions.ts), on the write side. */
export function requireAdmin(s: OrganizationState, id: string, actorId: string, what: string): void {
  if (!organizationAllows('admin', { member: true, role: actorRole(s, id, actorId), ownsTeam: false })) throw new AdminRequired(what);
}

export const adminCount = (s: OrganizationState) => Object.values(s.members).filter((r) => r === 'admin').length;

export function validateTitle(title: string): string {
  const t = title.trim();
  if (t.length < 2 || t.length > 255) throw new BadRequest('title: must be 2 to 255 characters');
  return t;
}

// ——— Organization lifecycle and settings ———

export function decideCreate(s: OrganizationState, id: string, title: string, adminId: string, now: Date): OrganizationEvent[] {
  if (s.exists) return [];
  const at = now.toISOString();
  return [
    { type: 'OrganizationCreated', data: { organizationId: id, title: validateTitle(title), createdBy: adminId, createdAt: at } },
    { type: 'OrganizationMemberAdded', data: { organizationId: id, userId: adminId, role: 'admin', joinedAt: at, source: 'creator' } },
  ];
}

export function decideUpdate(s: OrganizationState, id: string, actorId: string, changes: OrganizationSettings, now: Date): OrganizationEvent[] {
  requireAdmin(s, id, actorId, 'update the organization');
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'OrganizationUpdated', data: { organizationId: id, changes, updatedAt: now.toISOString() } }];
}
