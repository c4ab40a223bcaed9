import { ProjectionDefinition } from '@app/platform';
import { SpaceCreated, SpaceSettings } from '../../domain/space';

export const SPACES = 'spaces';

export interface SpaceDoc extends SpaceCreated {
  id: string;
  status: 'active' | 'deleted';
  updatedAt: string;
  deletedAt: string | null;
  /** Global position of the creation event: the immutable key listings page by. */
  seq: number;
  /** Counters kept from the content context's integration events. */
  changeRequests?: number;
  changeRequestsOpen?: number;
  changeRequestsDraft?: number;
  [k: string]: unknown;
}

export const spacesProjection: ProjectionDefinition = {
  name: 'spaces',
  collections: [{ name: SPACES, indexes: [['organizationId', 'status', 'seq']] }],
  handles: [
    'SpaceCreated', 'SpaceUpdated', 'SpaceDeleted', 'SpaceRestored', 'SpacePurged',
    // Integration events of the content context (matched by type string: spaces never imports content).
    'ChangeRequestCreated', 'ChangeRequestStatusChanged', 'ChangeRequestMerged', 'SpaceContentRevised',
  ],
  async apply(e, ctx) {
    const d = e.data as Record<string, any>;
    switch (e.type) {
      case 'SpaceCreated':
        ctx.put(SPACES, { ...(d as SpaceCreated), id: d.spaceId, status: 'active', updatedAt: d.createdAt, deletedAt: null, seq: e.position });
        break;
      case 'SpaceUpdated':
        await ctx.update<SpaceDoc>(SPACES, d.spaceId, (s) => ({ ...s, ...(d.changes as Partial<SpaceSettings>), updatedAt: d.updatedAt }));
        break;
      case 'SpaceDeleted':
        await ctx.update<SpaceDoc>(SPACES, d.spaceId, (s) => ({ ...s, status: 'deleted', deletedAt: d.deletedAt, updatedAt: d.deletedAt }));
        break;
      case 'SpaceRestored':
        await ctx.update<SpaceDoc>(SPACES, d.spaceId, (s) => ({ ...s, status: 'active', deletedAt: null, updatedAt: d.restoredAt }));
        break;
      case 'SpacePurged':
        ctx.delete(SPACES, d.spaceId);
        break;
      case 'ChangeRequestCreated':
        await ctx.update<SpaceDoc>(SPACES, d.spaceId, (s) => countStatus({ ...s, changeRequests: (s.changeRequests ?? 0) + 1 }, null, d.status));
        break;
      case 'ChangeRequestStatusChanged':
        await ctx.update<SpaceDoc>(SPACES, d.spaceId, (s) => countStatus(s, d.from, d.to));
        break;
      case 'ChangeRequestMerged':
        await ctx.update<SpaceDoc>(SPACES, d.spaceId, (s) => countStatus({ ...s, revision: d.revision }, d.from, 'merged'));
        break;
      case 'SpaceContentRevised':
        await ctx.update<SpaceDoc>(SPACES, d.spaceId, (s) => ({ ...s, revision: d.revision }));
        break;
    }
  },
};

/** Moves one change request between the open/draft counters. */
function countStatus(s: SpaceDoc, from: string | null, to: string): SpaceDoc {
  const next = { ...s, changeRequestsOpen: s.changeRequestsOpen ?? 0, changeRequestsDraft: s.changeRequestsDraft ?? 0 };
  if (from === 'open') next.changeRequestsOpen--;
  if (from === 'draft') next.changeRequestsDraft--;
  if (to === 'open') next.changeRequestsOpen++;
  if (to === 'draft') next.changeRequestsDraft++;
  return next;
}
