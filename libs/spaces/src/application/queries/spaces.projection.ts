import { ProjectionContext, ProjectionDefinition, RecordedEvent, Role } from '@app/platform';
import { SpaceCreated, SpaceSettings } from '../../domain/space';
import { applyCollectionEvent, COLLECTION_EVENTS, COLLECTIONS } from './collections.read-model';
import { placeEntry, removeEntry, SPACES_PROJECTION, treeCollection } from './content-tree';
import { SIBLINGS_INDEX } from './sibling-positions';
import { applyGrantEvent, grantsCollection, moveGrants } from './grants.read-model';
import { applyTeamRefEvent, TEAM_REF_EVENTS, TEAM_REFS } from './team.views';

export const SPACES = 'spaces';

export interface SpaceDoc extends SpaceCreated {
  id: string;
  status: 'active' | 'deleted';
  updatedAt: string;
  deletedAt: string | null;
  /** Global position of the creation event. */
  seq: number;
  position: string;
  /** Direct grants, embedded for the access check (the listing documents live in GRANTS). */
  users: Record<string, Role>;
  teams: Record<string, Role>;
  /** Counters kept from the content context's integration events. */
  changeRequests?: number;
  changeRequestsOpen?: number;
  changeRequestsDraft?: number;
  [k: string]: unknown;
}

const SPACE_EVENTS = [
  'SpaceCreated', 'SpaceUpdated', 'SpaceDeleted', 'SpaceRestored', 'SpacePurged', 'SpaceMoved', 'SpaceTransferred',
  'SpacePermissionGranted', 'SpacePermissionRevoked', 'SpaceTeamPermissionGranted', 'SpaceTeamPermissionRevoked',
];

/**
 * Spaces, collections, where each sits (content tree) and their grants: one projection, so a
 * listing's snapshot (its checkpoint) is consistent across all four.
 */
export const spacesProjection: ProjectionDefinition = {
  name: SPACES_PROJECTION,
  collections: [
    { name: SPACES, indexes: [['organizationId', 'status', 'seq']] },
    { name: COLLECTIONS, indexes: [['organizationId', 'parent']] },
    // Placements read a parent's children around one key through this index (sibling-positions.ts).
    { ...treeCollection, indexes: [...(treeCollection.indexes ?? []), SIBLINGS_INDEX] },
    grantsCollection,
    { name: TEAM_REFS },
  ],
  handles: [
    ...SPACE_EVENTS, ...COLLECTION_EVENTS, ...TEAM_REF_EVENTS,
    // Integration events of the content context (matched by type string: spaces never imports content).
    'ChangeRequestCreated', 'ChangeRequestStatusChanged', 'ChangeRequestMerged', 'SpaceContentRevised',
  ],
  async apply(e, ctx) {
    if (COLLECTION_EVENTS.includes(e.type)) return applyCollectionEvent(e, ctx);
    if (TEAM_REF_EVENTS.includes(e.type)) return applyTeamRefEvent(e, ctx);
    return applySpaceEvent(e, ctx);
  },
};

async function applySpaceEvent(e: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = e.data as Record<string, any>;
  const space = (change: (s: SpaceDoc) => SpaceDoc) => ctx.update<SpaceDoc>(SPACES, d.spaceId, change);
  switch (e.type) {
    case 'SpaceCreated': {
      const position = d.position ?? '';
      ctx.put(SPACES, { ...(d as SpaceCreated), id: d.spaceId, status: 'active', updatedAt: d.createdAt, deletedAt: null, seq: e.position, position, users: {}, teams: {} });
      return placeEntry(ctx, e.position, 'space', d.spaceId, d.organizationId, d.parent, position);
    }
    case 'SpaceUpdated':
      return space((s) => ({ ...s, ...(d.changes as Partial<SpaceSettings>), updatedAt: d.updatedAt }));
    case 'SpaceDeleted':
      await space((s) => ({ ...s, status: 'deleted', deletedAt: d.deletedAt, updatedAt: d.deletedAt }));
      return removeEntry(ctx, e.position, 'space', d.spaceId);
    case 'SpaceRestored': {
      await space((s) => ({ ...s, status: 'active', deletedAt: null, updatedAt: d.restoredAt }));
      const s = await ctx.get<SpaceDoc>(SPACES, d.spaceId);
      if (s) await placeEntry(ctx, e.position, 'space', s.id, s.organizationId, s.parent, s.position);
      return;
    }
    case 'SpacePurged':
      ctx.delete(SPACES, d.spaceId);
      return removeEntry(ctx, e.position, 'space', d.spaceId);
    case 'SpaceMoved':
      await space((s) => ({ ...s, parent: d.to.parent, position: d.to.position, updatedAt: d.movedAt }));
      return placeEntry(ctx, e.position, 'space', d.spaceId, d.organizationId, d.to.parent, d.to.position);
    case 'SpaceTransferred':
      await space((s) => ({ ...s, organizationId: d.to, parent: d.parent, position: d.position, updatedAt: d.transferredAt }));
      await moveGrants(ctx, d.spaceId, d.to);
      return placeEntry(ctx, e.position, 'space', d.spaceId, d.to, d.parent, d.position);
    case 'SpacePermissionGranted':
    case 'SpacePermissionRevoked':
      return applyGrantEvent(ctx, SPACES, e.position, {
        targetKind: 'space', targetId: d.spaceId, organizationId: d.organizationId, principalKind: 'user', principalId: d.userId, role: d.role ?? null,
      });
    case 'SpaceTeamPermissionGranted':
    case 'SpaceTeamPermissionRevoked':
      return applyGrantEvent(ctx, SPACES, e.position, {
        targetKind: 'space', targetId: d.spaceId, organizationId: d.organizationId, principalKind: 'team', principalId: d.teamId, role: d.role ?? null,
      });
    case 'ChangeRequestCreated':
      return space((s) => countStatus({ ...s, changeRequests: (s.changeRequests ?? 0) + 1 }, null, d.status));
    case 'ChangeRequestStatusChanged':
      return space((s) => countStatus(s, d.from, d.to));
    case 'ChangeRequestMerged':
      return space((s) => countStatus({ ...s, revision: d.revision }, d.from, 'merged'));
    case 'SpaceContentRevised':
      return space((s) => ({ ...s, revision: d.revision }));
  }
}

/** Moves one change request between the open/draft counters. */
function countStatus(s: SpaceDoc, from: string | null, to: string): SpaceDoc {
  const next = { ...s, changeRequestsOpen: s.changeRequestsOpen ?? 0, changeRequestsDraft: s.changeRequestsDraft ?? 0 };
  if (from === 'open') next.changeRequestsOpen--;
  if (from === 'draft') next.changeRequestsDraft--;
  if (to === 'open') next.changeRequestsOpen++;
  if (to === 'draft') next.changeRequestsDraft++;
  return next;
}
