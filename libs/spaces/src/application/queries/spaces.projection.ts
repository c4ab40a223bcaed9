import { Doc, ProjectionContext, ProjectionDefinition, RecordedEvent, Role } from '@app/platform';
import { COLLECTION_EVENT_TYPES } from '../../domain/collection';
import { SPACE_EVENT_TYPES, SpaceCreated, SpaceEvent } from '../../domain/space';
import { applyCollectionEvent, collectionCacheTag, COLLECTIONS, isCollectionEvent } from './collections.read-model';
import { placeEntry, removeEntry, SPACES_PROJECTION, treeCollection } from './content-tree';
import { SIBLINGS_INDEX } from './sibling-positions';
import { applyGrantEvent, dropGrants, grantsCollection, moveGrants } from './grants.read-model';
import { applyTeamRefEvent, isTeamRefEvent, TEAM_REF_EVENTS, TEAM_REFS } from './team.views';
import { isOneOf } from './typed-events';

export const SPACES = 'spaces';

export interface SpaceDoc extends SpaceCreated, Doc {
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
  // `revision` (from SpaceCreated) stays the revision the space was created with. Main's current
  // revision and the change-request counters belong to content: asked through SpaceContentStatsQuery.
}

const isSpaceEvent = isOneOf<SpaceEvent>(SPACE_EVENT_TYPES);

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
  handles: [...SPACE_EVENT_TYPES, ...COLLECTION_EVENT_TYPES, ...TEAM_REF_EVENTS],
  // Access checks keep collection documents in memory (SpaceAccess); spaces are read afresh.
  invalidates: (e) => (isCollectionEvent(e) ? [collectionCacheTag(e.data.collectionId)] : []),
  async apply(e, ctx) {
    if (isSpaceEvent(e)) return applySpaceEvent(e, ctx);
    if (isCollectionEvent(e)) return applyCollectionEvent(e, ctx);
    if (isTeamRefEvent(e)) return applyTeamRefEvent(e, ctx);
  },
};

async function applySpaceEvent(e: RecordedEvent & SpaceEvent, ctx: ProjectionContext): Promise<void> {
  const space = (change: (s: SpaceDoc) => SpaceDoc) => ctx.update<SpaceDoc>(SPACES, e.data.spaceId, change);
  switch (e.type) {
    case 'SpaceCreated': {
      const d = e.data;
      // Events from before ordering existed carry no position: such spaces sort first.
      const position = d.position ?? '';
      ctx.put(SPACES, {
        ...d,
        id: d.spaceId,
        status: 'active',
        updatedAt: d.createdAt,
        deletedAt: null,
        seq: e.position,
        position,
        users: {},
        teams: {},
      } satisfies SpaceDoc);
      return placeEntry(ctx, e.position, 'space', d.spaceId, d.organizationId, d.parent, position);
    }
    case 'SpaceUpdated':
      return space((s) => ({ ...s, ...e.data.changes, updatedAt: e.data.updatedAt }));
    case 'SpaceDeleted':
      await space((s) => ({ ...s, status: 'deleted', deletedAt: e.data.deletedAt, updatedAt: e.data.deletedAt }));
      return removeEntry(ctx, e.position, 'space', e.data.spaceId);
    case 'SpaceRestored': {
      await space((s) => ({ ...s, status: 'active', deletedAt: null, updatedAt: e.data.restoredAt }));
      const s = await ctx.get<SpaceDoc>(SPACES, e.data.spaceId);
      if (s) await placeEntry(ctx, e.position, 'space', s.id, s.organizationId, s.parent, s.position);
      return;
    }
    case 'SpacePurged':
      ctx.delete(SPACES, e.data.spaceId);
      await dropGrants(ctx, e.data.spaceId);
      return removeEntry(ctx, e.position, 'space', e.data.spaceId);
    case 'SpaceMoved': {
      const { to } = e.data;
      await space((s) => ({ ...s, parent: to.parent, position: to.position, updatedAt: e.data.movedAt }));
      return placeEntry(ctx, e.position, 'space', e.data.spaceId, e.data.organizationId, to.parent, to.position);
    }
    case 'SpaceTransferred': {
      const d = e.data;
      await space((s) => ({ ...s, organizationId: d.to, parent: d.parent, position: d.position, updatedAt: d.transferredAt }));
      await moveGrants(ctx, d.spaceId, d.to);
      return placeEntry(ctx, e.position, 'space', d.spaceId, d.to, d.parent, d.position);
    }
    case 'SpacePermissionGranted':
    case 'SpacePermissionRevoked':
      return applyGrantEvent(ctx, SPACES, e.position, {
        targetKind: 'space',
        targetId: e.data.spaceId,
        organizationId: e.data.organizationId,
        principalKind: 'user',
        principalId: e.data.userId,
        role: e.type === 'SpacePermissionGranted' ? e.data.role : null,
      });
    case 'SpaceTeamPermissionGranted':
    case 'SpaceTeamPermissionRevoked':
      return applyGrantEvent(ctx, SPACES, e.position, {
        targetKind: 'space',
        targetId: e.data.spaceId,
        organizationId: e.data.organizationId,
        principalKind: 'team',
        principalId: e.data.teamId,
        role: e.type === 'SpaceTeamPermissionGranted' ? e.data.role : null,
      });
  }
}
