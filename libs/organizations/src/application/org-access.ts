import { Injectable } from '@nestjs/common';
import { Forbidden, ReadStore } from '@app/platform';
import { OrganizationNotFound } from '../domain/organization';
import { OrganizationFlag, organizationRefusal } from '../domain/organization-permissions';
import { OrgCaller, organizationPermissions, OrganizationPermissions, OUTSIDER } from './queries/organization.view';
import { MEMBERS, MemberDoc, memberId, TEAM_MEMBERS } from './queries/read-models';

/**
 * Read-side authorization for queries: the caller's membership from the read models. Outsiders
 * get 404 (existence does not leak); members lacking a permission flag get 403.
 */
@Injectable()
export class OrgAccess {
  constructor(private readonly store: ReadStore) {}

  async caller(organizationId: string, userId: string): Promise<OrgCaller> {
    const m = await this.store.get<MemberDoc>(MEMBERS, memberId(organizationId, userId));
    if (!m) return OUTSIDER;
    const owned = await this.store.count(TEAM_MEMBERS, { organizationId, userId, role: 'owner' });
    return { member: true, role: m.role, ownsTeam: owned > 0 };
  }

  /** The caller and their permissions; 404 unless a member, 403 unless `flag` is granted. */
  async require(
    organizationId: string,
    userId: string,
    flag: OrganizationFlag,
    what: string,
  ): Promise<{ caller: OrgCaller; permissions: OrganizationPermissions }> {
    const caller = await this.caller(organizationId, userId);
    if (!caller.member) throw new OrganizationNotFound(organizationId);
    const permissions = organizationPermissions(caller);
    if (!permissions[flag]) throw new Forbidden(organizationRefusal(flag, what));
    return { caller, permissions };
  }
}
