import { ProjectionContext, RecordedEvent } from '@app/platform';
import { DataOf } from '../../domain/organization';
import { grantedSpaces } from './member-spaces.apply';
import { MEMBERS, MemberDoc, memberId, ORG_USERS, OrgUserDoc } from './read-models';
import { IdentityEvents } from '@app/identity/contracts';

/** Identity's UserRegistered is an integration event, matched by its type string. */
export const MEMBER_EVENTS = [IdentityEvents.UserRegistered, 'OrganizationMemberAdded', 'OrganizationJoined', 'OrganizationMemberRoleChanged', 'OrganizationMemberRemoved'] as const;

const searchText = (u: OrgUserDoc | null) => (u ? `${u.displayName}\n${u.email}`.toLowerCase() : '');

export async function applyMemberEvent(e: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  switch (e.type) {
    case IdentityEvents.UserRegistered: {
      const d = e.data as { userId: string; email: string; displayName: string };
      ctx.put(ORG_USERS, { id: d.userId, email: d.email, displayName: d.displayName });
      return;
    }
    case 'OrganizationMemberAdded':
    case 'OrganizationJoined': {
      const d = e.data as DataOf<'OrganizationMemberAdded'> | DataOf<'OrganizationJoined'>;
      const user = await ctx.get<OrgUserDoc>(ORG_USERS, d.userId);
      const doc: MemberDoc = {
        id: memberId(d.organizationId, d.userId), organizationId: d.organizationId, userId: d.userId, role: d.role,
        joinedAt: d.joinedAt, seq: e.position, sso: 'sso' in d ? d.sso === true : false, teams: 0, search: searchText(user),
        spaces: await grantedSpaces(ctx, d.organizationId, d.userId),
      };
      ctx.put(MEMBERS, doc);
      return;
    }
    case 'OrganizationMemberRoleChanged': {
      const d = e.data as DataOf<'OrganizationMemberRoleChanged'>;
      await ctx.update<MemberDoc>(MEMBERS, memberId(d.organizationId, d.userId), (m) => ({ ...m, role: d.role }));
      return;
    }
    case 'OrganizationMemberRemoved': {
      const d = e.data as DataOf<'OrganizationMemberRemoved'>;
      ctx.delete(MEMBERS, memberId(d.organizationId, d.userId));
      return;
    }
  }
}
