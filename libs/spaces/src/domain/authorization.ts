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

const grantOn = (s: Subject, n: AccessNode): Role | null =>
  highest(n.users[s.userId], ...s.teamIds.map((t) => n.teams[t]));

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
  view: boolean; access: boolean; admin: boolean; viewInviteLinks: boolean; edit: boolean;
  triggerGitSync: boolean; comment: boolean; merge: boolean; review: boolean; installIntegration: boolean;
}
export interface CollectionPermissions {
  view: boolean; admin: boolean; viewInviteLinks: boolean; create: boolean;
}

/** Minimum role for each flag of the reference Space.permissions (see docs/space-authorization.md). */
export const SPACE_FLAG_ROLES: Record<keyof SpacePermissions, Role> = {
  view: 'read', access: 'read', comment: 'comment', edit: 'edit', triggerGitSync: 'edit',
  review: 'review', merge: 'review', admin: 'admin', viewInviteLinks: 'admin', installIntegration: 'admin',
};
/** Minimum role for each flag of the reference Collection.permissions. */
export const COLLECTION_FLAG_ROLES: Record<keyof CollectionPermissions, Role> = {
  view: 'read', create: 'create', admin: 'admin', viewInviteLinks: 'admin',
};

const flags = <K extends string>(table: Record<K, Role>, role: Role | null) =>
  Object.fromEntries(Object.entries(table).map(([k, min]) => [k, atLeast(role, min as Role)])) as Record<K, boolean>;

export const spacePermissions = (role: Role | null): SpacePermissions => flags(SPACE_FLAG_ROLES, role);
export const collectionPermissions = (role: Role | null): CollectionPermissions => flags(COLLECTION_FLAG_ROLES, role);
