import { Evolver } from '@app/platform';
import { GitCommitRef, GitDirection, GitProviderInfo, GitRemote, GitSyncEvent, ImportRequested } from './git-sync.events';

export interface RunningOperation {
  operationId: string;
  direction: GitDirection;
  startedAt: string;
  remote: GitRemote;
}

/** The last import or export applied: what getSpaceGitInfo answers and where the next export starts from. */
export interface LastSync {
  direction: GitDirection;
  commit: GitCommitRef;
  revision: string | null;
  remote: GitRemote;
  at: string;
}

export interface GitSyncState {
  spaceId: string | null;
  /** The newest `timestamp` of an operation applied; older ones are skipped. */
  lastTimestamp: string | null;
  /** Imports requested and not finished yet, by operation id (the timer runs them). */
  requested: Readonly<Record<string, ImportRequested>>;
  /** Operations finished (done, failed or skipped): a redelivered request or timer does nothing. */
  finished: Readonly<Record<string, true>>;
  running: RunningOperation | null;
  lastSync: LastSync | null;
  gitInfo: GitProviderInfo | null;
  /** When the sync's provider details last changed (a request set up or updated them). */
  updatedAt: string | null;
  /** A sync is set up on the space (until deleteLegacyGitInstallation removes it). */
  installed: boolean;
  lastFailure: { operationId: string; direction: GitDirection; reason: string; at: string } | null;
}

const finish = (s: GitSyncState, operationId: string): Pick<GitSyncState, 'requested' | 'finished' | 'running'> => {
  const { [operationId]: _done, ...requested } = s.requested;
  return { requested, finished: { ...s.finished, [operationId]: true }, running: s.running?.operationId === operationId ? null : s.running };
};

const newer = (a: string | null, b: string | null): string | null => (a && b ? (a > b ? a : b) : (a ?? b));

/** The state of `git-sync.space-<id>` (the decider is in git-sync.decider.ts). */
export const gitSync: Evolver<GitSyncState, GitSyncEvent> = {
  initialState: {
    spaceId: null,
    lastTimestamp: null,
    requested: {},
    finished: {},
    running: null,
    lastSync: null,
    gitInfo: null,
    updatedAt: null,
    installed: false,
    lastFailure: null,
  },
  evolve(s, e) {
    switch (e.type) {
      case 'GitImportRequested':
        return {
          ...s,
          spaceId: e.data.spaceId,
          lastTimestamp: newer(s.lastTimestamp, e.data.timestamp),
          requested: { ...s.requested, [e.data.operationId]: e.data },
          gitInfo: e.data.gitInfo ?? s.gitInfo,
          updatedAt: e.data.requestedAt,
          installed: true,
        };
      case 'GitImportStarted': {
        const r = s.requested[e.data.operationId];
        return r ? { ...s, running: { operationId: e.data.operationId, direction: 'import', startedAt: e.data.startedAt, remote: r.remote } } : s;
      }
      case 'GitImported': {
        const r = s.requested[e.data.operationId];
        const lastSync: LastSync | null = r
          ? { direction: 'import', commit: e.data.commit, revision: e.data.revision, remote: r.remote, at: e.data.importedAt }
          : s.lastSync;
        // A standalone import leaves main as it was: the next export still starts from the last sync.
        return { ...s, ...finish(s, e.data.operationId), lastSync: e.data.standalone ? s.lastSync : lastSync, lastFailure: null };
      }
      case 'GitExportStarted':
        return {
          ...s,
          spaceId: e.data.spaceId,
          lastTimestamp: newer(s.lastTimestamp, e.data.timestamp),
          running: { operationId: e.data.operationId, direction: 'export', startedAt: e.data.startedAt, remote: e.data.remote },
          gitInfo: e.data.gitInfo ?? s.gitInfo,
          updatedAt: e.data.startedAt,
          installed: true,
        };
      case 'GitExported': {
        const remote = s.running?.operationId === e.data.operationId ? s.running.remote : null;
        const lastSync: LastSync | null = remote
          ? { direction: 'export', commit: e.data.commit, revision: e.data.revision, remote, at: e.data.exportedAt }
          : s.lastSync;
        return { ...s, ...finish(s, e.data.operationId), lastSync, lastFailure: null };
      }
      case 'GitSyncFailed':
        return {
          ...s,
          ...finish(s, e.data.operationId),
          lastFailure: { operationId: e.data.operationId, direction: e.data.direction, reason: e.data.reason, at: e.data.failedAt },
        };
      case 'GitSyncSkipped':
        return { ...s, spaceId: e.data.spaceId, finished: { ...s.finished, [e.data.operationId]: true } };
      case 'GitLegacyInstallationRemoved':
        return { ...s, installed: false, lastSync: null, gitInfo: null, updatedAt: e.data.removedAt };
    }
  },
};
