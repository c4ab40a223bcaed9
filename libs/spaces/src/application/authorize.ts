import { BadRequest, Forbidden, NotFound, Role } from '@app/platform';
import { allows, COLLECTION_FLAG_POLICY, CollectionPermissions, refusal, SPACE_FLAG_POLICY, SpacePermissions } from '../domain/authorization';
import { CollectionNotFound, CollectionState } from '../domain/collection';
import { SpaceNotFound, SpaceState } from '../domain/space';
import { Accessor, CollectionFacts, SpaceFacts } from './space-access';

/*
 * Every command handler authorizes through these: the caller's role from the one model, then
 * the permission flag the operation needs. Not seeing the item at all is 404 (its existence
 * does not leak); seeing it without the flag is 403. The item is given as facts, from its
 * freshly loaded state (a precondition of EventSourcing.execute) or from its read model.
 */

export async function authorizeSpace(acc: Accessor, space: SpaceFacts | null, id: string, flag: keyof SpacePermissions, action: string): Promise<Role> {
  const role = space ? await acc.spaceRole(space) : null;
  if (!role) throw new SpaceNotFound(id);
  if (!allows(SPACE_FLAG_POLICY[flag], role)) throw new Forbidden(refusal(SPACE_FLAG_POLICY[flag], flag, action, `space ${id}`, role));
  return role;
}

export async function authorizeCollection(
  acc: Accessor,
  c: CollectionFacts | null,
  id: string,
  flag: keyof CollectionPermissions,
  action: string,
): Promise<Role> {
  const role = c ? await acc.collectionRole(c) : null;
  if (!role) throw new CollectionNotFound(id);
  if (!allows(COLLECTION_FLAG_POLICY[flag], role)) throw new Forbidden(refusal(COLLECTION_FLAG_POLICY[flag], flag, action, `collection ${id}`, role));
  return role;
}

/**
 * A precondition: the caller holds `flag` on the space, which is live (or, for a restore, in
 * the bin); a space in any other state is not found.
 */
export const spaceFlag =
  (acc: Accessor, id: string, flag: keyof SpacePermissions, action: string, inBin = false) =>
  async (s: SpaceState): Promise<void> => {
    const visible = s.status === 'active' || (inBin && s.status === 'deleted');
    await authorizeSpace(acc, visible ? { ...s.space!, ...s.grants } : null, id, flag, action);
  };

/** A precondition: the caller holds `flag` on the live collection. */
export const collectionFlag =
  (acc: Accessor, id: string, flag: keyof CollectionPermissions, action: string) =>
  async (s: CollectionState): Promise<void> => {
    await authorizeCollection(acc, s.status === 'active' ? { ...s.collection!, id, ...s.grants } : null, id, flag, action);
  };

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
export async function authorizeCreateIn(
  acc: Accessor,
  organizationId: string,
  parent: string | null,
  field: string,
  action: string,
  placing = false,
): Promise<void> {
  if (!parent) {
    const permissions = await acc.organizationPermissions(organizationId);
    if (!permissions && placing)
      throw new Forbidden(`${action} needs the createContent permission in organization ${organizationId}; the caller is not a member`);
    if (!permissions) throw new NotFound(`No organization with id ${organizationId}`);
    if (!permissions.createContent) {
      throw new Forbidden(
        `${action} needs the createContent permission in organization ${organizationId} (the create role); the caller has ${(await acc.orgRole(organizationId)) ?? 'no role (guest)'}`,
      );
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
