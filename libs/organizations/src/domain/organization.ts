import { BadRequest, Forbidden, NotFound, Role } from '@app/platform';
import { CommandOf } from './organization.commands';
import { OrganizationEvent, TeamRole } from './organization.events';
import { organizationAllows } from './organization-permissions';

export * from './organization.events';
export * from './organization.commands';

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
  /** Members who sign in through the organization's SSO provider. */
  ssoMembers: Record<string, true>;
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

export const initialOrganizationState: OrganizationState = {
  exists: false,
  id: null,
  members: {},
  ssoMembers: {},
  teams: {},
  invites: {},
  emailDomains: [],
  defaultRole: null,
  inviteLinks: false,
};

export function evolveOrganization(s: OrganizationState, e: OrganizationEvent): OrganizationState {
  switch (e.type) {
    case 'OrganizationCreated':
      return { ...s, exists: true, id: e.data.organizationId };
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
      return {
        ...s,
        members: { ...s.members, [e.data.userId]: e.data.role },
        ssoMembers: e.data.sso ? { ...s.ssoMembers, [e.data.userId]: true } : s.ssoMembers,
      };
    case 'OrganizationJoined':
    case 'OrganizationMemberRoleChanged':
      return { ...s, members: { ...s.members, [e.data.userId]: e.data.role } };
    case 'OrganizationMemberSsoGranted':
      return { ...s, ssoMembers: { ...s.ssoMembers, [e.data.userId]: true } };
    case 'OrganizationMemberRemoved': {
      // Teams drop the user too (the decider also emits TeamMemberRemoved for each team).
      const teams = Object.fromEntries(Object.entries(s.teams).map(([id, t]) => [id, { ...t, members: without(t.members, e.data.userId) }]));
      return { ...s, members: without(s.members, e.data.userId), ssoMembers: without(s.ssoMembers, e.data.userId), teams };
    }
    case 'OrganizationInviteCreated':
    case 'OrganizationInviteRoleChanged':
      return { ...s, invites: { ...s.invites, [e.data.inviteId]: e.data.role } };
    case 'OrganizationInviteDeleted':
      return { ...s, invites: without(s.invites, e.data.inviteId) };
    case 'TeamCreated':
      return { ...s, teams: { ...s.teams, [e.data.teamId]: { title: e.data.title, members: {} } } };
    case 'TeamRenamed':
      return mapTeams(s, e.data.teamId, (t) => ({ ...t, title: e.data.title }));
    case 'TeamDeleted':
      return { ...s, teams: without(s.teams, e.data.teamId) };
    case 'TeamMemberAdded':
    case 'TeamMemberRoleChanged':
      return mapTeams(s, e.data.teamId, (t) => ({ ...t, members: { ...t.members, [e.data.userId]: e.data.role } }));
    case 'TeamMemberRemoved':
      return mapTeams(s, e.data.teamId, (t) => ({ ...t, members: without(t.members, e.data.userId) }));
  }
}

// ——— Named rule errors ———

/** Also answered to non-members, so an organization's existence does not leak. */
export class OrganizationNotFound extends NotFound {
  constructor(id: string) {
    super(`No organization with id ${id}`);
  }
}
export class MemberNotFound extends NotFound {
  constructor(userId: string, orgId: string) {
    super(`No member with id ${userId} in organization ${orgId}`);
  }
}
export class TeamNotFound extends NotFound {
  constructor(teamId: string, orgId: string) {
    super(`No team with id ${teamId} in organization ${orgId}`);
  }
}
export class InviteNotFound extends NotFound {
  constructor(inviteId: string, orgId: string) {
    super(`No invite with id ${inviteId} in organization ${orgId}`);
  }
}
export class AdminRequired extends Forbidden {
  constructor(what: string) {
    super(`Only organization admins can ${what}`);
  }
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

export function decideCreate(c: CommandOf<'CreateOrganization'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  if (s.exists) return [];
  const at = now.toISOString();
  const { organizationId } = c;
  return [
    { type: 'OrganizationCreated', data: { organizationId, title: validateTitle(c.title), createdBy: c.adminId, createdAt: at } },
    { type: 'OrganizationMemberAdded', data: { organizationId, userId: c.adminId, role: 'admin', joinedAt: at, source: 'creator' } },
  ];
}

/** Only admins change settings; the title follows the same rule as at creation. An empty change is a no-op. */
export function decideUpdate(c: CommandOf<'UpdateOrganization'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  requireAdmin(s, c.organizationId, c.actorId, 'update the organization');
  if (Object.keys(c.changes).length === 0) return [];
  const changes = c.changes.title === undefined ? c.changes : { ...c.changes, title: validateTitle(c.changes.title) };
  return [{ type: 'OrganizationUpdated', data: { organizationId: c.organizationId, changes, updatedAt: now.toISOString() } }];
}
