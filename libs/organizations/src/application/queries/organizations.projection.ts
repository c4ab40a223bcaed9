import { ProjectionContext, ProjectionDefinition, RecordedEvent } from '@app/platform';
import { DataOf, OrganizationEventType } from '../../domain/organization';
import { applyMemberSpaceEvent, MEMBER_SPACE_EVENTS } from './member-spaces.apply';
import { applyMemberEvent, MEMBER_EVENTS } from './members.apply';
import { applyTeamEvent, TEAM_EVENTS } from './teams.apply';
import { INVITES, MEMBERS, ORG_DOMAINS, ORG_USERS, ORGANIZATIONS, OrganizationDoc, TEAM_MEMBERS, TEAM_SPACES, TEAMS, USER_SPACES } from './read-models';

export * from './read-models';

const ORGANIZATION_EVENTS = ['OrganizationCreated', 'OrganizationUpdated', 'OrganizationInviteCreated', 'OrganizationInviteRoleChanged', 'OrganizationInviteDeleted'];
const APPLIERS: Array<[readonly string[], (e: RecordedEvent, ctx: ProjectionContext) => Promise<void>]> = [
  [ORGANIZATION_EVENTS, (e, ctx) => applyOrganizationEvent(e.type as OrganizationEventType, e.data, e.position, ctx)],
  [MEMBER_EVENTS, applyMemberEvent],
  [TEAM_EVENTS, applyTeamEvent],
  [MEMBER_SPACE_EVENTS, applyMemberSpaceEvent],
];

/**
 * Organizations, members, teams and link invites. One projection because its collections keep
 * counters of each other (a member's team count, a team's member count) that must commit together.
 */
export const organizationsProjection: ProjectionDefinition = {
  name: 'organizations',
  collections: [
    { name: ORGANIZATIONS, indexes: [['seq']] },
    { name: ORG_DOMAINS, indexes: [['domain', 'seq'], ['organizationId']] },
    { name: MEMBERS, indexes: [['userId', 'seq'], ['organizationId', 'seq'], ['organizationId', 'role', 'seq']] },
    { name: ORG_USERS, indexes: [['email']] },
    { name: TEAMS, indexes: [['organizationId', 'seq']] },
    { name: TEAM_MEMBERS, indexes: [['teamId', 'seq'], ['organizationId', 'userId', 'teamSeq']] },
    { name: TEAM_SPACES, indexes: [['teamId'], ['spaceId']] },
    { name: INVITES, indexes: [['organizationId', 'seq']] },
    { name: USER_SPACES, indexes: [['spaceId'], ['organizationId', 'userId']] },
  ],
  handles: [...new Set(APPLIERS.flatMap(([types]) => types))],
  async apply(e, ctx) {
    // One event may matter to several parts (SpacePurged: team and member space counts).
    for (const [types, apply] of APPLIERS) if (types.includes(e.type)) await apply(e, ctx);
  },
};

async function applyOrganizationEvent(type: OrganizationEventType, data: unknown, position: number, ctx: ProjectionContext): Promise<void> {
  switch (type) {
    case 'OrganizationCreated': {
      const d = data as DataOf<'OrganizationCreated'>;
      ctx.put(ORGANIZATIONS, {
        id: d.organizationId, title: d.title, createdAt: d.createdAt, seq: position,
        emailDomains: [], inviteLinks: false, sso: false, ai: false, defaultRole: null, mergeRules: { type: 'none' },
      });
      return;
    }
    case 'OrganizationUpdated': {
      const d = data as DataOf<'OrganizationUpdated'>;
      const org = await ctx.get<OrganizationDoc>(ORGANIZATIONS, d.organizationId);
      if (!org) return;
      ctx.put(ORGANIZATIONS, { ...org, ...d.changes });
      if (d.changes.emailDomains) {
        for (const old of await ctx.find(ORG_DOMAINS, { organizationId: d.organizationId })) ctx.delete(ORG_DOMAINS, old.id);
        for (const domain of d.changes.emailDomains) ctx.put(ORG_DOMAINS, { id: `${domain}:${d.organizationId}`, domain, organizationId: d.organizationId, seq: org.seq });
      }
      return;
    }
    case 'OrganizationInviteCreated': {
      const d = data as DataOf<'OrganizationInviteCreated'>;
      ctx.put(INVITES, { id: d.inviteId, organizationId: d.organizationId, role: d.role, createdAt: d.createdAt, seq: position });
      return;
    }
    case 'OrganizationInviteRoleChanged': {
      const d = data as DataOf<'OrganizationInviteRoleChanged'>;
      await ctx.update(INVITES, d.inviteId, (i) => ({ ...i, role: d.role }));
      return;
    }
    case 'OrganizationInviteDeleted':
      ctx.delete(INVITES, (data as DataOf<'OrganizationInviteDeleted'>).inviteId);
      return;
  }
}
