import { given } from '@app/platform/testing/given';
import {
  collection, CollectionCreated, CollectionEvent, CollectionNotFound, decideCollectionGrants, decideCreateCollection, decideDeleteCollection,
  decideMoveCollection, decideTransferCollection, decideUpdateCollection,
} from './collection';
import { MoveWouldNotChange, TransferWouldNotChange } from './space-moves';

const at = (iso: string) => new Date(iso);
const data: CollectionCreated = {
  collectionId: 'c1', organizationId: 'o1', title: 'Guides', description: '', parent: null, position: 'V', defaultLevel: null,
  createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'u1',
};
const created: CollectionEvent = { type: 'CollectionCreated', data };
const deleted: CollectionEvent = { type: 'CollectionDeleted', data: { collectionId: 'c1', organizationId: 'o1', parent: null, deletedAt: '2026-01-02T00:00:00.000Z' } };
const granted = (userId: string, role: 'read' | 'edit'): CollectionEvent => ({ type: 'CollectionPermissionGranted', data: { collectionId: 'c1', organizationId: 'o1', userId, role, previousRole: null } });

describe('collection decider', () => {
  it('creates once', () => {
    given(collection).when((s) => decideCreateCollection(s, data)).then([created]);
    given(collection, created).when((s) => decideCreateCollection(s, data)).thenNothing();
  });

  it('updates only what changes; a deleted collection is not found', () => {
    given(collection, created).when((s) => decideUpdateCollection(s, 'c1', { title: 'Guides', description: 'How to' }, at('2026-01-03')))
      .then([{ type: 'CollectionUpdated', data: { collectionId: 'c1', organizationId: 'o1', changes: { description: 'How to' }, updatedAt: '2026-01-03T00:00:00.000Z' } }]);
    given(collection, created).when((s) => decideUpdateCollection(s, 'c1', { title: 'Guides' }, at('2026-01-03'))).thenNothing();
    given(collection, created, deleted).when((s) => decideUpdateCollection(s, 'c1', { title: 'x' }, at('2026-01-03'))).thenThrows(CollectionNotFound);
  });

  it('deletes once (then 204)', () => {
    given(collection, created).when((s) => decideDeleteCollection(s, 'c1', at('2026-01-02'))).then([deleted]);
    given(collection, created, deleted).when((s) => decideDeleteCollection(s, 'c1', at('2026-01-03'))).thenNothing();
    given(collection).when((s) => decideDeleteCollection(s, 'c1', at('2026-01-03'))).thenNothing();
  });

  it('moves; the same place again is a conflict (409)', () => {
    const to = { parent: 'c0', position: 'W' };
    given(collection, created).when((s) => decideMoveCollection(s, 'c1', to, at('2026-01-02')))
      .then([{ type: 'CollectionMoved', data: { collectionId: 'c1', organizationId: 'o1', from: { parent: null, position: 'V' }, to, movedAt: '2026-01-02T00:00:00.000Z' } }]);
    given(collection, created).when((s) => decideMoveCollection(s, 'c1', { parent: null, position: 'V' }, at('2026-01-02'))).thenThrows(MoveWouldNotChange);
  });

  it('transfers to another organization, never to its own (409)', () => {
    given(collection, created).when((s) => decideTransferCollection(s, 'c1', 'o2', { parent: null, position: 'X' }, at('2026-01-02')))
      .then([{ type: 'CollectionTransferred', data: { collectionId: 'c1', from: 'o1', to: 'o2', previous: { parent: null, position: 'V' }, parent: null, position: 'X', transferredAt: '2026-01-02T00:00:00.000Z' } }]);
    given(collection, created).when((s) => decideTransferCollection(s, 'c1', 'o1', null, at('2026-01-02'))).thenThrows(TransferWouldNotChange);
  });

  it('grants, changes and revokes user and team roles, emitting only changes', () => {
    given(collection, created).when((s) => decideCollectionGrants(s, 'c1', 'user', ['u2', 'u2'], 'read')).then([granted('u2', 'read')]);
    given(collection, created, granted('u2', 'read')).when((s) => decideCollectionGrants(s, 'c1', 'user', ['u2'], 'read')).thenNothing();
    given(collection, created, granted('u2', 'read')).when((s) => decideCollectionGrants(s, 'c1', 'user', ['u2'], 'edit'))
      .then([{ type: 'CollectionPermissionGranted', data: { collectionId: 'c1', organizationId: 'o1', userId: 'u2', role: 'edit', previousRole: 'read' } }]);
    given(collection, created, granted('u2', 'read')).when((s) => decideCollectionGrants(s, 'c1', 'user', ['u2', 'u3'], null))
      .then([{ type: 'CollectionPermissionRevoked', data: { collectionId: 'c1', organizationId: 'o1', userId: 'u2', previousRole: 'read' } }]);
    given(collection, created).when((s) => decideCollectionGrants(s, 'c1', 'team', ['t1'], 'admin'))
      .then([{ type: 'CollectionTeamPermissionGranted', data: { collectionId: 'c1', organizationId: 'o1', teamId: 't1', role: 'admin', previousRole: null } }]);
    given(collection, created, deleted).when((s) => decideCollectionGrants(s, 'c1', 'user', ['u2'], 'read')).thenThrows(CollectionNotFound);
  });
});
