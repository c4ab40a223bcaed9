import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFound, ReadStore } from '@app/platform';
import { GitSyncAccess } from '../git-sync-access';
import { GIT_SYNC_INFO, GitSyncInfoDoc } from './git-info.projection';

/** The reference GitSyncState. */
export interface GitSyncInfoView {
  repoName: string;
  installationProvider?: 'github' | 'gitlab';
  integration: string;
  url: string;
  updatedAt: string;
}

/** getSpaceGitInfo: the last successful sync's provider details; 404 when no sync is set up. */
export class GetGitInfoQuery extends Query<GitSyncInfoView> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetGitInfoQuery)
export class GetGitInfoHandler implements IQueryHandler<GetGitInfoQuery> {
  constructor(
    private readonly access: GitSyncAccess,
    private readonly store: ReadStore,
  ) {}

  async execute({ spaceId, userId }: GetGitInfoQuery): Promise<GitSyncInfoView> {
    await this.access.space(spaceId, userId, 'view');
    const s = (await this.store.get<GitSyncInfoDoc>(GIT_SYNC_INFO, spaceId))?.synced;
    if (!s) throw new NotFound(`No git sync is set up on space ${spaceId}: import from or export to a repository first`);
    return {
      repoName: s.repoName,
      ...(s.provider ? { installationProvider: s.provider } : {}),
      // The integration providing the sync: the provider the caller named, else this server's own git sync.
      integration: s.provider ?? 'git',
      url: s.url,
      updatedAt: s.updatedAt,
    };
  }
}
