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
  [k: string]: unknown;
}

export const spacesProjection: ProjectionDefinition = {
  name: 'spaces',
  collections: [{ name: SPACES, indexes: [['organizationId', 'status', 'seq']] }],
  handles: ['SpaceCreated', 'SpaceUpdated', 'SpaceDeleted', 'SpaceRestored', 'SpacePurged'],
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
    }
  },
};
