import { ProjectionContext, ProjectionDefinition, RecordedEvent } from '@app/platform';
import { OrganizationEvent } from '../../domain/organization';
import { applyMemberEvent, MEMBER_EVENTS } from './members.apply';
import { applyTeamEvent, TEAM_EVENTS } from './teams.apply';
import { accessTagsOf } from './access-cache';
import { INVITES, InviteDoc, MEMBERS, ORG_DOMAINS, OrgDomainDoc, ORG_USERS, ORGANIZATIONS, OrganizationDoc, TEAM_MEMBERS, TEAMS } from './read-models';

export * from './read-models';

const ORGANIZATION_EVENTS: Array<OrganizationEvent['type']> = [
  'OrganizationCreated',
  'OrganizationUpdated',
  'OrganizationInviteCreated',
  'OrganizationInviteRoleChanged',
  'OrganizationInviteDeleted',
];
const APPLIERS: Array<[readonly string[], (e: RecordedEvent, ctx: ProjectionContext) => Promise<void>]> = [
  [ORGANIZATION_EVENTS, (e, ctx) => applyOrganizationEvent(e as RecordedOrganizationEvent, ctx)],
  [MEMBER_EVENTS, applyMemberEvent],
  [TEAM_EVENTS, applyTeamEvent],
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
    {
      name: MEMBERS,
      indexes: [
        ['userId', 'seq'],
        ['organizationId', 'seq'],
        ['organizationId', 'role', 'seq'],
      ],
    },
    { name: ORG_USERS, indexes: [['email']] },
    { name: TEAMS, indexes: [['organizationId', 'seq']] },
    {
      name: TEAM_MEMBERS,
      indexes: [
        ['teamId', 'seq'],
        ['organizationId', 'userId', 'teamSeq'],
      ],
    },
    { name: INVITES, indexes: [['organizationId', 'seq']] },
  ],
  handles: [...new Set(APPLIERS.flatMap(([types]) => types))],
  invalidates: accessTagsOf,
  async apply(e, ctx) {
    // One event may matter to several parts.
    for (const [types, apply] of APPLIERS) if (types.includes(e.type)) await apply(e, ctx);
  },
};

/** A recorded event of the organization aggregate: its data typed by its type. */
export type RecordedOrganizationEvent = RecordedEvent & OrganizationEvent;

async function applyOrganizationEvent(e: RecordedOrganizationEvent, ctx: ProjectionContext): Promise<void> {
  switch (e.type) {
    case 'OrganizationCreated': {
      const d = e.data;
      const doc: OrganizationDoc = {
        id: d.organizationId,
        title: d.title,
        createdAt: d.createdAt,
        seq: e.position,
        emailDomains: [],
        inviteLinks: false,
        sso: false,
        ai: false,
        defaultRole: null,
        mergeRules: { type: 'none' },
      };
      ctx.put(ORGANIZATIONS, doc);
      return;
    }
    case 'OrganizationUpdated': {
      const d = e.data;
      const org = await ctx.get<OrganizationDoc>(ORGANIZATIONS, d.organizationId);
      if (!org) return;
      ctx.put(ORGANIZATIONS, { ...org, ...d.changes });
      if (d.changes.emailDomains) {
        for (const old of await ctx.find<OrgDomainDoc>(ORG_DOMAINS, { organizationId: d.organizationId })) ctx.delete(ORG_DOMAINS, old.id);
        for (const domain of d.changes.emailDomains) {
          const doc: OrgDomainDoc = { id: `${domain}:${d.organizationId}`, domain, organizationId: d.organizationId, seq: org.seq };
          ctx.put(ORG_DOMAINS, doc);
        }
      }
      return;
    }
    case 'OrganizationInviteCreated': {
      const d = e.data;
      const doc: InviteDoc = { id: d.inviteId, organizationId: d.organizationId, role: d.role, createdAt: d.createdAt, seq: e.position };
      ctx.put(INVITES, doc);
      return;
    }
    case 'OrganizationInviteRoleChanged': {
      const d = e.data;
      await ctx.update<InviteDoc>(INVITES, d.inviteId, (i) => ({ ...i, role: d.role }));
      return;
    }
    case 'OrganizationInviteDeleted':
      ctx.delete(INVITES, e.data.inviteId);
      return;
  }
}
