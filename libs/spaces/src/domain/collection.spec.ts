import { given } from '@app/platform/testing/given';
import { CannotMoveIntoItself, collection, CollectionCommand, CollectionCreated, CollectionEvent, CollectionNotFound } from './collection';
import { CannotBeMoved, TransferWouldNotChange } from './space-moves';
import { collectionCreatedData } from './testing/spaces.fixtures';

const at = (iso: string) => new Date(iso);
const T = '2026-01-02T00:00:00.000Z';
const data = collectionCreatedData;
const created: CollectionEvent = { type: 'CollectionCreated', data };
const deleted: CollectionEvent = { type: 'CollectionDeleted', data: { collectionId: 'c1', organizationId: 'o1', parent: null, deletedAt: T } };
const granted = (userId: string, role: 'read' | 'edit', previousRole: 'read' | null = null): CollectionEvent => ({
  type: 'CollectionPermissionGranted',
  data: { collectionId: 'c1', organizationId: 'o1', userId, role, previousRole },
});
const teamGranted: CollectionEvent = {
  type: 'CollectionTeamPermissionGranted',
  data: { collectionId: 'c1', organizationId: 'o1', teamId: 't1', role: 'edit', previousRole: null },
};

const create: CollectionCommand = {
  type: 'CreateCollection',
  collectionId: 'c1',
  organizationId: 'o1',
  createdBy: 'u1',
  placement: { parent: null, position: 'V' },
  settings: { title: 'Guides', description: '', defaultLevel: null },
};
const update = (changes: Partial<CollectionCreated>): CollectionCommand => ({ type: 'UpdateCollection', collectionId: 'c1', changes });
const del: CollectionCommand = { type: 'DeleteCollection', collectionId: 'c1' };
const move = (parent: string | null, targetPath: string[]): CollectionCommand => ({
  type: 'MoveCollection',
  collectionId: 'c1',
  to: { parent, position: 'W' },
  targetPath,
});
const transfer = (organizationId: string): CollectionCommand => ({
  type: 'TransferCollection',
  collectionId: 'c1',
  organizationId,
  placement: { parent: null, position: 'X' },
});
const withParent = (organizationId: string): CollectionCommand => ({ type: 'TransferCollectionWithParent', collectionId: 'c1', organizationId });
const transferred = (parent: string | null, position: string): CollectionEvent => ({
  type: 'CollectionTransferred',
  data: { collectionId: 'c1', from: 'o1', to: 'o2', previous: { parent: null, position: 'V' }, parent, position, transferredAt: T },
});
const grants = (role: 'read' | 'edit' | 'admin' | null, users: string[], teams: string[] = []): CollectionCommand => ({
  type: 'SetCollectionGrants',
  collectionId: 'c1',
  role,
  users,
  teams,
});

describe('collection decider', () => {
  it('creates once, with the moment of the decision', () => {
    given(collection).whenCommand(create, at('2026-01-01')).then([created]);
    given(collection, created).whenCommand(create).thenNothing();
  });

  it('updates only what changes; a deleted collection is not found', () => {
    given(collection, created)
      .whenCommand(update({ title: 'Guides', description: 'How to' }), at(T))
      .then([{ type: 'CollectionUpdated', data: { collectionId: 'c1', organizationId: 'o1', changes: { description: 'How to' }, updatedAt: T } }]);
    given(collection, created)
      .whenCommand(update({ title: 'Guides' }))
      .thenNothing();
    given(collection, created, deleted)
      .whenCommand(update({ title: 'x' }))
      .thenThrows(CollectionNotFound);
  });

  it('deletes once; deleting again or deleting nothing decides nothing (204)', () => {
    given(collection, created).whenCommand(del, at(T)).then([deleted]);
    given(collection, created, deleted).whenCommand(del).thenNothing();
    given(collection).whenCommand(del).thenNothing();
  });

  it('moves into another collection or to the top level', () => {
    const moved = (parent: string | null): CollectionEvent => ({
      type: 'CollectionMoved',
      data: { collectionId: 'c1', organizationId: 'o1', from: { parent: null, position: 'V' }, to: { parent, position: 'W' }, movedAt: T },
    });
    given(collection, created)
      .whenCommand(move('c0', ['c0']), at(T))
      .then([moved('c0')]);
    given(collection, created)
      .whenCommand(move(null, []), at(T))
      .then([moved(null)]);
  });

  it('never into itself or below itself (400); a deleted collection is not found', () => {
    given(collection, created)
      .whenCommand(move('c1', ['c1']))
      .thenThrows(CannotMoveIntoItself);
    given(collection, created)
      .whenCommand(move('c3', ['c1', 'c2', 'c3']))
      .thenThrows(CannotMoveIntoItself);
    given(collection, created, deleted).whenCommand(move(null, [])).thenThrows(CollectionNotFound);
  });

  it('transfers to another organization, never to its own (409), not with team grants (412), not when deleted (404)', () => {
    given(collection, created)
      .whenCommand(transfer('o2'), at(T))
      .then([transferred(null, 'X')]);
    given(collection, created).whenCommand(transfer('o1')).thenThrows(TransferWouldNotChange);
    given(collection, created, teamGranted).whenCommand(transfer('o2')).thenThrows(CannotBeMoved);
    given(collection, created, deleted).whenCommand(transfer('o2')).thenThrows(CollectionNotFound);
  });

  it('inside a transferred collection: keeps its place; a repeat or a deleted one decides nothing; team grants prevent it', () => {
    given(collection, created)
      .whenCommand(withParent('o2'), at(T))
      .then([transferred(null, 'V')]);
    given(collection, created, transferred(null, 'V')).whenCommand(withParent('o2')).thenNothing();
    given(collection, created, deleted).whenCommand(withParent('o2')).thenNothing();
    given(collection, created, teamGranted).whenCommand(withParent('o2')).thenThrows(CannotBeMoved);
  });

  it('grants, changes and revokes user and team roles, emitting only changes', () => {
    given(collection, created)
      .whenCommand(grants('read', ['u2', 'u2']))
      .then([granted('u2', 'read')]);
    given(collection, created, granted('u2', 'read'))
      .whenCommand(grants('read', ['u2']))
      .thenNothing();
    given(collection, created, granted('u2', 'read'))
      .whenCommand(grants('edit', ['u2']))
      .then([granted('u2', 'edit', 'read')]);
    given(collection, created, granted('u2', 'read'))
      .whenCommand(grants(null, ['u2', 'u3']))
      .then([{ type: 'CollectionPermissionRevoked', data: { collectionId: 'c1', organizationId: 'o1', userId: 'u2', previousRole: 'read' } }]);
    given(collection, created)
      .whenCommand(grants('admin', [], ['t1']))
      .then([{ type: 'CollectionTeamPermissionGranted', data: { collectionId: 'c1', organizationId: 'o1', teamId: 't1', role: 'admin', previousRole: null } }]);
    given(collection, created, deleted)
      .whenCommand(grants('read', ['u2']))
      .thenThrows(CollectionNotFound);
  });

  it("a deleted team's grant goes; nothing to revoke or no live collection decides nothing", () => {
    const revoke: CollectionCommand = { type: 'RevokeCollectionTeamGrant', collectionId: 'c1', teamId: 't1' };
    given(collection, created, teamGranted)
      .whenCommand(revoke)
      .then([{ type: 'CollectionTeamPermissionRevoked', data: { collectionId: 'c1', organizationId: 'o1', teamId: 't1', previousRole: 'edit' } }]);
    given(collection, created).whenCommand(revoke).thenNothing();
    given(collection, created, teamGranted, deleted).whenCommand(revoke).thenNothing();
  });
});
