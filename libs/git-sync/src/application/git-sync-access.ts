import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Forbidden, NotFound } from '@app/platform';
import { GetSpaceAccessQuery, SPACE_FLAG_POLICY, type SpaceAccessInfo, type SpacePermissions } from '@app/spaces';

const WHAT: Partial<Record<keyof SpacePermissions, string>> = {
  triggerGitSync: 'Git import and export',
  view: 'Reading the git sync',
  admin: 'Removing the git installation',
};

/** The space and the caller's permission on it: 404 when they may not see it, 403 without the flag. */
@Injectable()
export class GitSyncAccess {
  constructor(private readonly queries: QueryBus) {}

  async space(spaceId: string, userId: string, flag: keyof SpacePermissions): Promise<SpaceAccessInfo> {
    const info = await this.queries.execute(new GetSpaceAccessQuery(spaceId, userId));
    if (!info || !info.role) throw new NotFound(`No space with id ${spaceId}`);
    if (!info.permissions[flag])
      throw new Forbidden(
        `${WHAT[flag] ?? 'This operation'} needs the ${SPACE_FLAG_POLICY[flag].min} role or higher on space ${spaceId} (permission ${flag}); the caller has ${info.role}`,
      );
    return info;
  }
}
