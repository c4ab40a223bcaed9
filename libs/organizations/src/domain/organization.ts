import { BadRequest, DomainEvent, Evolver, NotFound, Role } from '@app/platform';

export type MergeRules = { type: 'none' } | { type: 'rules'; rules: Array<Record<string, unknown>> };

/** Fields an admin may change with PATCH /v1/orgs/{organizationId}. */
export interface OrganizationSettings {
  title?: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: Role | null;
  defaultContent?: { type: 'site'; site: string } | null;
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
  mergeRules?: MergeRules;
}

export type OrganizationEvent =
  | DomainEvent<'OrganizationCreated', { organizationId: string; title: string; createdBy: string; createdAt: string }>
  | DomainEvent<'OrganizationUpdated', { organizationId: string; changes: OrganizationSettings; updatedAt: string }>
  | DomainEvent<'OrganizationMemberAdded', { organizationId: string; userId: string; role: Role; joinedAt: string }>
  | DomainEvent<'OrganizationMemberRoleChanged', { organizationId: string; userId: string; role: Role; from: Role }>;

export interface OrganizationState {
  exists: boolean;
  members: Record<string, Role>;
}

export const organizationStream = (id: string) => `organizations.organization-${id}`;

export const organization: Evolver<OrganizationState, OrganizationEvent> = {
  initialState: { exists: false, members: {} },
  evolve(s, e) {
    switch (e.type) {
      case 'OrganizationCreated': return { ...s, exists: true };
      case 'OrganizationUpdated': return s;
      case 'OrganizationMemberAdded':
      case 'OrganizationMemberRoleChanged': return { ...s, members: { ...s.members, [e.data.userId]: e.data.role } };
    }
  },
};

export function validateTitle(title: string): string {
  const t = title.trim();
  if (t.length < 2 || t.length > 255) throw new BadRequest('title: must be 2 to 255 characters');
  return t;
}

export function decideCreate(s: OrganizationState, id: string, title: string, adminId: string, now: Date): OrganizationEvent[] {
  if (s.exists) return [];
  const at = now.toISOString();
  return [
    { type: 'OrganizationCreated', data: { organizationId: id, title: validateTitle(title), createdBy: adminId, createdAt: at } },
    { type: 'OrganizationMemberAdded', data: { organizationId: id, userId: adminId, role: 'admin', joinedAt: at } },
  ];
}

/** Adds a member, or changes the role of an existing one; the same role again is a no-op. */
export function decideAddMember(s: OrganizationState, id: string, userId: string, role: Role, now: Date): OrganizationEvent[] {
  if (!s.exists) throw new NotFound(`No organization with id ${id}`);
  const current = s.members[userId];
  if (current === role) return [];
  if (current) return [{ type: 'OrganizationMemberRoleChanged', data: { organizationId: id, userId, role, from: current } }];
  return [{ type: 'OrganizationMemberAdded', data: { organizationId: id, userId, role, joinedAt: now.toISOString() } }];
}

export function decideUpdate(s: OrganizationState, id: string, changes: OrganizationSettings, now: Date): OrganizationEvent[] {
  if (!s.exists) throw new NotFound(`No organization with id ${id}`);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'OrganizationUpdated', data: { organizationId: id, changes, updatedAt: now.toISOString() } }];
}
