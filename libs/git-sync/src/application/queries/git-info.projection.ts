import { Doc, ProjectionDefinition } from '@app/platform';
import { GitProviderInfo, GitSyncEvent } from '../../domain/git-sync.events';
import { repoNameOf } from '../transport/git-remote';

export const GIT_SYNC_INFO = 'git_sync_info';

interface Pending {
  url: string;
  repoTreeURL: string | null;
  gitInfo: GitProviderInfo | null;
}

/** One space's git sync as getSpaceGitInfo answers it (id: the space id); `synced` once an import or export succeeded. */
export interface GitSyncInfoDoc extends Doc {
  synced: { repoName: string; provider: 'github' | 'gitlab' | null; url: string; updatedAt: string } | null;
  /** Operations under way, by id: where they sync with (no credentials). */
  pending: Record<string, Pending>;
}

const empty = (id: string): GitSyncInfoDoc => ({ id, synced: null, pending: {} });

/** getSpaceGitInfo's read model: the provider details of the last successful sync of each space. */
export const gitSyncInfoProjection: ProjectionDefinition = {
  name: 'git-sync-info',
  collections: [{ name: GIT_SYNC_INFO }],
  handles: ['GitImportRequested', 'GitExportStarted', 'GitImported', 'GitExported', 'GitSyncFailed', 'GitLegacyInstallationRemoved'] satisfies Array<
    GitSyncEvent['type']
  >,
  async apply(recorded, ctx) {
    const e = { type: recorded.type, data: recorded.data } as GitSyncEvent;
    const id = e.data.spaceId;
    const doc = (await ctx.get<GitSyncInfoDoc>(GIT_SYNC_INFO, id)) ?? empty(id);
    switch (e.type) {
      case 'GitImportRequested':
      case 'GitExportStarted': {
        const { url, repoTreeURL } = e.data.remote;
        return ctx.put(GIT_SYNC_INFO, { ...doc, pending: { ...doc.pending, [e.data.operationId]: { url, repoTreeURL, gitInfo: e.data.gitInfo } } });
      }
      case 'GitImported':
      case 'GitExported': {
        const { [e.data.operationId]: op, ...pending } = doc.pending;
        if (!op || (e.type === 'GitImported' && e.data.standalone)) return ctx.put(GIT_SYNC_INFO, { ...doc, pending });
        const updatedAt = e.type === 'GitImported' ? e.data.importedAt : e.data.exportedAt;
        const synced = { repoName: repoNameOf(op.url), provider: op.gitInfo?.provider ?? null, url: op.gitInfo?.url ?? op.repoTreeURL ?? op.url, updatedAt };
        return ctx.put(GIT_SYNC_INFO, { ...doc, synced, pending });
      }
      case 'GitSyncFailed': {
        const { [e.data.operationId]: _failed, ...pending } = doc.pending;
        return ctx.put(GIT_SYNC_INFO, { ...doc, pending });
      }
      case 'GitLegacyInstallationRemoved':
        return ctx.put(GIT_SYNC_INFO, { ...doc, synced: null });
      default:
        return;
    }
  },
};
