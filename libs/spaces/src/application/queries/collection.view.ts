import { Role, Urls } from '@app/platform';
import { collectionPermissions } from '../space-access';
import { CollectionDoc } from './collections.read-model';

/** The reference `Collection` shape, with permissions computed for the caller. */
export function toCollectionView(c: CollectionDoc, role: Role | null, urls: Urls) {
  return {
    object: 'collection' as const,
    id: c.id,
    title: c.title,
    description: c.description,
    organization: c.organizationId,
    ...(c.parent ? { parent: c.parent } : {}),
    defaultLevel: c.defaultLevel,
    urls: { location: urls.api(`/collections/${c.id}`), app: urls.app(`/collections/${c.id}`) },
    permissions: collectionPermissions(role),
  };
}
export type CollectionView = ReturnType<typeof toCollectionView>;
