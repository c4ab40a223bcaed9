import { DomainEvent, Evolver, NotFound, Role } from '@app/platform';
import type { DefaultLevel } from './authorization';
import { applyGrant, grantChanges, Grants, noGrants, PrincipalKind } from './grants';
import type { Placement } from './space';
import { MoveWouldNotChange, TransferWouldNotChange } from './space-moves';

/** Fields a collection admin may change with PATCH. */
export interface CollectionSettings {
  title: string;
  description: string;
  defaultLevel: DefaultLevel;
}

export interface CollectionCreated extends CollectionSettings {
  collectionId: string;
  organizationId: string;
  parent: string | null;
  position: string;
  createdAt: string;
  createdBy: string;
}

export type CollectionEvent =
  | DomainEvent<'CollectionCreated', CollectionCreated>
  | DomainEvent<'CollectionUpdated', { collectionId: string; organizationId: string; changes: Partial<CollectionSettings>; updatedAt: string }>
  | DomainEvent<'CollectionDeleted', { collectionId: string; organizationId: string; parent: string | null; deletedAt: string }>
  | DomainEvent<'CollectionMoved', { collectionId: string; organizationId: string; from: Placement; to: Placement; movedAt: string }>
  | DomainEvent<'CollectionTransferred', { collectionId: string; from: string; to: string; previous: Placement; parent: string | null; position: string; transferredAt: string }>
  | DomainEvent<'CollectionPermissionGranted', { collectionId: string; organizationId: string; userId: string; role: Role; previousRole: Role | null }>
  | DomainEvent<'CollectionPermissionRevoked', { collectionId: string; organizationId: string; userId: string; previousRole: Role }>
  | DomainEvent<'CollectionTeamPermissionGranted', { collectionId: string; organizationId: string; teamId: string; role: Role; previousRole: Role | null }>
  | DomainEvent<'CollectionTeamPermissionRevoked', { collectionId: string; organizationId: string; teamId: string; previousRole: Role }>;

export interface CollectionState {
  status: 'none' | 'active' | 'deleted';
  collection: CollectionCreated | null;
  grants: Grants;
}

export const collectionStream = (id: string) => `spaces.collection-${id}`;

export const collection: Evolver<CollectionState, CollectionEvent> = {
  initialState: { status: 'none', collection: null, grants: noGrants() },
  evolve(s, e) {
    switch (e.type) {
      case 'CollectionCreated': return { status: 'active', collection: e.data, grants: noGrants() };
      case 'CollectionUpdated': return { ...s, collection: { ...s.collection!, ...e.data.changes } };
      case 'CollectionDeleted': return { ...s, status: 'deleted' };
      case 'CollectionMoved': return { ...s, collection: { ...s.collection!, ...e.data.to } };
      case 'CollectionTransferred': return { ...s, collection: { ...s.collection!, organizationId: e.data.to, parent: e.data.parent, position: e.data.position } };
      case 'CollectionPermissionGranted': return { ...s, grants: applyGrant(s.grants, 'user', e.data.userId, e.data.role) };
      case 'CollectionPermissionRevoked': return { ...s, grants: applyGrant(s.grants, 'user', e.data.userId, null) };
      case 'CollectionTeamPermissionGranted': return { ...s, grants: applyGrant(s.grants, 'team', e.data.teamId, e.data.role) };
      case 'CollectionTeamPermissionRevoked': return { ...s, grants: applyGrant(s.grants, 'team', e.data.teamId, null) };
    }
  },
};

export class CollectionNotFound extends NotFound {
  constructor(id: string) { super(`No collection with id ${id}`); }
}

const live = (s: CollectionState, id: string) => {
  if (s.status !== 'active') throw new CollectionNotFound(id);
  return s.collection!;
};

export function decideCreateCollection(s: CollectionState, data: CollectionCreated): CollectionEvent[] {
  return s.status === 'none' ? [{ type: 'CollectionCreated', data }] : [];
}

export function decideUpdateCollection(s: CollectionState, id: string, changes: Partial<CollectionSettings>, now: Date): CollectionEvent[] {
  const c = live(s, id);
  const effective = Object.fromEntries(Object.entries(changes).filter(([k, v]) => JSON.stringify(c[k as keyof CollectionSettings]) !== JSON.stringify(v)));
  if (Object.keys(effective).length === 0) return [];
  return [{ type: 'CollectionUpdated', data: { collectionId: id, organizationId: c.organizationId, changes: effective, updatedAt: now.toISOString() } }];
}

/** Deleting what is not there decides nothing (204); what is inside is deleted by the handler first. */
export function decideDeleteCollection(s: CollectionState, id: string, now: Date): CollectionEvent[] {
  if (s.status !== 'active') return [];
  const c = s.collection!;
  return [{ type: 'CollectionDeleted', data: { collectionId: id, organizationId: c.organizationId, parent: c.parent, deletedAt: now.toISOString() } }];
}

export function decideMoveCollection(s: CollectionState, id: string, to: Placement, now: Date): CollectionEvent[] {
  const c = live(s, id);
  if (c.parent === to.parent && c.position === to.position) throw new MoveWouldNotChange(`Collection ${id}`);
  return [{ type: 'CollectionMoved', data: { collectionId: id, organizationId: c.organizationId, from: { parent: c.parent, position: c.position }, to, movedAt: now.toISOString() } }];
}

/**
 * Moves one collection of a transferred tree: the root goes to the target's top level (`to`
 * given), the collections inside keep their parent and position. Preconditions (412) are
 * checked over the whole tree by the handler before any stream is written.
 */
export function decideTransferCollection(s: CollectionState, id: string, org: string, to: Placement | null, now: Date): CollectionEvent[] {
  const c = live(s, id);
  if (c.organizationId === org) throw new TransferWouldNotChange(`Collection ${id}`, org);
  const next = to ?? { parent: c.parent, position: c.position };
  return [{
    type: 'CollectionTransferred',
    data: { collectionId: id, from: c.organizationId, to: org, previous: { parent: c.parent, position: c.position }, ...next, transferredAt: now.toISOString() },
  }];
}

export function decideCollectionGrants(s: CollectionState, id: string, kind: PrincipalKind, ids: readonly string[], role: Role | null): CollectionEvent[] {
  const c = live(s, id);
  const current = kind === 'user' ? s.grants.users : s.grants.teams;
  const base = { collectionId: id, organizationId: c.organizationId };
  return grantChanges(s.grants, kind, ids, role).map(({ id: who, role: r }): CollectionEvent => {
    const previousRole = current[who] ?? null;
    if (kind === 'user') {
      return r
        ? { type: 'CollectionPermissionGranted', data: { ...base, userId: who, role: r, previousRole } }
        : { type: 'CollectionPermissionRevoked', data: { ...base, userId: who, previousRole: previousRole! } };
    }
    return r
      ? { type: 'CollectionTeamPermissionGranted', data: { ...base, teamId: who, role: r, previousRole } }
      : { type: 'CollectionTeamPermissionRevoked', data: { ...base, teamId: who, previousRole: previousRole! } };
  });
}
