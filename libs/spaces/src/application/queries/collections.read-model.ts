import { Doc, ProjectionContext, RecordedEvent, Role } from '@app/platform';
import type { DefaultLevel } from '../../domain/authorization';
import { COLLECTION_EVENT_TYPES, CollectionEvent } from '../../domain/collection';
import { placeEntry, removeEntry } from './content-tree';
import { applyGrantEvent, moveGrants } from './grants.read-model';
import { isOneOf } from './typed-events';

export const COLLECTIONS = 'collections';

/** A live collection (deleted ones are removed: nothing reads a deleted collection). */
export interface CollectionDoc extends Doc {
  organizationId: string;
  title: string;
  description: string;
  parent: string | null;
  position: string;
  defaultLevel: DefaultLevel;
  users: Record<string, Role>;
  teams: Record<string, Role>;
  createdAt: string;
  updatedAt: string;
  seq: number;
}

export const isCollectionEvent = isOneOf<CollectionEvent>(COLLECTION_EVENT_TYPES);

/**
 * Cache tag of a collection's document as access checks keep it in memory (SpaceAccess): every
 * event of the collection changes that document (and only they do), and drops it.
 */
export const collectionCacheTag = (collectionId: string) => `spaces.collection:${collectionId}`;

export async function applyCollectionEvent(e: RecordedEvent & CollectionEvent, ctx: ProjectionContext): Promise<void> {
  const update = (change: (c: CollectionDoc) => CollectionDoc) => ctx.update<CollectionDoc>(COLLECTIONS, e.data.collectionId, change);
  switch (e.type) {
    case 'CollectionCreated': {
      const d = e.data;
      const doc: CollectionDoc = {
        id: d.collectionId,
        organizationId: d.organizationId,
        title: d.title,
        description: d.description,
        parent: d.parent,
        position: d.position,
        defaultLevel: d.defaultLevel,
        users: {},
        teams: {},
        createdAt: d.createdAt,
        updatedAt: d.createdAt,
        seq: e.position,
      };
      ctx.put(COLLECTIONS, doc);
      return placeEntry(ctx, e.position, 'collection', doc.id, doc.organizationId, doc.parent, doc.position);
    }
    case 'CollectionUpdated':
      return update((c) => ({ ...c, ...e.data.changes, updatedAt: e.data.updatedAt }));
    case 'CollectionDeleted':
      ctx.delete(COLLECTIONS, e.data.collectionId);
      return removeEntry(ctx, e.position, 'collection', e.data.collectionId);
    case 'CollectionMoved': {
      const { to } = e.data;
      await update((c) => ({ ...c, parent: to.parent, position: to.position, updatedAt: e.data.movedAt }));
      return placeEntry(ctx, e.position, 'collection', e.data.collectionId, e.data.organizationId, to.parent, to.position);
    }
    case 'CollectionTransferred': {
      const d = e.data;
      await update((c) => ({ ...c, organizationId: d.to, parent: d.parent, position: d.position, updatedAt: d.transferredAt }));
      await moveGrants(ctx, d.collectionId, d.to);
      return placeEntry(ctx, e.position, 'collection', d.collectionId, d.to, d.parent, d.position);
    }
    case 'CollectionPermissionGranted':
    case 'CollectionPermissionRevoked':
      return applyGrantEvent(ctx, COLLECTIONS, e.position, {
        targetKind: 'collection',
        targetId: e.data.collectionId,
        organizationId: e.data.organizationId,
        principalKind: 'user',
        principalId: e.data.userId,
        role: e.type === 'CollectionPermissionGranted' ? e.data.role : null,
      });
    case 'CollectionTeamPermissionGranted':
    case 'CollectionTeamPermissionRevoked':
      return applyGrantEvent(ctx, COLLECTIONS, e.position, {
        targetKind: 'collection',
        targetId: e.data.collectionId,
        organizationId: e.data.organizationId,
        principalKind: 'team',
        principalId: e.data.teamId,
        role: e.type === 'CollectionTeamPermissionGranted' ? e.data.role : null,
      });
  }
}
