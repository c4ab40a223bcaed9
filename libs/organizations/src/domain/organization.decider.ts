import { Decider, unreachable } from '@app/platform';
import { decideChangeInviteRole, decideCreateInviteLink, decideDeleteInviteLink, decideJoinByEmailDomain, decideJoinWithInvite } from './invites';
import { decideAddMember, decideChangeMemberRole, decideInviteMembers, decideRemoveMember } from './members';
import {
  decideCreate,
  decideUpdate,
  evolveOrganization,
  initialOrganizationState,
  OrganizationCommand,
  OrganizationEvent,
  OrganizationState,
} from './organization';
import { decideGrantMemberSso, decideJoinWithSso } from './sso-members';
import { decideChangeTeamMembers, decideCreateTeam, decideDeleteTeam, decideRenameTeam } from './teams';

/**
 * The organization aggregate as one decider: its members, link invites and teams live in the
 * organization's stream, so every rule that spans them (the last admin, team seats of a removed
 * member, only members in teams) is decided on one consistent state. The rules themselves live
 * in organization.ts (lifecycle), members.ts, invites.ts and teams.ts.
 */
export const organization: Decider<OrganizationState, OrganizationCommand, OrganizationEvent> = {
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide(c, s, now) {
    switch (c.type) {
      case 'CreateOrganization':
        return decideCreate(c, s, now);
      case 'UpdateOrganization':
        return decideUpdate(c, s, now);
      case 'AddMember':
        return decideAddMember(c, s, now);
      case 'InviteMembers':
        return decideInviteMembers(c, s, now);
      case 'ChangeMemberRole':
        return decideChangeMemberRole(c, s);
      case 'RemoveMember':
        return decideRemoveMember(c, s, now);
      case 'GrantMemberSso':
        return decideGrantMemberSso(c, s, now);
      case 'JoinWithSso':
        return decideJoinWithSso(c, s, now);
      case 'CreateInviteLink':
        return decideCreateInviteLink(c, s, now);
      case 'ChangeInviteRole':
        return decideChangeInviteRole(c, s);
      case 'DeleteInviteLink':
        return decideDeleteInviteLink(c, s, now);
      case 'JoinWithInvite':
        return decideJoinWithInvite(c, s, now);
      case 'JoinByEmailDomain':
        return decideJoinByEmailDomain(c, s, now);
      case 'CreateTeam':
        return decideCreateTeam(c, s, now);
      case 'RenameTeam':
        return decideRenameTeam(c, s);
      case 'DeleteTeam':
        return decideDeleteTeam(c, s, now);
      case 'ChangeTeamMembers':
        return decideChangeTeamMembers(c, s, now);
      default:
        return unreachable(c);
    }
  },
};
