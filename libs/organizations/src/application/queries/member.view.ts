import { UserView } from '@app/identity';
import { Urls } from '@app/platform';
import { MemberDoc } from './read-models';

/**
 * The reference `OrganizationMember`. `spaces` counts the spaces the user holds an explicit grant
 * on (the spaces context's answer to CountMemberSpacesQuery); `disabled` is always false: members
 * are removed, never disabled.
 */
export function toMemberView(m: MemberDoc, user: UserView | undefined, urls: Urls, spaces: number) {
  return {
    object: 'member' as const,
    id: m.userId,
    role: m.role,
    user: user ?? { object: 'user' as const, id: m.userId, displayName: m.userId, urls: { location: urls.api(`/users/${m.userId}`) } },
    disabled: false,
    joinedAt: m.joinedAt,
    ...(m.lastSeenAt ? { lastSeenAt: m.lastSeenAt } : {}),
    sso: m.sso,
    spaces,
    teams: m.teams ?? 0,
  };
}
export type MemberView = ReturnType<typeof toMemberView>;
