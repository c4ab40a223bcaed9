import { given } from '@app/platform/testing/given';
import { BadRequest, Forbidden } from '@app/platform';
import { AdminRequired, OrganizationNotFound, TeamMemberRef, TeamNotFound, TeamRole } from './organization';
import { organization } from './organization.decider';
import { MAX_TEAM_CHANGES, NotAnOrganizationMember } from './teams';
import { created, member, NOW, NOW_ISO, seat, team } from './testing/organization.fixtures';

const o = { organizationId: 'o1' };
const base = [...created(), member('bob', 'edit'), member('cy', 'read'), member('gus', null)];
const create = (actorId: string, title: string, members: string[] = []) => ({ type: 'CreateTeam' as const, ...o, actorId, teamId: 't1', title, members });
const rename = (actorId: string, teamId: string, title: string) => ({ type: 'RenameTeam' as const, ...o, actorId, teamId, title });
const del = (actorId: string, teamId: string) => ({ type: 'DeleteTeam' as const, ...o, actorId, teamId });
const ref = (field: string, userId: string | null, r = userId ?? 'x@y.test'): TeamMemberRef => ({ field, userId, ref: r });
const change = (actorId: string, teamId: string, set: Array<TeamMemberRef & { role: TeamRole | undefined }>, remove: TeamMemberRef[] = []) => ({
  type: 'ChangeTeamMembers' as const,
  ...o,
  actorId,
  teamId,
  set,
  remove,
});
const added = (userId: string, role: TeamRole = 'member') => ({
  type: 'TeamMemberAdded' as const,
  data: { ...o, teamId: 't1', userId, role, addedAt: NOW_ISO },
});

describe('organization decider: teams', () => {
  it('admins create a team with members (deduplicated); the title is trimmed and 1..64', () => {
    given(organization, ...base)
      .whenCommand(create('ada', '  Writers ', ['bob', 'gus', 'bob']), NOW)
      .then([{ type: 'TeamCreated', data: { ...o, teamId: 't1', title: 'Writers', createdAt: NOW_ISO, createdBy: 'ada' } }, added('bob'), added('gus')]);
    given(organization, ...base)
      .whenCommand(create('ada', '   '), NOW)
      .thenThrows(BadRequest);
    given(organization, ...base)
      .whenCommand(create('ada', 'x'.repeat(65)), NOW)
      .thenThrows(BadRequest);
    given(organization, ...base)
      .whenCommand(create('ada', 'x'.repeat(64)), NOW)
      .then([{ type: 'TeamCreated', data: { ...o, teamId: 't1', title: 'x'.repeat(64), createdAt: NOW_ISO, createdBy: 'ada' } }]);
  });

  it('only organization members can be team members; only admins create teams; at most MAX_TEAM_CHANGES members', () => {
    given(organization, ...base)
      .whenCommand(create('ada', 'W', ['bob', 'zed']), NOW)
      .thenThrows(NotAnOrganizationMember);
    given(organization, ...base)
      .whenCommand(create('bob', 'W'), NOW)
      .thenThrows(AdminRequired);
    given(organization, ...base)
      .whenCommand(create('zed', 'W'), NOW)
      .thenThrows(OrganizationNotFound);
    given(organization, ...base)
      .whenCommand(create('ada', 'W', Array<string>(MAX_TEAM_CHANGES + 1).fill('bob')), NOW)
      .thenThrows(BadRequest);
  });

  it('admins and the team’s owners rename it; plain members and owners of other teams may not', () => {
    const teams = [...base, team('t1'), team('t2'), seat('t1', 'bob', 'owner'), seat('t2', 'cy', 'owner'), seat('t1', 'cy')];
    given(organization, ...teams)
      .whenCommand(rename('bob', 't1', 'Authors'))
      .then([{ type: 'TeamRenamed', data: { ...o, teamId: 't1', title: 'Authors', from: 'Writers' } }]);
    given(organization, ...teams)
      .whenCommand(rename('ada', 't1', ' Writers '))
      .thenNothing();
    given(organization, ...teams)
      .whenCommand(rename('ada', 't1', ' '))
      .thenThrows(BadRequest);
    given(organization, ...teams)
      .whenCommand(rename('cy', 't1', 'Mine'))
      .thenThrows(Forbidden);
    given(organization, ...teams)
      .whenCommand(rename('ada', 't9', 'Mine'))
      .thenThrows(TeamNotFound);
    given(organization, ...teams)
      .whenCommand(rename('zed', 't1', 'Mine'))
      .thenThrows(OrganizationNotFound);
    // A guest who owns a team cannot manage it: guests cannot see teams at all.
    given(organization, ...teams, seat('t1', 'gus', 'owner'))
      .whenCommand(rename('gus', 't1', 'Mine'))
      .thenThrows(Forbidden);
  });

  it('only admins delete; deleting a missing team is a no-op (204)', () => {
    given(organization, ...base, team('t1'))
      .whenCommand(del('ada', 't1'), NOW)
      .then([{ type: 'TeamDeleted', data: { ...o, teamId: 't1', deletedAt: NOW_ISO } }]);
    given(organization, ...base)
      .whenCommand(del('ada', 't1'), NOW)
      .thenNothing();
    given(organization, ...base, team('t1'), seat('t1', 'bob', 'owner'))
      .whenCommand(del('bob', 't1'), NOW)
      .thenThrows(AdminRequired);
    const { state } = given(organization, ...base, team('t1'), { type: 'TeamDeleted', data: { ...o, teamId: 't1', deletedAt: NOW_ISO } });
    expect(state.teams).toEqual({});
  });

  it('membership changes: add, re-role, remove; removal wins over adding the same user', () => {
    given(organization, ...base, team('t1'), seat('t1', 'bob'), seat('t1', 'cy'))
      .whenCommand(
        change(
          'ada',
          't1',
          [
            { ...ref('add[0]', 'gus'), role: undefined },
            { ...ref('memberships.bob', 'bob'), role: 'owner' },
            { ...ref('add[1]', 'cy'), role: undefined },
            { ...ref('add[2]', 'ada'), role: 'member' },
          ],
          [ref('remove[0]', 'cy'), ref('remove[1]', 'ada'), ref('remove[2]', 'zed')],
        ),
        NOW,
      )
      .then([
        added('gus'),
        { type: 'TeamMemberRoleChanged', data: { ...o, teamId: 't1', userId: 'bob', role: 'owner', from: 'member' } },
        { type: 'TeamMemberRemoved', data: { ...o, teamId: 't1', userId: 'cy' } },
      ]);
    given(organization, ...base, team('t1'), seat('t1', 'bob'))
      .whenCommand(change('ada', 't1', [{ ...ref('add[0]', 'bob'), role: undefined }]), NOW)
      .thenNothing();
  });

  it('users named by an unknown email: a 400 naming the field when added, nobody when removed', () => {
    given(organization, ...base, team('t1'))
      .whenCommand(change('ada', 't1', [{ ...ref('add[0]', null, 'no@one.test'), role: undefined }]), NOW)
      .thenThrows(BadRequest);
    expect(() =>
      organization.decide(
        change('ada', 't1', [{ ...ref('add[0]', null, 'no@one.test'), role: undefined }]),
        given(organization, ...base, team('t1')).state,
        NOW,
      ),
    ).toThrow('add[0]: no user with email no@one.test');
    given(organization, ...base, team('t1'), seat('t1', 'bob'))
      .whenCommand(change('ada', 't1', [], [ref('remove[0]', null, 'no@one.test')]), NOW)
      .thenNothing();
    // Callers who may not manage the team learn nothing about the emails.
    given(organization, ...base, team('t1'))
      .whenCommand(change('cy', 't1', [{ ...ref('add[0]', null, 'no@one.test'), role: undefined }]), NOW)
      .thenThrows(Forbidden);
  });

  it('membership changes need a manager and organization members, at most MAX_TEAM_CHANGES at once', () => {
    const teams = [...base, team('t1'), seat('t1', 'bob', 'owner'), seat('t1', 'cy')];
    given(organization, ...teams)
      .whenCommand(change('bob', 't1', [{ ...ref('add[0]', 'gus'), role: 'owner' }]), NOW)
      .then([added('gus', 'owner')]);
    given(organization, ...teams)
      .whenCommand(change('cy', 't1', [], [ref('remove[0]', 'bob')]), NOW)
      .thenThrows(Forbidden);
    given(organization, ...teams)
      .whenCommand(change('ada', 't1', [{ ...ref('add[0]', 'zed'), role: undefined }]), NOW)
      .thenThrows(NotAnOrganizationMember);
    given(organization, ...teams)
      .whenCommand(change('zed', 't1', []), NOW)
      .thenThrows(OrganizationNotFound);
    given(organization, ...teams)
      .whenCommand(change('ada', 't9', []), NOW)
      .thenThrows(TeamNotFound);
    given(organization, ...teams)
      .whenCommand(change('ada', 't1', [], Array<TeamMemberRef>(MAX_TEAM_CHANGES + 1).fill(ref('remove[0]', 'gus'))), NOW)
      .thenThrows(BadRequest);
  });
});
