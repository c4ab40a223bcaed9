import { atLeast, highest, Role } from '@app/platform';

/**
 * The one authorization model of spaces and collections. Everything the API decides about who
 * may see or change a space or a collection goes through `spaceRole` / `collectionRole`; the
 * `permissions` objects of responses and every command handler derive from their result.
 *
 * Every source can only raise a role, never lower it:
 *   - the caller's organization role and the organization's defaultRole (members only);
 *   - the defaultLevel of the item and of every collection above it (members only; `inherit`
 *     and null add nothing of their own: the parent's level is counted anyway);
 *   - user and team grants on the item and on every collection above it (guests too);
 *   - for spaces, their visibility: public and unlisted give `read` to anyone authenticated.
 * A space is inside its parent collection, so its role is at least the role on that collection;
 * `in-collection` visibility ("anyone who can access the parent collection") is therefore the
 * same as `private` for the API, and differs only in being published with its collection.
 */
export type DefaultLevel = Role | null | 'inherit';

/** What the model needs to know about the caller in the item's organization. */
export interface Subject {
  userId: string;
  /** Role in the organization owning the item; null for guests. */
  memberRole: Role | null;
  /** The organization's defaultRole (applies to members only). */
  orgDefaultRole: Role | null;
  /** Teams of the organization the caller belongs to. */
  teamIds: readonly string[];
}

/** A space or collection as far as access goes. */
export interface AccessNode {
  defaultLevel: DefaultLevel;
  users: Readonly<Record<string, Role>>;
  teams: Readonly<Record<string, Role>>;
}
export interface SpaceNode extends AccessNode {
  visibility: string;
}

const grantOn = (s: Subject, n: AccessNode): Role | null => highest(n.users[s.userId], ...s.teamIds.map((t) => n.teams[t]));

const levelOf = (n: AccessNode): Role | null => (n.defaultLevel === 'inherit' ? null : n.defaultLevel);

/** Role on a collection; `path` runs from the top-level collection down to the collection itself. */
export function collectionRole(s: Subject, path: readonly AccessNode[]): Role | null {
  const member = s.memberRole ? highest(s.memberRole, s.orgDefaultRole, ...path.map(levelOf)) : null;
  return highest(member, ...path.map((n) => grantOn(s, n)));
}

/** Role on a space; `parents` runs from the top-level collection down to the space's parent ([] at top level). */
export function spaceRole(s: Subject, space: SpaceNode, parents: readonly AccessNode[]): Role | null {
  const visibility: Role | null = space.visibility === 'public' || space.visibility === 'unlisted' ? 'read' : null;
  return highest(collectionRole(s, [...parents, space]), visibility);
}

export interface SpacePermissions {
  view: boolean;
  access: boolean;
  admin: boolean;
  viewInviteLinks: boolean;
  edit: boolean;
  triggerGitSync: boolean;
  comment: boolean;
  merge: boolean;
  review: boolean;
  installIntegration: boolean;
}
export interface CollectionPermissions {
  view: boolean;
  admin: boolean;
  viewInviteLinks: boolean;
  create: boolean;
}

/**
 * What a permission flag needs: a minimum role, and the feature behind it being served by this
 * API. A flag whose feature is not available is false for everyone (the reference's permissions
 * promise an operation the caller can perform); when the feature lands, flipping `available`
 * turns the flag on. `test/e2e/permission-flags.e2e-spec.ts` holds `available` to the router.
 */
export interface FlagPolicy {
  min: Role;
  available: boolean;
}

/**
 * The one policy of Space.permissions: the guards (`authorizeSpace`, `ContentAccess.space`,
 * the permission listings) and the `permissions` objects of responses both read it
 * (docs/space-authorization.md).
 */
export const SPACE_FLAG_POLICY: Record<keyof SpacePermissions, FlagPolicy> = {
  view: { min: 'read', available: true },
  access: { min: 'read', available: true },
  comment: { min: 'comment', available: true },
  edit: { min: 'edit', available: true },
  triggerGitSync: { min: 'edit', available: true }, // git import/export (git-sync)
  review: { min: 'review', available: true },
  merge: { min: 'review', available: true },
  admin: { min: 'admin', available: true },
  viewInviteLinks: { min: 'admin', available: true },
  installIntegration: { min: 'admin', available: false }, // integrations: no route yet
};
/** The policy of Collection.permissions. */
export const COLLECTION_FLAG_POLICY: Record<keyof CollectionPermissions, FlagPolicy> = {
  view: { min: 'read', available: true },
  create: { min: 'create', available: true },
  admin: { min: 'admin', available: true },
  viewInviteLinks: { min: 'admin', available: true },
};

/** Whether a caller with `role` holds a flag of this policy. */
export const allows = (policy: FlagPolicy, role: Role | null): boolean => policy.available && atLeast(role, policy.min);

const flags = <K extends string>(table: Record<K, FlagPolicy>, role: Role | null) =>
  Object.fromEntries(Object.entries<FlagPolicy>(table).map(([k, policy]) => [k, allows(policy, role)])) as Record<K, boolean>;

export const spacePermissions = (role: Role | null): SpacePermissions => flags(SPACE_FLAG_POLICY, role);
export const collectionPermissions = (role: Role | null): CollectionPermissions => flags(COLLECTION_FLAG_POLICY, role);

/** Why a flag is refused, for 403 messages. */
export function refusal(policy: FlagPolicy, flag: string, action: string, on: string, role: Role | null): string {
  return policy.available
    ? `${action} needs the ${policy.min} role on ${on} (permission ${flag}); the caller has ${role ?? 'no role'}`
    : `${action} is not available on this server (permission ${flag} is false for everyone)`;
}
