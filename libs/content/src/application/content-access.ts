import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Forbidden, NotFound, Role } from '@app/platform';
import { GetMemberRoleQuery, GetOrganizationMergeRulesQuery } from '@app/organizations';
import { GetSpaceAccessQuery, SPACE_FLAG_POLICY, SpaceAccessInfo, SpacePermissions } from '@app/spaces';
import { GetUsersQuery, UserView } from '@app/identity';
import { MergeRulesConfig } from '../domain/merge-rules';

export type SpaceAccess = SpaceAccessInfo & { role: Role };

const WHAT: Partial<Record<keyof SpacePermissions, string>> = {
  edit: 'Editing content',
  review: 'Reviewing change requests',
  merge: 'Merging change requests',
  view: 'Reading content',
};

/** The other contexts' public queries this context relies on (spaces, organizations, identity). */
@Injectable()
export class ContentAccess {
  constructor(private readonly queries: QueryBus) {}

  /**
   * The space, if the caller may see it (404 otherwise, so existence does not leak) and holds the
   * permission `flag`: the same flag GET /spaces/{id} shows them (the spaces context's policy).
   */
  async space(spaceId: string, userId: string, flag: keyof SpacePermissions = 'view'): Promise<SpaceAccess> {
    const info = await this.queries.execute(new GetSpaceAccessQuery(spaceId, userId));
    if (!info || !info.role) throw new NotFound(`No space with id ${spaceId}`);
    if (!info.permissions[flag]) {
      const { min, available } = SPACE_FLAG_POLICY[flag];
      const what = WHAT[flag] ?? 'This operation';
      throw new Forbidden(
        available
          ? `${what} needs the ${min} role or higher on space ${spaceId} (permission ${flag}); the caller has ${info.role}`
          : `${what} is not available on this server (permission ${flag})`,
      );
    }
    return info as SpaceAccess;
  }

  /** Whether the caller may see the space at all (for organization-wide listings). */
  async canView(spaceId: string, userId: string): Promise<boolean> {
    return !!(await this.queries.execute(new GetSpaceAccessQuery(spaceId, userId)))?.role;
  }

  memberRole(organizationId: string, userId: string): Promise<Role | null> {
    return this.queries.execute(new GetMemberRoleQuery(organizationId, userId));
  }

  /** The space's merge rules, following `inherit` to the organization's. */
  async mergeRules(space: SpaceAccessInfo): Promise<MergeRulesConfig> {
    const rules = space.mergeRules as MergeRulesConfig | { type: 'inherit' };
    if (rules.type !== 'inherit') return rules;
    return ((await this.queries.execute(new GetOrganizationMergeRulesQuery(space.organizationId))) ?? { type: 'none' }) as MergeRulesConfig;
  }

  users(ids: string[]): Promise<Map<string, UserView>> {
    return this.queries.execute(new GetUsersQuery(ids));
  }

  /** Display names by user id (users without one, or unknown ids, are left out). */
  async displayNames(ids: string[]): Promise<Record<string, string>> {
    const users = ids.length ? await this.users(ids) : new Map<string, UserView>();
    return Object.fromEntries([...users].filter(([, u]) => u.displayName).map(([id, u]) => [id, u.displayName]));
  }
}
