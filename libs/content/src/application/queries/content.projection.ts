import { ProjectionDefinition } from '@app/platform';
import { CONTENT_OBJECTS, OBJECT_STORED } from '../storage/content-objects';
import { emptyRootHash } from '../storage/revision-store';
import { SpaceEvents } from '@app/spaces/contracts';

export const REVISIONS = 'content_revisions';
export const HEADS = 'content_heads';

export type RevisionType = 'edits' | 'merge' | 'update';

/** One immutable revision: where its content is, and how it came to be. */
export interface RevisionDoc {
  id: string;
  spaceId: string;
  root: string;
  parents: string[];
  type: RevisionType;
  createdAt: string;
  /** The change request the revision belongs to (edits, updates) or merged (merge). */
  changeRequestId: string | null;
  [k: string]: unknown;
}

/** Main's head of one space. */
export interface HeadDoc {
  id: string;
  revision: string;
  root: string;
  [k: string]: unknown;
}

/** Copies stored objects into the read model (queries never read streams). */
export const contentObjectsProjection: ProjectionDefinition = {
  name: 'content-objects',
  collections: [{ name: CONTENT_OBJECTS }],
  handles: [OBJECT_STORED],
  async apply(e, ctx) {
    const d = e.data as { hash: string; object: unknown };
    ctx.put(CONTENT_OBJECTS, { id: d.hash, o: d.object });
  },
};

/** Every revision of every space, and main's head per space. */
export const revisionsProjection: ProjectionDefinition = {
  name: 'content-revisions',
  collections: [{ name: REVISIONS, indexes: [['spaceId']] }, { name: HEADS }],
  // SpaceCreated (by type string) records the empty initial revision at once, so a new space's
  // content reads right after creation, before the saga has initialized its content stream.
  handles: [SpaceEvents.SpaceCreated, 'SpaceContentInitialized', 'SpaceContentMerged', 'SpaceContentRevised', 'ChangeRequestContentUpdated', 'ChangeRequestUpdatedFromMain'],
  async apply(e, ctx) {
    const d = e.data as Record<string, any>;
    const revision = (type: RevisionType, parents: string[], changeRequestId: string | null) =>
      ctx.put(REVISIONS, { id: d.revision, spaceId: d.spaceId, root: d.root, parents, type, createdAt: d.createdAt, changeRequestId } satisfies RevisionDoc);
    switch (e.type) {
      case SpaceEvents.SpaceCreated:
        ctx.put(REVISIONS, { id: d.revision, spaceId: d.spaceId, root: emptyRootHash(), parents: [], type: 'edits', createdAt: d.createdAt, changeRequestId: null } satisfies RevisionDoc);
        ctx.put(HEADS, { id: d.spaceId, revision: d.revision, root: emptyRootHash() });
        break;
      case 'SpaceContentInitialized':
        // Usually already recorded from SpaceCreated (with the space's creation time).
        if (!(await ctx.get(REVISIONS, d.revision))) revision('edits', [], null);
        if (!(await ctx.get(HEADS, d.spaceId))) ctx.put(HEADS, { id: d.spaceId, revision: d.revision, root: d.root });
        break;
      case 'SpaceContentMerged':
        revision('merge', d.parents, d.changeRequestId);
        ctx.put(HEADS, { id: d.spaceId, revision: d.revision, root: d.root });
        break;
      case 'SpaceContentRevised':
        revision('edits', d.parents, null);
        ctx.put(HEADS, { id: d.spaceId, revision: d.revision, root: d.root });
        break;
      case 'ChangeRequestContentUpdated':
        revision('edits', d.parents, d.changeRequestId);
        break;
      case 'ChangeRequestUpdatedFromMain':
        revision('update', d.parents, d.changeRequestId);
        break;
    }
  },
};
