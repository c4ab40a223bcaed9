import { ProjectionDefinition, Role } from '@app/platform';
import { OrganizationSettings } from '../../domain/organization';

export const ORGANIZATIONS = 'organizations';
export const MEMBERS = 'organization_members';

export interface OrganizationDoc extends OrganizationSettings {
  id: string;
  title: string;
  createdAt: string;
  seq: number;
  [k: string]: unknown;
}
export interface MemberDoc { id: string; organizationId: string; userId: string; role: Role; joinedAt: string; seq: number; [k: string]: unknown }

export const memberId = (organizationId: string, userId: string) => `${organizationId}:${userId}`;

export const organizationsProjection: ProjectionDefinition = {
  name: 'organizations',
  collections: [
    { name: ORGANIZATIONS, indexes: [['seq']] },
    { name: MEMBERS, indexes: [['userId', 'seq'], ['organizationId', 'seq']] },
  ],
  handles: ['OrganizationCreated', 'OrganizationUpdated', 'OrganizationMemberAdded', 'OrganizationMemberRoleChanged'],
  async apply(e, ctx) {
    const d = e.data as Record<string, any>;
    switch (e.type) {
      case 'OrganizationCreated':
        ctx.put(ORGANIZATIONS, { id: d.organizationId, title: d.title, createdAt: d.createdAt, seq: e.position, emailDomains: [], inviteLinks: false, sso: false, ai: false, defaultRole: null, mergeRules: { type: 'none' } });
        break;
      case 'OrganizationUpdated':
        await ctx.update<OrganizationDoc>(ORGANIZATIONS, d.organizationId, (o) => ({ ...o, ...d.changes }));
        break;
      case 'OrganizationMemberAdded':
        ctx.put(MEMBERS, { id: memberId(d.organizationId, d.userId), organizationId: d.organizationId, userId: d.userId, role: d.role, joinedAt: d.joinedAt, seq: e.position });
        break;
      case 'OrganizationMemberRoleChanged':
        await ctx.update<MemberDoc>(MEMBERS, memberId(d.organizationId, d.userId), (m) => ({ ...m, role: d.role }));
        break;
    }
  },
};
