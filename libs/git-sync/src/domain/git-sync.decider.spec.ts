import { given } from '@app/platform/testing/given';
import { GitOperationInProgress, gitSyncDecider, GitSyncCommand, OPERATION_LEASE_MS } from './git-sync.decider';
import { GitRemote, GitSyncEvent } from './git-sync.events';

const T0 = '2026-01-01T00:00:00.000Z';
const at = (iso: string) => new Date(iso);
const later = (ms: number) => new Date(Date.parse(T0) + ms);
const remote: GitRemote = {
  url: 'https://git.example.com/docs.git',
  ref: 'refs/heads/main',
  repoCacheID: null,
  repoTreeURL: null,
  repoCommitURL: null,
  projectDirectory: '',
  credentials: 'v1.sealed',
};
const base = { spaceId: 's1', remote, force: false, gitInfo: null, requestedBy: 'u1' };
const requestImport = (operationId: string, timestamp: string | null = null): GitSyncCommand => ({
  type: 'RequestImport',
  ...base,
  operationId,
  timestamp,
  standalone: false,
});
const startExport = (operationId: string, timestamp: string | null = null): GitSyncCommand => ({
  type: 'StartExport',
  ...base,
  operationId,
  timestamp,
  commitMessage: 'm',
});
const requested = (operationId: string, timestamp: string | null = null): GitSyncEvent => ({
  type: 'GitImportRequested',
  data: { ...base, operationId, timestamp, standalone: false, requestedAt: T0 },
});
const importStarted = (operationId: string): GitSyncEvent => ({ type: 'GitImportStarted', data: { spaceId: 's1', operationId, startedAt: T0 } });
const exportStarted = (operationId: string, timestamp: string | null = null): GitSyncEvent => ({
  type: 'GitExportStarted',
  data: { ...base, operationId, timestamp, commitMessage: 'm', startedAt: T0 },
});
const imported = (operationId: string): GitSyncEvent => ({
  type: 'GitImported',
  data: { spaceId: 's1', operationId, commit: { oid: 'c1', message: 'x' }, revision: 'r1', standalone: false, importedAt: T0 },
});

describe('git sync decider', () => {
  it('records an import request, once per operation', () => {
    given(gitSyncDecider)
      .whenCommand(requestImport('o1'), at(T0))
      .then([requested('o1')]);
    given(gitSyncDecider, requested('o1')).whenCommand(requestImport('o1'), at(T0)).thenNothing();
    given(gitSyncDecider, requested('o1'), importStarted('o1'), imported('o1')).whenCommand(requestImport('o1'), at(T0)).thenNothing();
  });

  it('skips an operation older than the last one applied, recording it', () => {
    given(gitSyncDecider, requested('o1', '2026-01-02T00:00:00.000Z'))
      .whenCommand(requestImport('o2', '2026-01-01T12:00:00.000Z'), at(T0))
      .then([
        {
          type: 'GitSyncSkipped',
          data: {
            spaceId: 's1',
            operationId: 'o2',
            direction: 'import',
            timestamp: '2026-01-01T12:00:00.000Z',
            lastTimestamp: '2026-01-02T00:00:00.000Z',
            requestedBy: 'u1',
            skippedAt: T0,
          },
        },
      ]);
    given(gitSyncDecider, exportStarted('o1', '2026-01-02T00:00:00.000Z'))
      .whenCommand(startExport('o2', '2026-01-01T00:00:00.000Z'), at(T0))
      .then([expect.objectContaining({ type: 'GitSyncSkipped' }) as GitSyncEvent]);
    // Same timestamp or newer: run.
    given(gitSyncDecider, requested('o1', '2026-01-02T00:00:00.000Z'))
      .whenCommand(requestImport('o2', '2026-01-02T00:00:00.000Z'), at(T0))
      .then([requested('o2', '2026-01-02T00:00:00.000Z')]);
  });

  it('starts an import once; a resumed start (after a restart) decides nothing; unknown operations are not started', () => {
    given(gitSyncDecider, requested('o1'))
      .whenCommand({ type: 'StartImport', spaceId: 's1', operationId: 'o1' }, at(T0))
      .then([importStarted('o1')]);
    given(gitSyncDecider, requested('o1'), importStarted('o1')).whenCommand({ type: 'StartImport', spaceId: 's1', operationId: 'o1' }, at(T0)).thenNothing();
    given(gitSyncDecider).whenCommand({ type: 'StartImport', spaceId: 's1', operationId: 'o9' }, at(T0)).thenNothing();
  });

  it('runs one operation at a time: another is refused (409) within the lease, allowed after it', () => {
    const history = [requested('o1'), importStarted('o1'), requested('o2')];
    given(gitSyncDecider, ...history)
      .whenCommand({ type: 'StartImport', spaceId: 's1', operationId: 'o2' }, later(1000))
      .thenThrows(GitOperationInProgress);
    given(gitSyncDecider, ...history)
      .whenCommand(startExport('o3'), later(1000))
      .thenThrows(GitOperationInProgress);
    given(gitSyncDecider, ...history)
      .whenCommand({ type: 'StartImport', spaceId: 's1', operationId: 'o2' }, later(OPERATION_LEASE_MS + 1))
      .then([{ type: 'GitImportStarted', data: { spaceId: 's1', operationId: 'o2', startedAt: later(OPERATION_LEASE_MS + 1).toISOString() } }]);
  });

  it('accepts one outcome per operation, only from the running one', () => {
    const complete: GitSyncCommand = {
      type: 'CompleteImport',
      spaceId: 's1',
      operationId: 'o1',
      commit: { oid: 'c1', message: 'x' },
      revision: 'r1',
      standalone: false,
    };
    given(gitSyncDecider, requested('o1'), importStarted('o1'))
      .whenCommand(complete, at(T0))
      .then([imported('o1')]);
    given(gitSyncDecider, requested('o1'), importStarted('o1'), imported('o1')).whenCommand(complete, at(T0)).thenNothing();
    given(gitSyncDecider, requested('o1')).whenCommand(complete, at(T0)).thenNothing();
    const fail: GitSyncCommand = { type: 'FailOperation', spaceId: 's1', operationId: 'o1', direction: 'import', reason: 'authentication failed' };
    given(gitSyncDecider, requested('o1'), importStarted('o1'))
      .whenCommand(fail, at(T0))
      .then([{ type: 'GitSyncFailed', data: { spaceId: 's1', operationId: 'o1', direction: 'import', reason: 'authentication failed', failedAt: T0 } }]);
    given(gitSyncDecider, requested('o1'), importStarted('o1'), imported('o1')).whenCommand(fail, at(T0)).thenNothing();
  });

  it('completes an export and remembers it as the last sync', () => {
    const g = given(gitSyncDecider, exportStarted('o1'));
    g.whenCommand(
      { type: 'CompleteExport', spaceId: 's1', operationId: 'o1', commit: { oid: 'c2', message: 'm' }, revision: 'r2', changedFiles: 2, merged: false },
      at(T0),
    ).then([
      {
        type: 'GitExported',
        data: { spaceId: 's1', operationId: 'o1', commit: { oid: 'c2', message: 'm' }, revision: 'r2', changedFiles: 2, merged: false, exportedAt: T0 },
      },
    ]);
    const done = given(gitSyncDecider, requested('o1'), importStarted('o1'), imported('o1')).state;
    expect(done.lastSync).toMatchObject({ direction: 'import', commit: { oid: 'c1' }, revision: 'r1', remote: { url: remote.url } });
    expect(done.running).toBeNull();
  });

  it('removes the installation once (205), then there is none (204)', () => {
    const remove: GitSyncCommand = { type: 'RemoveLegacyInstallation', spaceId: 's1', removedBy: 'u1' };
    given(gitSyncDecider, requested('o1'))
      .whenCommand(remove, at(T0))
      .then([{ type: 'GitLegacyInstallationRemoved', data: { spaceId: 's1', removedBy: 'u1', removedAt: T0 } }]);
    given(gitSyncDecider).whenCommand(remove, at(T0)).thenNothing();
    given(gitSyncDecider, requested('o1'), { type: 'GitLegacyInstallationRemoved', data: { spaceId: 's1', removedBy: 'u1', removedAt: T0 } })
      .whenCommand(remove, at(T0))
      .thenNothing();
  });
});
