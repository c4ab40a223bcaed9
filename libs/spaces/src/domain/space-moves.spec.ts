import { given } from '@app/platform/testing/given';
import { decideRestore, space, SpaceCreated, SpaceEvent, SpaceNotFound } from './space';
import { CannotBeMoved, decideMoveSpace, decideSpaceGrants, decideTransferSpace, MoveWouldNotChange, TransferWouldNotChange } from './space-moves';

const at = (iso: string) => new Date(iso);
const T = '2026-01-02T00:00:00.000Z';
const data: SpaceCreated = {
  spaceId: 's1', organizationId: 'o1', parent: 'c1', position: 'V', revision: 'r1', createdAt: '2026-01-01T00:00:00.000Z', duplicatedFrom: null,
  title: 'Docs', emoji: '', icon: null, visibility: 'in-collection', editMode: 'live', language: null, defaultLevel: null, mergeRules: { type: 'inherit' },
};
const created: SpaceEvent = { type: 'SpaceCreated', data };
const teamGranted: SpaceEvent = { type: 'SpaceTeamPermissionGranted', data: { spaceId: 's1', organizationId: 'o1', teamId: 't1', role: 'edit', previousRole: null } };
const userGranted: SpaceEvent = { type: 'SpacePermissionGranted', data: { spaceId: 's1', organizationId: 'o1', userId: 'u2', role: 'read', previousRole: null } };
const toPrivate: SpaceEvent = { type: 'SpaceUpdated', data: { spaceId: 's1', changes: { visibility: 'private' }, updatedAt: T } };

describe('space moves', () => {
  it('moves within the tree; leaving the collection makes an in-collection space private', () => {
    given(space, created).when((s) => decideMoveSpace(s, 's1', { parent: 'c2', position: 'W' }, at(T)))
      .then([{ type: 'SpaceMoved', data: { spaceId: 's1', organizationId: 'o1', from: { parent: 'c1', position: 'V' }, to: { parent: 'c2', position: 'W' }, movedAt: T } }]);
    given(space, created).when((s) => decideMoveSpace(s, 's1', { parent: null, position: 'W' }, at(T)))
      .then([{ type: 'SpaceMoved', data: { spaceId: 's1', organizationId: 'o1', from: { parent: 'c1', position: 'V' }, to: { parent: null, position: 'W' }, movedAt: T } }, toPrivate]);
  });

  it('moving to where it already is conflicts (409); a deleted space is not found', () => {
    given(space, created).when((s) => decideMoveSpace(s, 's1', { parent: 'c1', position: 'V' }, at(T))).thenThrows(MoveWouldNotChange);
    const deleted: SpaceEvent = { type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1', deletedAt: T } };
    given(space, created, deleted).when((s) => decideMoveSpace(s, 's1', { parent: null, position: 'W' }, at(T))).thenThrows(SpaceNotFound);
  });

  it('transfers to the top level of another organization, keeping user grants', () => {
    const placement = { parent: null, position: 'X' };
    const g = given(space, created, userGranted);
    g.when((s) => decideTransferSpace(s, 's1', 'o2', { placement, pendingChangeRequests: 0 }, at(T))).then([
      { type: 'SpaceTransferred', data: { spaceId: 's1', from: 'o1', to: 'o2', previous: { parent: 'c1', position: 'V' }, parent: null, position: 'X', transferredAt: T } },
      toPrivate,
    ]);
  });

  it('a transfer to its own organization conflicts (409); team grants or pending change requests prevent it (412)', () => {
    const placement = { parent: null, position: 'X' };
    given(space, created).when((s) => decideTransferSpace(s, 's1', 'o1', { placement, pendingChangeRequests: 0 }, at(T))).thenThrows(TransferWouldNotChange);
    given(space, created, teamGranted).when((s) => decideTransferSpace(s, 's1', 'o2', { placement, pendingChangeRequests: 0 }, at(T))).thenThrows(CannotBeMoved);
    given(space, created).when((s) => decideTransferSpace(s, 's1', 'o2', { placement, pendingChangeRequests: 2 }, at(T))).thenThrows(CannotBeMoved);
  });

  it('restoring a space whose collection is gone brings it back at the top level', () => {
    const deleted: SpaceEvent = { type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1', deletedAt: T } };
    const restoredAt = '2026-01-03T00:00:00.000Z';
    given(space, created, deleted).when((s) => decideRestore(s, 's1', at(restoredAt), 'Z')).then([
      { type: 'SpaceRestored', data: { spaceId: 's1', organizationId: 'o1', deletedAt: T, restoredAt } },
      { type: 'SpaceMoved', data: { spaceId: 's1', organizationId: 'o1', from: { parent: 'c1', position: 'V' }, to: { parent: null, position: 'Z' }, movedAt: restoredAt } },
      { type: 'SpaceUpdated', data: { spaceId: 's1', changes: { visibility: 'private' }, updatedAt: restoredAt } },
    ]);
  });
});

describe('space grants', () => {
  it('grants, changes and revokes, emitting only what changes', () => {
    given(space, created).when((s) => decideSpaceGrants(s, 's1', 'user', ['u2'], 'read')).then([userGranted]);
    given(space, created, userGranted).when((s) => decideSpaceGrants(s, 's1', 'user', ['u2'], 'read')).thenNothing();
    given(space, created, userGranted).when((s) => decideSpaceGrants(s, 's1', 'user', ['u2'], null))
      .then([{ type: 'SpacePermissionRevoked', data: { spaceId: 's1', organizationId: 'o1', userId: 'u2', previousRole: 'read' } }]);
    given(space, created).when((s) => decideSpaceGrants(s, 's1', 'user', ['nobody'], null)).thenNothing();
    given(space, created).when((s) => decideSpaceGrants(s, 's1', 'team', ['t1'], 'edit')).then([teamGranted]);
    given(space, created, teamGranted).when((s) => decideSpaceGrants(s, 's1', 'team', ['t1'], null))
      .then([{ type: 'SpaceTeamPermissionRevoked', data: { spaceId: 's1', organizationId: 'o1', teamId: 't1', previousRole: 'edit' } }]);
    given(space).when((s) => decideSpaceGrants(s, 's1', 'user', ['u2'], 'read')).thenThrows(SpaceNotFound);
  });
});
