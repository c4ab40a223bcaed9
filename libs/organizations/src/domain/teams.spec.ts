import { given } from '@app/platform/testing/given';
import { BadRequest, Forbidden } from '@app/platform';
import { AdminRequired, organization, OrganizationNotFound, TeamNotFound } from './organization';
import { decideChangeTeamMembers, decideCreateTeam, decideDeleteTeam, decideRenameTeam, NotAnOrganizationMember } from './teams';
import { created, member, NOW, NOW_ISO, seat, team } from './testing/organization.fixtures';

const o = { organizationId: 'o1' };
const base = [...created(), member('bob', 'edit'), member('cy', 'read'), member('gus', null)];

describe('organization decider: teams', () => {
  it('admins create a team with members (deduplicated); the title is trimmed and 1..64', () => {
    given(organization, ...base).when((s) => decideCreateTeam(s, 'o1', 'ada', 't1', '  Writers ', ['bob', 'gus', 'bob'], NOW)).then([
      { type: 'TeamCreated', data: { ...o, teamId: 't1', title: 'Writers', createdAt: NOW_ISO, createdBy: 'ada' } },
      { type: 'TeamMemberAdded', data: { ...o, teamId: 't1', userId: 'bob', role: 'member', addedAt: NOW_ISO } },
      { type: 'TeamMemberAdded', data: { ...o, teamId: 't1', userId: 'gus', role: 'member', addedAt: NOW_ISO } },
    ]);
    given(organization, ...base).when((s) => decideCreateTeam(s, 'o1', 'ada', 't1', '   ', [], NOW)).thenThrows(BadRequest);
    given(organization, ...base).when((s) => decideCreateTeam(s, 'o1', 'ada', 't1', 'x'.repeat(65), [], NOW)).thenThrows(BadRequest);
    given(organization, ...base).when((s) => decideCreateTeam(s, 'o1', 'ada', 't1', 'x'.repeat(64), [], NOW))
      .then([{ type: 'TeamCreated', data: { ...o, teamId: 't1', title: 'x'.repeat(64), createdAt: NOW_ISO, createdBy: 'ada' } }]);
  });

  it('only organization members can be team members; only admins create teams', () => {
    given(organization, ...base).when((s) => decideCreateTeam(s, 'o1', 'ada', 't1', 'W', ['bob', 'zed'], NOW)).thenThrows(NotAnOrganizationMember);
    given(organization, ...base).when((s) => decideCreateTeam(s, 'o1', 'bob', 't1', 'W', [], NOW)).thenThrows(AdminRequired);
    given(organization, ...base).when((s) => decideCreateTeam(s, 'o1', 'zed', 't1', 'W', [], NOW)).thenThrows(OrganizationNotFound);
  });

  it('admins and the team’s owners rename it; plain members and owners of other teams may not', () => {
    const teams = [...base, team('t1'), team('t2'), seat('t1', 'bob', 'owner'), seat('t2', 'cy', 'owner'), seat('t1', 'cy')];
    given(organization, ...teams).when((s) => decideRenameTeam(s, 'o1', 'bob', 't1', 'Authors'))
      .then([{ type: 'TeamRenamed', data: { ...o, teamId: 't1', title: 'Authors', from: 'Writers' } }]);
    given(organization, ...teams).when((s) => decideRenameTeam(s, 'o1', 'ada', 't1', 'Writers')).thenNothing();
    given(organization, ...teams).when((s) => decideRenameTeam(s, 'o1', 'cy', 't1', 'Mine')).thenThrows(Forbidden);
    given(organization, ...teams).when((s) => decideRenameTeam(s, 'o1', 'ada', 't9', 'Mine')).thenThrows(TeamNotFound);
    // A guest who owns a team cannot manage it: guests cannot see teams at all.
    given(organization, ...teams, seat('t1', 'gus', 'owner')).when((s) => decideRenameTeam(s, 'o1', 'gus', 't1', 'Mine')).thenThrows(Forbidden);
  });

  it('only admins delete; deleting a missing team is a no-op (204)', () => {
    given(organization, ...base, team('t1')).when((s) => decideDeleteTeam(s, 'o1', 'ada', 't1', NOW))
      .then([{ type: 'TeamDeleted', data: { ...o, teamId: 't1', deletedAt: NOW_ISO } }]);
    given(organization, ...base).when((s) => decideDeleteTeam(s, 'o1', 'ada', 't1', NOW)).thenNothing();
    given(organization, ...base, team('t1'), seat('t1', 'bob', 'owner')).when((s) => decideDeleteTeam(s, 'o1', 'bob', 't1', NOW)).thenThrows(AdminRequired);
    const { state } = given(organization, ...base, team('t1'), { type: 'TeamDeleted', data: { ...o, teamId: 't1', deletedAt: NOW_ISO } });
    expect(state.teams).toEqual({});
  });

  it('membership changes: add, re-role, remove; removal wins over adding the same user', () => {
    given(organization, ...base, team('t1'), seat('t1', 'bob'), seat('t1', 'cy'))
      .when((s) => decideChangeTeamMembers(s, 'o1', 'ada', 't1', {
        set: [{ field: 'add[0]', userId: 'gus', role: undefined }, { field: 'memberships.bob', userId: 'bob', role: 'owner' }, { field: 'add[1]', userId: 'cy', role: undefined }, { field: 'add[2]', userId: 'ada', role: 'member' }],
        remove: ['cy', 'ada', 'zed'],
      }, NOW))
      .then([
        { type: 'TeamMemberAdded', data: { ...o, teamId: 't1', userId: 'gus', role: 'member', addedAt: NOW_ISO } },
        { type: 'TeamMemberRoleChanged', data: { ...o, teamId: 't1', userId: 'bob', role: 'owner', from: 'member' } },
        { type: 'TeamMemberRemoved', data: { ...o, teamId: 't1', userId: 'cy' } },
      ]);
    given(organization, ...base, team('t1'), seat('t1', 'bob'))
      .when((s) => decideChangeTeamMembers(s, 'o1', 'ada', 't1', { set: [{ field: 'add[0]', userId: 'bob', role: undefined }], remove: [] }, NOW)).thenNothing();
  });

  it('membership changes need a manager and organization members', () => {
    const teams = [...base, team('t1'), seat('t1', 'bob', 'owner'), seat('t1', 'cy')];
    given(organization, ...teams).when((s) => decideChangeTeamMembers(s, 'o1', 'bob', 't1', { set: [{ field: 'add[0]', userId: 'gus', role: 'owner' }], remove: [] }, NOW))
      .then([{ type: 'TeamMemberAdded', data: { ...o, teamId: 't1', userId: 'gus', role: 'owner', addedAt: NOW_ISO } }]);
    given(organization, ...teams).when((s) => decideChangeTeamMembers(s, 'o1', 'cy', 't1', { set: [], remove: ['bob'] }, NOW)).thenThrows(Forbidden);
    given(organization, ...teams).when((s) => decideChangeTeamMembers(s, 'o1', 'ada', 't1', { set: [{ field: 'add[0]', userId: 'zed', role: undefined }], remove: [] }, NOW))
      .thenThrows(NotAnOrganizationMember);
    given(organization, ...teams).when((s) => decideChangeTeamMembers(s, 'o1', 'zed', 't1', { set: [], remove: [] }, NOW)).thenThrows(OrganizationNotFound);
    given(organization, ...teams).when((s) => decideChangeTeamMembers(s, 'o1', 'ada', 't9', { set: [], remove: [] }, NOW)).thenThrows(TeamNotFound);
  });
});
