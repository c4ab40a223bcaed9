import { AuditActionDefinition, AuditSubject } from '@app/platform';

type Data = Record<string, unknown>;
const target = (d: Data) => (d.target ?? {}) as { space?: string; changeRequest?: string };
/** The space an import writes into, and its change request when the target names one or the run made one. */
const written = (d: Data): AuditSubject[] => {
  const space = typeof d.space === 'string' ? d.space : target(d).space;
  const cr = typeof d.changeRequestId === 'string' ? d.changeRequestId : target(d).changeRequest;
  return [...(space ? [{ type: 'space', id: space }] : []), ...(cr ? [{ type: 'change-request', id: cr }] : [])];
};
const run = (event: string, action: string, label: string, related?: (d: Data) => AuditSubject[]): AuditActionDefinition => ({
  event,
  action,
  label,
  target: (d) => ({ type: 'import-run', id: d.importRunId as string }),
  ...(related ? { related } : {}),
  organizationId: (d) => d.organizationId as string,
});

/** How the imports context's events read as audit events (stream `imports.import-run-<id>`; payloads carry importRunId and organizationId). */
export const IMPORTS_AUDIT_ACTIONS: AuditActionDefinition[] = [
  run('ImportRunStarted', 'import.started', 'Import started', written),
  run('ImportRunCompleted', 'import.completed', 'Import completed', written),
  run('ImportRunFailed', 'import.failed', 'Import failed'),
  run('ImportRunCancelled', 'import.cancelled', 'Import cancelled'),
];

/** Steps of a run nobody audits: its progress counts and the moment its pages were read. */
export const IMPORTS_BOOKKEEPING_EVENTS = ['ImportRunProgressed', 'ImportRunCollected'];
