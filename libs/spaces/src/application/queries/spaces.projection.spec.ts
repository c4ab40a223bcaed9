import { GivenEvent, projectionOf } from '@app/platform/testing/projection-spec';
import { CollectionCreated, CollectionEvent } from '../../domain/collection';
import { SpaceCreated, SpaceEvent } from '../../domain/space';
import { COLLECTIONS } from './collections.read-model';
import { TREE } from './content-tree';
import { GRANTS } from './grants.read-model';
import { SPACES, spacesProjection } from './spaces.projection';
import { TEAM_REFS } from './team.views';
import { collectionCreatedData, spaceCreatedData } from '../../domain/testing/spaces.fixtures';

/*
 * Given events → documents of the spaces projection (spaces, collections, the content tree,
 * grants, team references), on a real embedded read store; projectionOf also replays them and
 * expects the same documents. Events get the global positions 1, 2, 3… in the order given.
 */

const OPEN = Number.MAX_SAFE_INTEGER;
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const T2 = '2026-01-03T00:00:00.000Z';
const space = (e: SpaceEvent): GivenEvent => e;
const coll = (e: CollectionEvent): GivenEvent => e;

const spaceData: SpaceCreated = spaceCreatedData;
const spaceDoc = { ...spaceData, id: 's1', status: 'active', updatedAt: T0, deletedAt: null, seq: 1, users: {}, teams: {} };
const entry = (kind: 'space' | 'collection', itemId: string, at: number, over: Record<string, unknown> = {}) => ({
  id: `${itemId}@${at}`,
  kind,
  itemId,
  organizationId: 'o1',
  parent: '',
  position: 'V',
  addedAt: at,
  removedAt: OPEN,
  ...over,
});

describe('spaces projection: spaces and the content tree', () => {
  it('a created space is a document and a tree entry; an update changes the document only', async () => {
    const docs = await projectionOf(spacesProjection, [
      space({ type: 'SpaceCreated', data: spaceData }),
      space({ type: 'SpaceUpdated', data: { spaceId: 's1', changes: { title: 'Handbook', visibility: 'public' }, updatedAt: T1 } }),
    ]);
    expect(docs[SPACES]).toEqual([{ ...spaceDoc, title: 'Handbook', visibility: 'public', updatedAt: T1 }]);
    expect(docs[TREE]).toEqual([entry('space', 's1', 1)]);
  });

  it('a space created before ordering existed sorts first (empty key)', async () => {
    const { position: _, ...old } = spaceData;
    const docs = await projectionOf(spacesProjection, [space({ type: 'SpaceCreated', data: old })]);
    expect(docs[SPACES]).toEqual([{ ...spaceDoc, position: '' }]);
    expect(docs[TREE]).toEqual([entry('space', 's1', 1, { position: '' })]);
  });

  it('deleting closes the tree entry and keeps the document in the bin; restoring places it again', async () => {
    const docs = await projectionOf(spacesProjection, [
      space({ type: 'SpaceCreated', data: spaceData }),
      space({ type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1', deletedAt: T1 } }),
      space({ type: 'SpaceRestored', data: { spaceId: 's1', organizationId: 'o1', deletedAt: T1, restoredAt: T2 } }),
    ]);
    expect(docs[SPACES]).toEqual([{ ...spaceDoc, updatedAt: T2 }]);
    expect(docs[TREE]).toEqual([entry('space', 's1', 1, { removedAt: 2 }), entry('space', 's1', 3)]);
  });

  it('a purged space leaves no document, no live entry and no grants', async () => {
    const docs = await projectionOf(spacesProjection, [
      space({ type: 'SpaceCreated', data: spaceData }),
      space({ type: 'SpacePermissionGranted', data: { spaceId: 's1', organizationId: 'o1', userId: 'u1', role: 'read', previousRole: null } }),
      space({ type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1', deletedAt: T1 } }),
      space({ type: 'SpacePurged', data: { spaceId: 's1', organizationId: 'o1', deletedAt: T1, purgedAt: T2 } }),
    ]);
    expect(docs[SPACES]).toEqual([]);
    expect(docs[GRANTS]).toEqual([]);
    expect(docs[TREE]).toEqual([entry('space', 's1', 1, { removedAt: 3 })]);
  });

  it('a move closes the old entry and adds one where it lands', async () => {
    const docs = await projectionOf(spacesProjection, [
      space({ type: 'SpaceCreated', data: spaceData }),
      space({
        type: 'SpaceMoved',
        data: { spaceId: 's1', organizationId: 'o1', from: { parent: null, position: 'V' }, to: { parent: 'c1', position: 'W' }, movedAt: T1 },
      }),
    ]);
    expect(docs[SPACES]).toEqual([{ ...spaceDoc, parent: 'c1', position: 'W', updatedAt: T1 }]);
    expect(docs[TREE]).toEqual([entry('space', 's1', 1, { removedAt: 2 }), entry('space', 's1', 2, { parent: 'c1', position: 'W' })]);
  });

  it('a transfer moves the document, its entry and its grants to the other organization', async () => {
    const docs = await projectionOf(spacesProjection, [
      space({ type: 'SpaceCreated', data: spaceData }),
      space({ type: 'SpacePermissionGranted', data: { spaceId: 's1', organizationId: 'o1', userId: 'u1', role: 'edit', previousRole: null } }),
      space({
        type: 'SpaceTransferred',
        data: { spaceId: 's1', from: 'o1', to: 'o2', previous: { parent: null, position: 'V' }, parent: null, position: 'X', transferredAt: T1 },
      }),
    ]);
    expect(docs[SPACES]).toEqual([{ ...spaceDoc, organizationId: 'o2', position: 'X', users: { u1: 'edit' }, updatedAt: T1 }]);
    expect(docs[TREE]).toEqual([entry('space', 's1', 1, { removedAt: 3 }), entry('space', 's1', 3, { organizationId: 'o2', position: 'X' })]);
    expect(docs[GRANTS]).toEqual([
      { id: 's1:user:u1', targetKind: 'space', targetId: 's1', organizationId: 'o2', principalKind: 'user', principalId: 'u1', role: 'edit', seq: 2 },
    ]);
  });
});

describe('spaces projection: grants', () => {
  it('a grant is a listing document and an embedded role; a role change keeps its first position; a revoke removes both', async () => {
    const docs = await projectionOf(spacesProjection, [
      space({ type: 'SpaceCreated', data: spaceData }),
      space({ type: 'SpacePermissionGranted', data: { spaceId: 's1', organizationId: 'o1', userId: 'u1', role: 'read', previousRole: null } }),
      space({ type: 'SpaceTeamPermissionGranted', data: { spaceId: 's1', organizationId: 'o1', teamId: 't1', role: 'edit', previousRole: null } }),
      space({ type: 'SpacePermissionGranted', data: { spaceId: 's1', organizationId: 'o1', userId: 'u1', role: 'admin', previousRole: 'read' } }),
      space({ type: 'SpacePermissionGranted', data: { spaceId: 's1', organizationId: 'o1', userId: 'u2', role: 'read', previousRole: null } }),
      space({ type: 'SpacePermissionRevoked', data: { spaceId: 's1', organizationId: 'o1', userId: 'u2', previousRole: 'read' } }),
    ]);
    expect(docs[SPACES]).toEqual([{ ...spaceDoc, users: { u1: 'admin' }, teams: { t1: 'edit' } }]);
    expect(docs[GRANTS]).toEqual([
      { id: 's1:team:t1', targetKind: 'space', targetId: 's1', organizationId: 'o1', principalKind: 'team', principalId: 't1', role: 'edit', seq: 3 },
      { id: 's1:user:u1', targetKind: 'space', targetId: 's1', organizationId: 'o1', principalKind: 'user', principalId: 'u1', role: 'admin', seq: 2 },
    ]);
  });

  it('a team revoke on a collection removes the embedded role and the listing document', async () => {
    const created: CollectionCreated = collectionCreatedData;
    const docs = await projectionOf(spacesProjection, [
      coll({ type: 'CollectionCreated', data: created }),
      coll({ type: 'CollectionTeamPermissionGranted', data: { collectionId: 'c1', organizationId: 'o1', teamId: 't1', role: 'review', previousRole: null } }),
      coll({ type: 'CollectionPermissionGranted', data: { collectionId: 'c1', organizationId: 'o1', userId: 'u1', role: 'read', previousRole: null } }),
      coll({ type: 'CollectionTeamPermissionRevoked', data: { collectionId: 'c1', organizationId: 'o1', teamId: 't1', previousRole: 'review' } }),
    ]);
    expect(docs[COLLECTIONS]).toEqual([expect.objectContaining({ id: 'c1', users: { u1: 'read' }, teams: {} })]);
    expect(docs[GRANTS]).toEqual([
      { id: 'c1:user:u1', targetKind: 'collection', targetId: 'c1', organizationId: 'o1', principalKind: 'user', principalId: 'u1', role: 'read', seq: 3 },
    ]);
  });
});

describe('spaces projection: collections', () => {
  const created: CollectionCreated = collectionCreatedData;
  const doc = {
    id: 'c1',
    organizationId: 'o1',
    title: 'Guides',
    description: '',
    parent: null,
    position: 'V',
    defaultLevel: null,
    users: {},
    teams: {},
    createdAt: T0,
    updatedAt: T0,
    seq: 1,
  };

  it('created, updated, moved and transferred: one document and its tree entries', async () => {
    const docs = await projectionOf(spacesProjection, [
      coll({ type: 'CollectionCreated', data: created }),
      coll({
        type: 'CollectionUpdated',
        data: { collectionId: 'c1', organizationId: 'o1', changes: { description: 'How to', defaultLevel: 'read' }, updatedAt: T1 },
      }),
      coll({
        type: 'CollectionMoved',
        data: { collectionId: 'c1', organizationId: 'o1', from: { parent: null, position: 'V' }, to: { parent: 'c0', position: 'W' }, movedAt: T1 },
      }),
      coll({
        type: 'CollectionTransferred',
        data: { collectionId: 'c1', from: 'o1', to: 'o2', previous: { parent: 'c0', position: 'W' }, parent: null, position: 'X', transferredAt: T2 },
      }),
    ]);
    expect(docs[COLLECTIONS]).toEqual([
      { ...doc, description: 'How to', defaultLevel: 'read', organizationId: 'o2', parent: null, position: 'X', updatedAt: T2 },
    ]);
    expect(docs[TREE]).toEqual([
      entry('collection', 'c1', 1, { removedAt: 3 }),
      entry('collection', 'c1', 3, { parent: 'c0', position: 'W', removedAt: 4 }),
      entry('collection', 'c1', 4, { organizationId: 'o2', position: 'X' }),
    ]);
  });

  it('a deleted collection leaves no document and no live entry', async () => {
    const docs = await projectionOf(spacesProjection, [
      coll({ type: 'CollectionCreated', data: created }),
      coll({ type: 'CollectionDeleted', data: { collectionId: 'c1', organizationId: 'o1', parent: null, deletedAt: T1 } }),
    ]);
    expect(docs[COLLECTIONS]).toEqual([]);
    expect(docs[TREE]).toEqual([entry('collection', 'c1', 1, { removedAt: 2 })]);
  });
});

describe('spaces projection: team references and other events', () => {
  it("keeps when each team was created, until it is deleted; other contexts' events change nothing", async () => {
    const docs = await projectionOf(spacesProjection, [
      { type: 'TeamCreated', data: { organizationId: 'o1', teamId: 't1', title: 'Writers', createdAt: T0 } },
      { type: 'TeamCreated', data: { organizationId: 'o1', teamId: 't2', title: 'Readers', createdAt: T1 } },
      { type: 'TeamDeleted', data: { organizationId: 'o1', teamId: 't2', deletedAt: T2 } },
      { type: 'ChangeRequestCreated', data: { spaceId: 's1', status: 'draft' } },
      { type: 'SpaceUpdated', data: { spaceId: 'unknown', changes: { title: 'x' }, updatedAt: T1 } },
    ]);
    expect(docs[TEAM_REFS]).toEqual([{ id: 't1', organizationId: 'o1', createdAt: T0 }]);
    expect(docs[SPACES]).toEqual([]);
    expect(docs[TREE]).toEqual([]);
  });
});
