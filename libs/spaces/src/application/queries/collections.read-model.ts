import { Doc, ProjectionContext, RecordedEvent, Role } from '@app/platform';
import type { DefaultLevel } from '../../domain/authorization';
import { placeEntry, removeEntry } from './content-tree';
import { applyGrantEvent, moveGrants } from './grants.read-model';

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

export const COLLECTION_EVENTS = [
  'CollectionCreated', 'CollectionUpdated', 'CollectionDeleted', 'CollectionMoved', 'CollectionTransferred',
  'CollectionPermissionGranted', 'CollectionPermissionRevoked', 'CollectionTeamPermissionGranted', 'CollectionTeamPermissionRevoked',
];

export async function applyCollectionEvent(e: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = e.data as Record<string, any>;
  const update = (change: (c: CollectionDoc) => CollectionDoc) => ctx.update<CollectionDoc>(COLLECTIONS, d.collectionId, change);
  const grant = (principalKind: 'user' | 'team') => applyGrantEvent(ctx, COLLECTIONS, e.position, {
    targetKind: 'collection', targetId: d.collectionId, organizationId: d.organizationId, principalKind,
    principalId: principalKind === 'user' ? d.userId : d.teamId, role: d.role ?? null,
  });
  switch (e.type) {
    case 'CollectionCreated': {
      const doc: CollectionDoc = {
        id: d.collectionId, organizationId: d.organizationId, title: d.title, description: d.description, parent: d.parent, position: d.position,
        defaultLevel: d.defaultLevel, users: {}, teams: {}, createdAt: d.createdAt, updatedAt: d.createdAt, seq: e.position,
      };
      ctx.put(COLLECTIONS, doc);
      return placeEntry(ctx, e.position, 'collection', doc.id, doc.organizationId, doc.parent, doc.position);
    }
    case 'CollectionUpdated':
      return update((c) => ({ ...c, ...d.changes, updatedAt: d.updatedAt }));
    case 'CollectionDeleted':
      ctx.delete(COLLECTIONS, d.collectionId);
      return removeEntry(ctx, e.position, 'collection', d.collectionId);
    case 'CollectionMoved':
      await update((c) => ({ ...c, parent: d.to.parent, position: d.to.position, updatedAt: d.movedAt }));
      return placeEntry(ctx, e.position, 'collection', d.collectionId, d.organizationId, d.to.parent, d.to.position);
    case 'CollectionTransferred':
      await update((c) => ({ ...c, organizationId: d.to, parent: d.parent, position: d.position, updatedAt: d.transferredAt }));
      await moveGrants(ctx, d.collectionId, d.to);
      return placeEntry(ctx, e.position, 'collection', d.collectionId, d.to, d.parent, d.position);
    case 'CollectionPermissionGranted':
    case 'CollectionPermissionRevoked':
      return grant('user');
    case 'CollectionTeamPermissionGranted':
    case 'CollectionTeamPermissionRevoked':
      return grant('team');
  }
}
