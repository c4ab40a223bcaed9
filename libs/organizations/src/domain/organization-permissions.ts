import { atLeast, Role } from '@app/platform';

/** Who the caller is in an organization: not a member, a guest (role null) or a member with a role. */
export interface OrgCaller {
  member: boolean;
  role: Role | null;
  /** Owner of at least one of the organization's teams (or, when managing one team, of that team). */
  ownsTeam: boolean;
}
export const OUTSIDER: OrgCaller = { member: false, role: null, ownsTeam: false };

/**
 * What an Organization.permissions flag needs: every member (`guest`: guests too) or members
 * with at least `min`; `ownsTeam` adds owning a team; and the feature behind the flag being
 * served by this API. A flag whose feature is not available is false for everyone; when the
 * feature lands, flipping `available` turns it on (`test/e2e/permission-flags.e2e-spec.ts`
 * holds `available` to the router).
 */
export interface OrganizationFlagPolicy {
  min: Role | 'guest';
  ownsTeam?: true;
  available: boolean;
}

/**
 * The one policy of Organization.permissions: the guards (`requireAdmin`, `canManageTeam`,
 * `OrgAccess.require`, creating at the top level in the spaces context) and the `permissions`
 * objects of responses both read it (docs/organization-roles.md).
 */
export const ORGANIZATION_FLAG_POLICY = {
  view: { min: 'guest', available: true },
  admin: { min: 'admin', available: true },
  ownTeam: { min: 'read', ownsTeam: true, available: true },
  createContent: { min: 'create', available: true },
  createOpenAPISpec: { min: 'create', available: true },
  ingestConversations: { min: 'edit', available: true },
  viewBilling: { min: 'admin', available: false }, // billing: no route (none in the reference either)
  listMembers: { min: 'read', available: true },
  listTeams: { min: 'read', available: true },
  listIntegrations: { min: 'read', available: false }, // integrations: no route yet
  listInstallations: { min: 'admin', available: false },
  installIntegration: { min: 'admin', available: false },
} satisfies Record<string, OrganizationFlagPolicy>;

export type OrganizationFlag = keyof typeof ORGANIZATION_FLAG_POLICY;
export type OrganizationPermissions = Record<OrganizationFlag, boolean>;

export function organizationAllows(flag: OrganizationFlag, c: OrgCaller): boolean {
  const p: OrganizationFlagPolicy = ORGANIZATION_FLAG_POLICY[flag];
  if (!p.available || !c.member) return false;
  if (p.min !== 'guest' && !atLeast(c.role, p.min)) return false;
  return !p.ownsTeam || c.ownsTeam;
}

export function organizationPermissions(c: OrgCaller): OrganizationPermissions {
  return Object.fromEntries(Object.keys(ORGANIZATION_FLAG_POLICY).map((f) => [f, organizationAllows(f as OrganizationFlag, c)])) as OrganizationPermissions;
}

/** Why a flag is refused, for 403 messages. */
export function organizationRefusal(flag: OrganizationFlag, what: string): string {
  const p: OrganizationFlagPolicy = ORGANIZATION_FLAG_POLICY[flag];
  if (!p.available) return `${what} is not available on this server (permission ${flag} is false for everyone)`;
  const who =
    p.min === 'guest'
      ? 'members'
      : p.min === 'admin'
        ? 'organization admins'
        : p.min === 'read'
          ? 'members with a role; guests do not have it'
          : `members with the ${p.min} role or higher`;
  return `${what} needs the organization permission "${flag}" (${who}${p.ownsTeam ? ' who own a team' : ''})`;
}
