import { Conflict, Decider, unreachable } from '@app/platform';
import { GitCommitRef, GitDirection, GitProviderInfo, GitRemote, GitSyncEvent } from './git-sync.events';
import { gitSync, GitSyncState } from './git-sync';

/**
 * How long a started operation holds the space: a process that died mid-operation leaves it
 * running in the stream; after this, another operation may take over (the timer of an
 * interrupted import resumes it at once, it does not wait for the lease).
 */
export const OPERATION_LEASE_MS = 15 * 60_000;

interface Request {
  spaceId: string;
  operationId: string;
  remote: GitRemote;
  timestamp: string | null;
  force: boolean;
  gitInfo: GitProviderInfo | null;
  requestedBy: string;
}

export type GitSyncCommand =
  | (Request & { type: 'RequestImport'; standalone: boolean })
  | { type: 'StartImport'; spaceId: string; operationId: string }
  | { type: 'CompleteImport'; spaceId: string; operationId: string; commit: GitCommitRef; revision: string | null; standalone: boolean }
  | (Request & { type: 'StartExport'; commitMessage: string })
  | { type: 'CompleteExport'; spaceId: string; operationId: string; commit: GitCommitRef; revision: string; changedFiles: number; merged: boolean }
  | { type: 'FailOperation'; spaceId: string; operationId: string; direction: GitDirection; reason: string }
  | { type: 'RemoveLegacyInstallation'; spaceId: string; removedBy: string };

export class GitOperationInProgress extends Conflict {
  constructor(spaceId: string, running: { direction: GitDirection; operationId: string }) {
    super(
      `Space ${spaceId}: a git ${running.direction} (operation ${running.operationId}) is running; operations on one space never run concurrently, retry once it is done`,
    );
  }
}

/** Whether another operation holds the space now (a started one within its lease). */
function busy(s: GitSyncState, operationId: string, now: Date): boolean {
  const r = s.running;
  return !!r && r.operationId !== operationId && now.getTime() - Date.parse(r.startedAt) < OPERATION_LEASE_MS;
}

/** An operation older than the last one applied is recorded as skipped, not run. */
function skipped(s: GitSyncState, c: Request, direction: GitDirection, at: string): GitSyncEvent[] | null {
  if (!c.timestamp || !s.lastTimestamp || c.timestamp >= s.lastTimestamp) return null;
  const { spaceId, operationId, timestamp, requestedBy } = c;
  return [{ type: 'GitSyncSkipped', data: { spaceId, operationId, direction, timestamp, lastTimestamp: s.lastTimestamp, requestedBy, skippedAt: at } }];
}

function decide(c: GitSyncCommand, s: GitSyncState, now: Date): GitSyncEvent[] {
  const at = now.toISOString();
  switch (c.type) {
    case 'RequestImport': {
      if (s.requested[c.operationId] || s.finished[c.operationId]) return [];
      const { type: _t, ...request } = c;
      return skipped(s, c, 'import', at) ?? [{ type: 'GitImportRequested', data: { ...request, requestedAt: at } }];
    }
    case 'StartImport': {
      // Unknown or finished: nothing to run. Already running (a restart mid-import): resumed.
      if (!s.requested[c.operationId] || s.running?.operationId === c.operationId) return [];
      if (busy(s, c.operationId, now)) throw new GitOperationInProgress(c.spaceId, s.running!);
      return [{ type: 'GitImportStarted', data: { spaceId: c.spaceId, operationId: c.operationId, startedAt: at } }];
    }
    case 'CompleteImport': {
      if (s.running?.operationId !== c.operationId) return [];
      const { spaceId, operationId, commit, revision, standalone } = c;
      return [{ type: 'GitImported', data: { spaceId, operationId, commit, revision, standalone, importedAt: at } }];
    }
    case 'StartExport': {
      if (s.finished[c.operationId] || s.running?.operationId === c.operationId) return [];
      const skip = skipped(s, c, 'export', at);
      if (skip) return skip;
      if (busy(s, c.operationId, now)) throw new GitOperationInProgress(c.spaceId, s.running!);
      const { type: _t, ...request } = c;
      return [{ type: 'GitExportStarted', data: { ...request, startedAt: at } }];
    }
    case 'CompleteExport': {
      if (s.running?.operationId !== c.operationId) return [];
      const { type: _t, ...done } = c;
      return [{ type: 'GitExported', data: { ...done, exportedAt: at } }];
    }
    case 'FailOperation': {
      if (s.finished[c.operationId] || (s.running?.operationId !== c.operationId && !s.requested[c.operationId])) return [];
      const { spaceId, operationId, direction, reason } = c;
      return [{ type: 'GitSyncFailed', data: { spaceId, operationId, direction, reason, failedAt: at } }];
    }
    case 'RemoveLegacyInstallation':
      return s.installed ? [{ type: 'GitLegacyInstallationRemoved', data: { spaceId: c.spaceId, removedBy: c.removedBy, removedAt: at } }] : [];
    default:
      return unreachable(c);
  }
}

/** A space's git sync: requests in timestamp order, one operation at a time, the last sync. */
export const gitSyncDecider: Decider<GitSyncState, GitSyncCommand, GitSyncEvent> = { ...gitSync, decide };
