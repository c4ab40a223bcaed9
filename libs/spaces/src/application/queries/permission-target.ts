import { Forbidden, ReadStore, Role } from '@app/platform';
import { AccessNode, allows, COLLECTION_FLAG_POLICY, refusal, SPACE_FLAG_POLICY } from '../../domain/authorization';
import { CollectionNotFound } from '../../domain/collection';
import { SpaceNotFound } from '../../domain/space';
import { PermissionTarget } from '../commands/set-permissions';
import { Accessor } from '../space-access';
import { COLLECTIONS, CollectionDoc } from './collections.read-model';
import { SPACES, SpaceDoc } from './spaces.projection';

export interface LoadedTarget {
  organizationId: string;
  /** The item itself (a space carries its visibility). */
  node: AccessNode & { visibility?: string };
  /** Collections above it, top level first. */
  parents: AccessNode[];
  role: Role;
}

/**
 * A space or collection whose sharing settings the caller may see: 404 when they cannot see it,
 * 403 without the viewInviteLinks permission (who has access is the admins' business).
 */
export async function loadPermissionTarget(store: ReadStore, acc: Accessor, target: PermissionTarget): Promise<LoadedTarget> {
  if (target.kind === 'space') {
    const s = await store.get<SpaceDoc>(SPACES, target.id);
    const role = s && s.status === 'active' ? await acc.spaceRole(s) : null;
    if (!s || !role) throw new SpaceNotFound(target.id);
    if (!allows(SPACE_FLAG_POLICY.viewInviteLinks, role))
      throw new Forbidden(refusal(SPACE_FLAG_POLICY.viewInviteLinks, 'viewInviteLinks', 'Listing who can access a space', `space ${target.id}`, role));
    return {
      organizationId: s.organizationId,
      node: { defaultLevel: s.defaultLevel, users: s.users ?? {}, teams: s.teams ?? {}, visibility: s.visibility },
      parents: await acc.path(s.organizationId, s.parent),
      role,
    };
  }
  const c = await store.get<CollectionDoc>(COLLECTIONS, target.id);
  const role = c ? await acc.collectionRole(c) : null;
  if (!c || !role) throw new CollectionNotFound(target.id);
  if (!allows(COLLECTION_FLAG_POLICY.viewInviteLinks, role))
    throw new Forbidden(
      refusal(COLLECTION_FLAG_POLICY.viewInviteLinks, 'viewInviteLinks', 'Listing who can access a collection', `collection ${target.id}`, role),
    );
  return {
    organizationId: c.organizationId,
    node: { defaultLevel: c.defaultLevel, users: c.users ?? {}, teams: c.teams ?? {} },
    parents: await acc.path(c.organizationId, c.parent),
    role,
  };
}
