import { ProjectionContext, RecordedEvent } from '@app/platform';
import { PresenceEvent } from '../../domain/member-presence';
import { OrganizationEvent } from '../../domain/organization';
import { MEMBERS, MemberDoc, memberId, ORG_USERS, OrgUserDoc } from './read-models';
import { IdentityEvents, UserProfileUpdatedPayload, UserRegisteredPayload } from '@app/identity/contracts';

/** Identity's UserRegistered and UserProfileUpdated are integration events, matched by their type strings. */
export const MEMBER_EVENTS = [
  IdentityEvents.UserRegistered,
  IdentityEvents.UserProfileUpdated,
  'OrganizationMemberAdded',
  'OrganizationJoined',
  'OrganizationMemberRoleChanged',
  'OrganizationMemberRemoved',
  'OrganizationMemberSsoGranted',
  'OrganizationMemberSeen',
] as const;

const searchText = (u: OrgUserDoc | null) => (u ? `${u.displayName}\n${u.email}`.toLowerCase() : '');

/** The events this part reads, with their data typed: identity's published payload and the organization's own. */
type MemberEvent = RecordedEvent &
  (
    | { type: typeof IdentityEvents.UserRegistered; data: UserRegisteredPayload }
    | { type: typeof IdentityEvents.UserProfileUpdated; data: UserProfileUpdatedPayload }
    | Extract<OrganizationEvent, { type: (typeof MEMBER_EVENTS)[number] }>
    | PresenceEvent
  );

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
    case IdentityEvents.UserProfileUpdated:
      return renameUser(ctx, e.data);
    case 'OrganizationMemberSsoGranted': {
      const d = e.data;
      await ctx.update<MemberDoc>(MEMBERS, memberId(d.organizationId, d.userId), (m) => ({ ...m, sso: true }));
      return;
    }
    case 'OrganizationMemberSeen': {
      // Pings of a removed member (or from before they rejoined) change nothing; time only moves forward.
      const d = e.data;
      await ctx.update<MemberDoc>(MEMBERS, memberId(d.organizationId, d.userId), (m) =>
        (m.lastSeenAt ?? '') < d.seenAt && m.joinedAt <= d.seenAt ? { ...m, lastSeenAt: d.seenAt } : m,
      );
      return;
    }
  }
}

/** A new display name: the copy of the user and the search text of each of their memberships. */
async function renameUser(ctx: ProjectionContext, d: UserProfileUpdatedPayload): Promise<void> {
  const displayName = d.changes.displayName;
  if (displayName === undefined) return;
  const user = await ctx.get<OrgUserDoc>(ORG_USERS, d.userId);
  if (!user) return;
  const renamed: OrgUserDoc = { ...user, displayName };
  ctx.put(ORG_USERS, renamed);
  for (const m of await ctx.find<MemberDoc>(MEMBERS, { userId: d.userId })) ctx.put(MEMBERS, { ...m, search: searchText(renamed) });
}
