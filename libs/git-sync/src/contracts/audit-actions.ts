import type { AuditActionDefinition } from '@app/platform';

type OfSpace = { spaceId: string };
const space = (d: OfSpace) => ({ type: 'space', id: d.spaceId });

/**
 * How git sync's events read as audit events. The remote (its sealed credentials, `remote.credentials`)
 * never reach the details; the URL in them was stripped of credentials before it was recorded.
 */
export const GIT_SYNC_AUDIT_ACTIONS: AuditActionDefinition<OfSpace & Record<string, unknown>>[] = [
  { event: 'GitImportRequested', action: 'space.git.import-requested', label: 'Git import requested', target: space, secretFields: ['remote'] },
  { event: 'GitImportStarted', action: 'space.git.import-started', label: 'Git import started', target: space },
  { event: 'GitImported', action: 'space.git.imported', label: 'Git repository imported', target: space },
  { event: 'GitExportStarted', action: 'space.git.export-started', label: 'Git export started', target: space, secretFields: ['remote'] },
  { event: 'GitExported', action: 'space.git.exported', label: 'Space exported to git', target: space },
  { event: 'GitSyncFailed', action: 'space.git.sync-failed', label: 'Git sync failed', target: space },
  { event: 'GitSyncSkipped', action: 'space.git.sync-skipped', label: 'Git sync skipped (older than the last operation)', target: space },
  { event: 'GitLegacyInstallationRemoved', action: 'space.git.installation-removed', label: 'Git installation removed', target: space },
];
