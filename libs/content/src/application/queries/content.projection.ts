import { Doc, DomainEvent, ProjectionDefinition } from '@app/platform';
import { SpaceEvents, type SpaceCreatedPayload } from '@app/spaces/contracts';
import { ChangeRequestEvent, RevisionGit, SpaceContentEvent } from '../../domain/change-request.events';
import { CONTENT_OBJECTS, ContentObject, OBJECT_STORED } from '../storage/content-objects';
import { emptyRootHash } from '../storage/revision-store';

export const REVISIONS = 'content_revisions';
export const HEADS = 'content_heads';

export type RevisionType = 'edits' | 'merge' | 'update';

/** One immutable revision: where its content is, and how it came to be. */
export interface RevisionDoc extends Doc {
  spaceId: string;
  root: string;
  parents: string[];
  type: RevisionType;
  createdAt: string;
  /** The change request the revision belongs to (edits, updates) or merged (merge). */
  changeRequestId: string | null;
  /** The commit a git import made it from (Revision.git). */
  git?: RevisionGit;
}

/** Main's head of one space (id: the space id). */
export interface HeadDoc extends Doc {
  revision: string;
  root: string;
}

/** A stored content object (id: its hash). */
export interface ContentObjectDoc extends Doc {
  o: ContentObject;
}

type ObjectStored = DomainEvent<typeof OBJECT_STORED, { hash: string; object: ContentObject }>;

/** Copies stored objects into the read model (queries never read streams). */
export const contentObjectsProjection: ProjectionDefinition = {
  name: 'content-objects',
  collections: [{ name: CONTENT_OBJECTS }],
  handles: [OBJECT_STORED],
  async apply(recorded, ctx) {
    const { data } = { type: recorded.type, data: recorded.data } as ObjectStored;
    ctx.put(CONTENT_OBJECTS, { id: data.hash, o: data.object } satisfies ContentObjectDoc);
  },
};

type Handled =
  | DomainEvent<typeof SpaceEvents.SpaceCreated, SpaceCreatedPayload>
  | SpaceContentEvent
  | Extract<ChangeRequestEvent, { type: 'ChangeRequestContentUpdated' | 'ChangeRequestUpdatedFromMain' }>;

/** Every revision of every space, and main's head per space. */
export const revisionsProjection: ProjectionDefinition = {
  name: 'content-revisions',
  collections: [{ name: REVISIONS, indexes: [['spaceId']] }, { name: HEADS }],
  // SpaceCreated (by type string) records the empty initial revision at once, so a new space's
  // content reads right after creation, before the saga has initialized its content stream.
  handles: [
    SpaceEvents.SpaceCreated,
    'SpaceContentInitialized',
    'SpaceContentMerged',
    'SpaceContentRevised',
    'SpaceRevisionImported',
    'ChangeRequestContentUpdated',
    'ChangeRequestUpdatedFromMain',
  ] satisfies Array<Handled['type']>,
  async apply(recorded, ctx) {
    const e = { type: recorded.type, data: recorded.data } as Handled;
    const revision = (
      d: { revision: string; spaceId: string; root: string; createdAt: string },
      type: RevisionType,
      parents: string[],
      changeRequestId: string | null,
      git?: RevisionGit,
    ) =>
      ctx.put(REVISIONS, {
        id: d.revision,
        spaceId: d.spaceId,
        root: d.root,
        parents,
        type,
        createdAt: d.createdAt,
        changeRequestId,
        ...(git ? { git } : {}),
      } satisfies RevisionDoc);
    const head = (spaceId: string, d: { revision: string; root: string }) =>
      ctx.put(HEADS, { id: spaceId, revision: d.revision, root: d.root } satisfies HeadDoc);
    switch (e.type) {
      case SpaceEvents.SpaceCreated:
        revision({ ...e.data, root: emptyRootHash() }, 'edits', [], null);
        return head(e.data.spaceId, { revision: e.data.revision, root: emptyRootHash() });
      case 'SpaceContentInitialized':
        // Usually already recorded from SpaceCreated (with the space's creation time).
        if (!(await ctx.get(REVISIONS, e.data.revision))) revision(e.data, 'edits', [], null);
        if (!(await ctx.get(HEADS, e.data.spaceId))) head(e.data.spaceId, e.data);
        return;
      case 'SpaceContentMerged':
        revision(e.data, 'merge', e.data.parents, e.data.changeRequestId);
        return head(e.data.spaceId, e.data);
      case 'SpaceContentRevised':
        revision(e.data, 'edits', e.data.parents, null, e.data.git);
        return head(e.data.spaceId, e.data);
      case 'SpaceRevisionImported':
        return revision(e.data, 'edits', e.data.parents, null, e.data.git); // main's head stays
      case 'ChangeRequestContentUpdated':
        return revision(e.data, 'edits', e.data.parents, e.data.changeRequestId);
      case 'ChangeRequestUpdatedFromMain':
        return revision(e.data, 'update', e.data.parents, e.data.changeRequestId);
      case 'ChangeRequestNumberReserved':
        return; // not handled (numbers are no revisions)
    }
  },
};
