import { DomainEvent } from '@app/platform';

/** One stream per space's git sync: operations on a space serialize on its expected revision. */
export const gitSyncStream = (spaceId: string) => `git-sync.space-${spaceId}`;

export type GitDirection = 'import' | 'export';

/** The reference's UpdateSpaceGitInfo: what the caller says about the provider. */
export interface GitProviderInfo {
  provider?: 'github' | 'gitlab';
  url?: string;
}

/**
 * Where a sync reads or writes. `url` never carries credentials: they are cut from it at the
 * door and kept only sealed (`credentials`, SealedSecrets purpose 'git-credentials', record =
 * the space id), which history may hold since only the platform's sealing key opens it.
 */
export interface GitRemote {
  url: string;
  /** `refs/heads/<branch>`. */
  ref: string;
  repoCacheID: string | null;
  repoTreeURL: string | null;
  repoCommitURL: string | null;
  /** Root of the content inside the repository ('' for the repository's root). */
  projectDirectory: string;
  credentials: string | null;
}

export interface GitCommitRef {
  oid: string;
  message: string;
}

interface OfSpace {
  spaceId: string;
}

export type ImportRequested = OfSpace & {
  operationId: string;
  remote: GitRemote;
  timestamp: string | null;
  force: boolean;
  standalone: boolean;
  gitInfo: GitProviderInfo | null;
  requestedBy: string;
  requestedAt: string;
};
export type ExportStarted = OfSpace & {
  operationId: string;
  remote: GitRemote;
  timestamp: string | null;
  force: boolean;
  commitMessage: string;
  gitInfo: GitProviderInfo | null;
  requestedBy: string;
  startedAt: string;
};

export type GitSyncEvent =
  | DomainEvent<'GitImportRequested', ImportRequested>
  | DomainEvent<'GitImportStarted', OfSpace & { operationId: string; startedAt: string }>
  | DomainEvent<'GitImported', OfSpace & { operationId: string; commit: GitCommitRef; revision: string | null; standalone: boolean; importedAt: string }>
  | DomainEvent<'GitExportStarted', ExportStarted>
  | DomainEvent<
      'GitExported',
      OfSpace & { operationId: string; commit: GitCommitRef; revision: string; changedFiles: number; merged: boolean; exportedAt: string }
    >
  /** A clear reason, without credentials: `reason` names what failed (authentication, conflict, layout…). */
  | DomainEvent<'GitSyncFailed', OfSpace & { operationId: string; direction: GitDirection; reason: string; failedAt: string }>
  /** An operation whose `timestamp` is older than the last one applied: recorded, not run. */
  | DomainEvent<
      'GitSyncSkipped',
      OfSpace & { operationId: string; direction: GitDirection; timestamp: string; lastTimestamp: string; requestedBy: string; skippedAt: string }
    >
  | DomainEvent<'GitLegacyInstallationRemoved', OfSpace & { removedBy: string; removedAt: string }>;

export const GIT_SYNC_EVENT_TYPES: ReadonlyArray<GitSyncEvent['type']> = [
  'GitImportRequested',
  'GitImportStarted',
  'GitImported',
  'GitExportStarted',
  'GitExported',
  'GitSyncFailed',
  'GitSyncSkipped',
  'GitLegacyInstallationRemoved',
];
