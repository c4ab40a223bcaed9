import { projectionOf } from '@app/platform/testing/projection-spec';
import { GitRemote } from '../../domain/git-sync.events';
import { GIT_SYNC_INFO, gitSyncInfoProjection } from './git-info.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const remote: GitRemote = {
  url: 'https://git.example.com/acme/docs.git',
  ref: 'refs/heads/main',
  repoCacheID: null,
  repoTreeURL: 'https://git.example.com/acme/docs/tree/main',
  repoCommitURL: null,
  projectDirectory: '',
  credentials: 'v1.sealed',
};
const requested = (operationId: string, gitInfo: object | null = null) => ({
  type: 'GitImportRequested',
  data: { spaceId: 's1', operationId, remote, timestamp: null, force: false, standalone: false, gitInfo, requestedBy: 'u1', requestedAt: T0 },
});
const imported = (operationId: string) => ({
  type: 'GitImported',
  data: { spaceId: 's1', operationId, commit: { oid: 'c1', message: 'm' }, revision: 'r1', standalone: false, importedAt: T0 },
});

describe('git sync info projection', () => {
  it('shows a sync once it succeeded, with the provider the caller named, never the credentials', async () => {
    const docs = (await projectionOf(gitSyncInfoProjection, [requested('o1', { provider: 'gitlab' }), imported('o1')]))[GIT_SYNC_INFO];
    expect(docs).toEqual([
      { id: 's1', synced: { repoName: 'acme/docs', provider: 'gitlab', url: 'https://git.example.com/acme/docs/tree/main', updatedAt: T0 }, pending: {} },
    ]);
    expect(JSON.stringify(docs)).not.toContain('sealed');
  });
  it('shows nothing for a failed sync, and nothing after the installation is removed', async () => {
    const failed = { type: 'GitSyncFailed', data: { spaceId: 's1', operationId: 'o1', direction: 'import', reason: 'x', failedAt: T0 } };
    expect((await projectionOf(gitSyncInfoProjection, [requested('o1'), failed]))[GIT_SYNC_INFO]).toEqual([{ id: 's1', synced: null, pending: {} }]);
    const removed = { type: 'GitLegacyInstallationRemoved', data: { spaceId: 's1', removedBy: 'u1', removedAt: T0 } };
    const after = (await projectionOf(gitSyncInfoProjection, [requested('o1'), imported('o1'), removed]))[GIT_SYNC_INFO];
    expect(after[0]).toMatchObject({ synced: null });
  });
});
