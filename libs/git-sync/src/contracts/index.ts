/**
 * What git sync publishes: its event names (stream `git-sync.space-<id>`, each carrying
 * `spaceId`) and how they read as audit events. A content change from an import is content's
 * own `SpaceContentRevised` (reason `git-import`).
 */
export const GitSyncEvents = {
  GitImportRequested: 'GitImportRequested',
  GitImported: 'GitImported',
  GitExportStarted: 'GitExportStarted',
  GitExported: 'GitExported',
  GitSyncFailed: 'GitSyncFailed',
  GitSyncSkipped: 'GitSyncSkipped',
  GitLegacyInstallationRemoved: 'GitLegacyInstallationRemoved',
} as const;
export { GIT_SYNC_AUDIT_ACTIONS } from './audit-actions';
