import { BadRequest, Forbidden, NotFound, Role } from '@app/platform';
import { allows, COLLECTION_FLAG_POLICY, CollectionPermissions, refusal, SPACE_FLAG_POLICY, SpacePermissions } from '../domain/authorization';
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
  if (!allows(SPACE_FLAG_POLICY[flag], role)) throw new Forbidden(refusal(SPACE_FLAG_POLICY[flag], flag, action, `space ${id}`, role));
  return role;
}

export async function authorizeCollection(acc: Accessor, s: CollectionState, id: string, flag: keyof CollectionPermissions, action: string): Promise<Role> {
  if (s.status !== 'active' || !s.collection) throw new CollectionNotFound(id);
  const c = s.collection;
  const role = await acc.collectionRole({ id, organizationId: c.organizationId, parent: c.parent, defaultLevel: c.defaultLevel, ...s.grants });
  if (!role) throw new CollectionNotFound(id);
  if (!allows(COLLECTION_FLAG_POLICY[flag], role)) throw new Forbidden(refusal(COLLECTION_FLAG_POLICY[flag], flag, action, `collection ${id}`, role));
  return role;
}

export class InvalidTarget extends BadRequest {}

/**
 * Creating or placing something directly in `parent` needs the collection's `create` flag; at
 * the organization's top level, the organization's `createContent` flag exactly as
 * GET /orgs/{id} shows it to the caller (guests see the organization: 403; outsiders: 404).
 * An unknown parent is a bad request for members (who see every collection of their
 * organization); for guests it is not found, like what they cannot see. `placing` is for moving
 * an item the caller can see: they know its organization exists, so the answers are 400 for a
 * parent they cannot use and 403 for the top level.
 */
export async function authorizeCreateIn(acc: Accessor, organizationId: string, parent: string | null, field: string, action: string, placing = false): Promise<void> {
  if (!parent) {
    const permissions = await acc.organizationPermissions(organizationId);
    if (!permissions && placing) throw new Forbidden(`${action} needs the createContent permission in organization ${organizationId}; the caller is not a member`);
    if (!permissions) throw new NotFound(`No organization with id ${organizationId}`);
    if (!permissions.createContent) {
      throw new Forbidden(`${action} needs the createContent permission in organization ${organizationId} (the create role); the caller has ${(await acc.orgRole(organizationId)) ?? 'no role (guest)'}`);
    }
    return;
  }
  const [orgRole, role] = await Promise.all([acc.orgRole(organizationId), acc.roleIn(organizationId, parent)]);
  if (!role) {
    if (!orgRole && !placing) throw new NotFound(`${field}: no collection ${parent} you can access in organization ${organizationId}`);
    throw new InvalidTarget(`${field}: no collection ${parent} ${orgRole ? 'in' : 'you can access in'} organization ${organizationId}`);
  }
  if (!allows(COLLECTION_FLAG_POLICY.create, role)) throw new Forbidden(refusal(COLLECTION_FLAG_POLICY.create, 'create', action, `collection ${parent}`, role));
}
