/**
 * What the imports context publishes to the contexts above it (`@app/imports/contracts`): the
 * events of import runs (stream `imports.import-run-<id>`), for audit, webhooks and the change
 * feed. Every payload carries `importRunId` and `organizationId`.
 */
export const ImportEvents = {
  ImportRunStarted: 'ImportRunStarted',
  /** The pages were written (payload: ImportRunCompletedPayload). */
  ImportRunCompleted: 'ImportRunCompleted',
  ImportRunFailed: 'ImportRunFailed',
  ImportRunCancelled: 'ImportRunCancelled',
} as const;

export interface ImportRunEventPayload {
  importRunId: string;
  organizationId: string;
}

export interface ImportRunCompletedPayload extends ImportRunEventPayload {
  /** The target space, the change request written into, whether the run merged it and the revision it made. */
  space: string;
  changeRequestId: string;
  merged: boolean;
  revision: string | null;
  pages: Array<{ id: string; sourceURL: string }>;
  completedAt: string;
}

export * from './audit-actions';
