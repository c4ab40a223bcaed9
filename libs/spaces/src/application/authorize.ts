import { atLeast, BadRequest, Forbidden, NotFound, Role } from '@app/platform';
import { COLLECTION_FLAG_ROLES, CollectionPermissions, SPACE_FLAG_ROLES, SpacePermissions } from '../domain/authorization';
import { CollectionNotFound, CollectionState } from '../domain/collection';
import { SpaceNotFound, SpaceState } from '../domain/space';
import { Accessor } from './space-access';

/*
 * Every command handler authorizes through these: the caller's role from the one model, then
 * the permission flag the operation needs. Not seeing the item at all is 404 (its existence
 * does not leak); seeing it without the flag is 403.
 */

export async function authorizeSpace(acc: Accessor, s: SpaceState, id: string, flag: keyof SpacePermissions, action: string): Promise<Role> {
  if (s.status === 'none' || s.status === 'purged' || !s.space) throw new SpaceNotFound(id);
  const role = await acc.spaceRole({ ...s.space, ...s.grants });
  if (!role) throw new SpaceNotFound(id);
  const min = SPACE_FLAG_ROLES[flag];
  if (!atLeast(role, min)) throw new Forbidden(`${action} needs the ${min} role on space ${id} (permission ${flag}); the caller has ${role}`);
  return role;
}

export async function authorizeCollection(acc: Accessor, s: CollectionState, id: string, flag: keyof CollectionPermissions, action: string): Promise<Role> {
  if (s.status !== 'active' || !s.collection) throw new CollectionNotFound(id);
  const c = s.collection;
  const role = await acc.collectionRole({ id, organizationId: c.organizationId, parent: c.parent, defaultLevel: c.defaultLevel, ...s.grants });
  if (!role) throw new CollectionNotFound(id);
  const min = COLLECTION_FLAG_ROLES[flag];
  if (!atLeast(role, min)) throw new Forbidden(`${action} needs the ${min} role on collection ${id} (permission ${flag}); the caller has ${role}`);
  return role;
}

export class InvalidTarget extends BadRequest {}

/**
 * Creating or placing something directly in `parent` (or at the organization's top level)
 * needs the `create` role there. An unknown parent is a bad request for members (who see every
 * collection of their organization); for guests it is not found, like what they cannot see.
 * `placing` is for moving an item the caller can see: they know its organization exists, so
 * the answers are 400 for a parent they cannot use and 403 for the top level.
 */
export async function authorizeCreateIn(acc: Accessor, organizationId: string, parent: string | null, field: string, action: string, placing = false): Promise<void> {
  const [orgRole, role] = await Promise.all([acc.orgRole(organizationId), acc.roleIn(organizationId, parent)]);
  if (!role) {
    if (!parent && placing) throw new Forbidden(`${action} needs the create role in organization ${organizationId}; the caller is not a member`);
    if (!parent) throw new NotFound(`No organization with id ${organizationId}`);
    if (!orgRole && !placing) throw new NotFound(`${field}: no collection ${parent} you can access in organization ${organizationId}`);
    throw new InvalidTarget(`${field}: no collection ${parent} ${orgRole ? 'in' : 'you can access in'} organization ${organizationId}`);
  }
  if (!atLeast(role, 'create')) {
    throw new Forbidden(`${action} needs the create role ${parent ? `on collection ${parent}` : `in organization ${organizationId}`}; the caller has ${role}`);
  }
}
