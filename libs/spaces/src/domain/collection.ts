import { BadRequest, Decider, DomainEvent, NotFound, Role, unreachable } from '@app/platform';
import type { DefaultLevel } from './authorization';
import { applyGrant, GrantChange, grantChanges, Grants, noGrants } from './grants';
import { assertChangesOrganization, assertTransferable } from './space-moves';
import type { Placement } from './space.events';

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
  | DomainEvent<
      'CollectionTransferred',
      { collectionId: string; from: string; to: string; previous: Placement; parent: string | null; position: string; transferredAt: string }
    >
  | DomainEvent<'CollectionPermissionGranted', { collectionId: string; organizationId: string; userId: string; role: Role; previousRole: Role | null }>
  | DomainEvent<'CollectionPermissionRevoked', { collectionId: string; organizationId: string; userId: string; previousRole: Role }>
  | DomainEvent<'CollectionTeamPermissionGranted', { collectionId: string; organizationId: string; teamId: string; role: Role; previousRole: Role | null }>
  | DomainEvent<'CollectionTeamPermissionRevoked', { collectionId: string; organizationId: string; teamId: string; previousRole: Role }>;

export const COLLECTION_EVENT_TYPES: ReadonlyArray<CollectionEvent['type']> = [
  'CollectionCreated',
  'CollectionUpdated',
  'CollectionDeleted',
  'CollectionMoved',
  'CollectionTransferred',
  'CollectionPermissionGranted',
  'CollectionPermissionRevoked',
  'CollectionTeamPermissionGranted',
  'CollectionTeamPermissionRevoked',
];

export interface CollectionState {
  status: 'none' | 'active' | 'deleted';
  collection: CollectionCreated | null;
  grants: Grants;
}

/** What can be asked of a collection; facts that need I/O travel in the command (see SpaceCommand). */
export type CollectionCommand =
  | { type: 'CreateCollection'; collectionId: string; organizationId: string; settings: CollectionSettings; placement: Placement; createdBy: string }
  | { type: 'UpdateCollection'; collectionId: string; changes: Partial<CollectionSettings> }
  /** What is inside is deleted by the handler first; deleting what is not there decides nothing (204). */
  | { type: 'DeleteCollection'; collectionId: string }
  /** `to` from application/placement.ts (409 there); `targetPath`: the collections from the top level down to `to.parent`. */
  | { type: 'MoveCollection'; collectionId: string; to: Placement; targetPath: readonly string[] }
  | { type: 'TransferCollection'; collectionId: string; organizationId: string; placement: Placement }
  /** Inside a transferred collection: it keeps its place, and a repeat changes nothing. */
  | { type: 'TransferCollectionWithParent'; collectionId: string; organizationId: string }
  | { type: 'SetCollectionGrants'; collectionId: string; role: Role | null; users: readonly string[]; teams: readonly string[] }
  | { type: 'RevokeCollectionTeamGrant'; collectionId: string; teamId: string };

export const collectionStream = (id: string) => `spaces.collection-${id}`;

export class CollectionNotFound extends NotFound {
  constructor(id: string) {
    super(`No collection with id ${id}`);
  }
}
export class CannotMoveIntoItself extends BadRequest {
  constructor(id: string, parent: string) {
    super(`parent: collection ${parent} is ${parent === id ? 'the collection itself' : 'inside the collection'}; a collection cannot be moved into itself`);
  }
}

function evolve(s: CollectionState, e: CollectionEvent): CollectionState {
  switch (e.type) {
    case 'CollectionCreated':
      return { status: 'active', collection: e.data, grants: noGrants() };
    case 'CollectionUpdated':
      return { ...s, collection: { ...s.collection!, ...e.data.changes } };
    case 'CollectionDeleted':
      return { ...s, status: 'deleted' };
    case 'CollectionMoved':
      return { ...s, collection: { ...s.collection!, ...e.data.to } };
    case 'CollectionTransferred':
      return { ...s, collection: { ...s.collection!, organizationId: e.data.to, parent: e.data.parent, position: e.data.position } };
    case 'CollectionPermissionGranted':
      return { ...s, grants: applyGrant(s.grants, 'user', e.data.userId, e.data.role) };
    case 'CollectionPermissionRevoked':
      return { ...s, grants: applyGrant(s.grants, 'user', e.data.userId, null) };
    case 'CollectionTeamPermissionGranted':
      return { ...s, grants: applyGrant(s.grants, 'team', e.data.teamId, e.data.role) };
    case 'CollectionTeamPermissionRevoked':
      return { ...s, grants: applyGrant(s.grants, 'team', e.data.teamId, null) };
  }
}

function live(s: CollectionState, id: string): CollectionCreated {
  if (s.status !== 'active') throw new CollectionNotFound(id);
  return s.collection!;
}

const placementOf = (c: CollectionCreated): Placement => ({ parent: c.parent, position: c.position });

function update(c: CollectionCreated, changes: Partial<CollectionSettings>, now: Date): CollectionEvent[] {
  const effective = Object.fromEntries(Object.entries(changes).filter(([k, v]) => JSON.stringify(c[k as keyof CollectionSettings]) !== JSON.stringify(v)));
  if (Object.keys(effective).length === 0) return [];
  return [
    { type: 'CollectionUpdated', data: { collectionId: c.collectionId, organizationId: c.organizationId, changes: effective, updatedAt: now.toISOString() } },
  ];
}

function move(c: CollectionCreated, to: Placement, targetPath: readonly string[], now: Date): CollectionEvent[] {
  if (to.parent !== null && targetPath.includes(c.collectionId)) throw new CannotMoveIntoItself(c.collectionId, to.parent);
  return [
    { type: 'CollectionMoved', data: { collectionId: c.collectionId, organizationId: c.organizationId, from: placementOf(c), to, movedAt: now.toISOString() } },
  ];
}

/** One collection of a transferred tree; the rules of a transfer are in space-moves.ts. */
function transfer(s: CollectionState, c: CollectionCreated, organizationId: string, to: Placement, now: Date): CollectionEvent[] {
  assertTransferable(`Collection ${c.collectionId}`, c.organizationId, [{ id: c.collectionId, teams: Object.keys(s.grants.teams), pendingChangeRequests: 0 }]);
  return [
    {
      type: 'CollectionTransferred',
      data: { collectionId: c.collectionId, from: c.organizationId, to: organizationId, previous: placementOf(c), ...to, transferredAt: now.toISOString() },
    },
  ];
}

function grantEvents(collectionId: string, organizationId: string, changes: GrantChange[]): CollectionEvent[] {
  return changes.map(({ kind, id, role, previousRole }): CollectionEvent => {
    if (kind === 'user') {
      return role
        ? { type: 'CollectionPermissionGranted', data: { collectionId, organizationId, userId: id, role, previousRole } }
        : { type: 'CollectionPermissionRevoked', data: { collectionId, organizationId, userId: id, previousRole: previousRole! } };
    }
    return role
      ? { type: 'CollectionTeamPermissionGranted', data: { collectionId, organizationId, teamId: id, role, previousRole } }
      : { type: 'CollectionTeamPermissionRevoked', data: { collectionId, organizationId, teamId: id, previousRole: previousRole! } };
  });
}

function decide(c: CollectionCommand, s: CollectionState, now: Date): CollectionEvent[] {
  switch (c.type) {
    case 'CreateCollection':
      if (s.status !== 'none') return [];
      return [
        {
          type: 'CollectionCreated',
          data: {
            ...c.settings,
            collectionId: c.collectionId,
            organizationId: c.organizationId,
            ...c.placement,
            createdAt: now.toISOString(),
            createdBy: c.createdBy,
          },
        },
      ];
    case 'UpdateCollection':
      return update(live(s, c.collectionId), c.changes, now);
    case 'DeleteCollection': {
      if (s.status !== 'active') return [];
      const { organizationId, parent } = s.collection!;
      return [{ type: 'CollectionDeleted', data: { collectionId: c.collectionId, organizationId, parent, deletedAt: now.toISOString() } }];
    }
    case 'MoveCollection':
      return move(live(s, c.collectionId), c.to, c.targetPath, now);
    case 'TransferCollection': {
      const col = live(s, c.collectionId);
      assertChangesOrganization(`Collection ${c.collectionId}`, col.organizationId, c.organizationId);
      return transfer(s, col, c.organizationId, c.placement, now);
    }
    case 'TransferCollectionWithParent':
      if (s.status !== 'active' || s.collection!.organizationId === c.organizationId) return [];
      return transfer(s, s.collection!, c.organizationId, placementOf(s.collection!), now);
    case 'SetCollectionGrants': {
      const col = live(s, c.collectionId);
      return grantEvents(c.collectionId, col.organizationId, grantChanges(s.grants, c, c.role));
    }
    case 'RevokeCollectionTeamGrant':
      if (s.status !== 'active') return [];
      return grantEvents(c.collectionId, s.collection!.organizationId, grantChanges(s.grants, { teams: [c.teamId] }, null));
    default:
      return unreachable(c);
  }
}

/** The collection aggregate: one stream per collection (`spaces.collection-<id>`). */
export const collection: Decider<CollectionState, CollectionCommand, CollectionEvent> = {
  initialState: { status: 'none', collection: null, grants: noGrants() },
  evolve,
  decide,
};
