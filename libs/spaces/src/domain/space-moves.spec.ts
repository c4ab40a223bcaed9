import { given } from '@app/platform/testing/given';
import { space, SpaceCommand, SpaceCreated, SpaceEvent, SpaceNotFound } from './space';
import { assertChangesOrganization, assertTransferable, CannotBeMoved, TransferWouldNotChange } from './space-moves';

/* The space decider's moves, transfers and grants, and the transfer rules spaces and collections share. */

const at = (iso: string) => new Date(iso);
const T = '2026-01-02T00:00:00.000Z';
const data: SpaceCreated = {
  spaceId: 's1',
  organizationId: 'o1',
  parent: 'c1',
  position: 'V',
  revision: 'r1',
  createdAt: '2026-01-01T00:00:00.000Z',
  duplicatedFrom: null,
  title: 'Docs',
  emoji: '',
  icon: null,
  visibility: 'in-collection',
  editMode: 'live',
  language: null,
  defaultLevel: null,
  mergeRules: { type: 'inherit' },
};
const created: SpaceEvent = { type: 'SpaceCreated', data };
const privateOne: SpaceEvent = { type: 'SpaceCreated', data: { ...data, visibility: 'private' } };
const deleted: SpaceEvent = { type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1', deletedAt: T } };
const teamGranted: SpaceEvent = {
  type: 'SpaceTeamPermissionGranted',
  data: { spaceId: 's1', organizationId: 'o1', teamId: 't1', role: 'edit', previousRole: null },
};
const userGranted: SpaceEvent = {
  type: 'SpacePermissionGranted',
  data: { spaceId: 's1', organizationId: 'o1', userId: 'u2', role: 'read', previousRole: null },
};
const toPrivate: SpaceEvent = { type: 'SpaceUpdated', data: { spaceId: 's1', changes: { visibility: 'private' }, updatedAt: T } };

const move = (parent: string | null, position = 'W'): SpaceCommand => ({ type: 'MoveSpace', spaceId: 's1', to: { parent, position } });
const moved = (parent: string | null, position = 'W'): SpaceEvent => ({
  type: 'SpaceMoved',
  data: { spaceId: 's1', organizationId: 'o1', from: { parent: 'c1', position: 'V' }, to: { parent, position }, movedAt: T },
});
const transfer = (organizationId: string, pendingChangeRequests = 0): SpaceCommand => ({
  type: 'TransferSpace',
  spaceId: 's1',
  organizationId,
  placement: { parent: null, position: 'X' },
  pendingChangeRequests,
});
const transferred = (parent: string | null, position: string): SpaceEvent => ({
  type: 'SpaceTransferred',
  data: { spaceId: 's1', from: 'o1', to: 'o2', previous: { parent: 'c1', position: 'V' }, parent, position, transferredAt: T },
});
const withCollection = (organizationId: string, pendingChangeRequests = 0): SpaceCommand => ({
  type: 'TransferSpaceWithCollection',
  spaceId: 's1',
  organizationId,
  pendingChangeRequests,
});
const grants = (role: 'read' | 'edit' | null, users: string[], teams: string[] = []): SpaceCommand => ({
  type: 'SetSpaceGrants',
  spaceId: 's1',
  role,
  users,
  teams,
});
const revokeTeam = (teamId: string): SpaceCommand => ({ type: 'RevokeSpaceTeamGrant', spaceId: 's1', teamId });

describe('space decider: moves', () => {
  it('moves within the tree; leaving the collection makes an in-collection space private', () => {
    given(space, created)
      .whenCommand(move('c2'), at(T))
      .then([moved('c2')]);
    given(space, created)
      .whenCommand(move(null), at(T))
      .then([moved(null), toPrivate]);
    given(space, privateOne)
      .whenCommand(move(null), at(T))
      .then([moved(null)]);
  });

  it('a deleted space, or one that never existed, is not found', () => {
    given(space, created, deleted).whenCommand(move(null)).thenThrows(SpaceNotFound);
    given(space).whenCommand(move(null)).thenThrows(SpaceNotFound);
  });
});

describe('space decider: transfers', () => {
  it('transfers to the top level of another organization, keeping user grants; in-collection becomes private', () => {
    given(space, created, userGranted)
      .whenCommand(transfer('o2'), at(T))
      .then([transferred(null, 'X'), toPrivate]);
  });

  it('a transfer to its own organization conflicts (409); a deleted space is not found', () => {
    given(space, created).whenCommand(transfer('o1')).thenThrows(TransferWouldNotChange);
    given(space, created, deleted).whenCommand(transfer('o2')).thenThrows(SpaceNotFound);
  });

  it('team grants or pending change requests prevent it (412)', () => {
    given(space, created, teamGranted).whenCommand(transfer('o2')).thenThrows(CannotBeMoved);
    given(space, created).whenCommand(transfer('o2', 2)).thenThrows(CannotBeMoved);
  });

  it('inside a transferred collection: keeps its place and visibility; a repeat or a space in the bin decides nothing', () => {
    given(space, created)
      .whenCommand(withCollection('o2'), at(T))
      .then([transferred('c1', 'V')]);
    given(space, created, transferred('c1', 'V')).whenCommand(withCollection('o2')).thenNothing();
    given(space, created, deleted).whenCommand(withCollection('o2')).thenNothing();
  });

  it('inside a transferred collection the same rules hold (412)', () => {
    given(space, created, teamGranted).whenCommand(withCollection('o2')).thenThrows(CannotBeMoved);
    given(space, created).whenCommand(withCollection('o2', 1)).thenThrows(CannotBeMoved);
  });
});

describe('space decider: grants', () => {
  it('grants, changes and revokes, users then teams, emitting only what changes', () => {
    given(space, created)
      .whenCommand(grants('read', ['u2', 'u2']))
      .then([userGranted]);
    given(space, created, userGranted)
      .whenCommand(grants('read', ['u2']))
      .thenNothing();
    given(space, created, userGranted)
      .whenCommand(grants('edit', ['u2']))
      .then([{ type: 'SpacePermissionGranted', data: { spaceId: 's1', organizationId: 'o1', userId: 'u2', role: 'edit', previousRole: 'read' } }]);
    given(space, created, userGranted)
      .whenCommand(grants(null, ['u2', 'nobody']))
      .then([{ type: 'SpacePermissionRevoked', data: { spaceId: 's1', organizationId: 'o1', userId: 'u2', previousRole: 'read' } }]);
    given(space, created)
      .whenCommand(grants('edit', ['u2'], ['t1']))
      .then([{ type: 'SpacePermissionGranted', data: { spaceId: 's1', organizationId: 'o1', userId: 'u2', role: 'edit', previousRole: null } }, teamGranted]);
  });

  it('grants on a deleted space, or one that never existed, are not found', () => {
    given(space)
      .whenCommand(grants('read', ['u2']))
      .thenThrows(SpaceNotFound);
    given(space, created, deleted)
      .whenCommand(grants('read', ['u2']))
      .thenThrows(SpaceNotFound);
  });

  it("a deleted team's grant goes, also on a space in the bin (a restore must not bring it back)", () => {
    const revoked: SpaceEvent = { type: 'SpaceTeamPermissionRevoked', data: { spaceId: 's1', organizationId: 'o1', teamId: 't1', previousRole: 'edit' } };
    given(space, created, teamGranted).whenCommand(revokeTeam('t1')).then([revoked]);
    given(space, created, teamGranted, deleted).whenCommand(revokeTeam('t1')).then([revoked]);
    given(space, created).whenCommand(revokeTeam('t1')).thenNothing();
    given(space).whenCommand(revokeTeam('t1')).thenNothing();
  });
});

describe('transfer rules (shared by spaces and collections)', () => {
  const item = (id: string, teams: string[] = [], pendingChangeRequests = 0) => ({ id, teams, pendingChangeRequests });

  it('a transfer must change the organization (409)', () => {
    expect(() => assertChangesOrganization('Space s1', 'o1', 'o1')).toThrow(TransferWouldNotChange);
    expect(() => assertChangesOrganization('Space s1', 'o1', 'o2')).not.toThrow();
  });

  it('names the items with team permissions, and the teams, before those with pending change requests (412)', () => {
    expect(() => assertTransferable('Collection c1', 'o1', [item('c1'), item('s1', ['t1']), item('s2', [], 3), item('c2', ['t2', 't1'])])).toThrow(
      'Collection c1 cannot be moved: s1, c2 have team permissions (teams t1, t2); teams belong to organization o1, remove those permissions first',
    );
    expect(() => assertTransferable('Collection c1', 'o1', [item('c1'), item('s2', [], 3)])).toThrow(
      'Collection c1 cannot be moved: s2 has open or draft change requests; merge or archive them first',
    );
    expect(() => assertTransferable('Space s1', 'o1', [item('s1', [], 1)])).toThrow('Space s1 cannot be moved: it has open or draft change requests');
    expect(() => assertTransferable('Collection c1', 'o1', [item('c1'), item('s1')])).not.toThrow();
  });
});
