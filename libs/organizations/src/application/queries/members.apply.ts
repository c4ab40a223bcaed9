import { ProjectionContext, RecordedEvent } from '@app/platform';
import { OrganizationEvent } from '../../domain/organization';
import { MEMBERS, MemberDoc, memberId, ORG_USERS, OrgUserDoc } from './read-models';
import { IdentityEvents, UserRegisteredPayload } from '@app/identity/contracts';

/** Identity's UserRegistered is an integration event, matched by its type string. */
export const MEMBER_EVENTS = [
  IdentityEvents.UserRegistered,
  'OrganizationMemberAdded',
  'OrganizationJoined',
  'OrganizationMemberRoleChanged',
  'OrganizationMemberRemoved',
] as const;

const searchText = (u: OrgUserDoc | null) => (u ? `${u.displayName}\n${u.email}`.toLowerCase() : '');

/** The events this part reads, with their data typed: identity's published payload and the organization's own. */
type MemberEvent = RecordedEvent &
  ({ type: typeof IdentityEvents.UserRegistered; data: UserRegisteredPayload } | Extract<OrganizationEvent, { type: (typeof MEMBER_EVENTS)[number] }>);

export async function applyMemberEvent(recorded: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const e = recorded as MemberEvent;
  switch (e.type) {
    case IdentityEvents.UserRegistered: {
      const d = e.data;
      const doc: OrgUserDoc = { id: d.userId, email: d.email, displayName: d.displayName };
      ctx.put(ORG_USERS, doc);
      return;
    }
    case 'OrganizationMemberAdded':
    case 'OrganizationJoined': {
      const d = e.data;
      const user = await ctx.get<OrgUserDoc>(ORG_USERS, d.userId);
      const doc: MemberDoc = {
        id: memberId(d.organizationId, d.userId),
        organizationId: d.organizationId,
        userId: d.userId,
        role: d.role,
        joinedAt: d.joinedAt,
        seq: e.position,
        sso: 'sso' in d ? d.sso === true : false,
        teams: 0,
        search: searchText(user),
      };
      ctx.put(MEMBERS, doc);
      return;
    }
    case 'OrganizationMemberRoleChanged': {
      const d = e.data;
      await ctx.update<MemberDoc>(MEMBERS, memberId(d.organizationId, d.userId), (m) => ({ ...m, role: d.role }));
      return;
    }
    case 'OrganizationMemberRemoved':
      ctx.delete(MEMBERS, memberId(e.data.organizationId, e.data.userId));
      return;
  }
}
