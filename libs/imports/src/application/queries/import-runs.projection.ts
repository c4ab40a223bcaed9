import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { ImportRunStatus } from '../../domain/import-run';
import { ImportCounts, ImportedPage, IMPORT_RUN_EVENT_TYPES, ImportRunEvent, ImportSource, ImportTarget, NO_COUNTS } from '../../domain/import-run.events';

export const IMPORT_RUNS = 'import_runs';

export interface ImportRunDoc {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  status: ImportRunStatus;
  source: ImportSource;
  target: ImportTarget;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  /** Why the run failed (status `failed`). */
  reason: string | null;
  counts: ImportCounts;
  /** Pages written, once the run completed. */
  pages: ImportedPage[];
  /** Change request the run wrote into (set once everything was read). */
  changeRequestId: string | null;
  /** Global position of its start: listings show the most recent first. */
  seq: number;
}

/** Import runs by organization, their status, counts and the pages they wrote. */
export const importRunsProjection: ProjectionDefinition = {
  name: 'import-runs',
  collections: [{ name: IMPORT_RUNS, indexes: [['organizationId', 'seq'], ['target.space']] }],
  handles: [...IMPORT_RUN_EVENT_TYPES],
  async apply(event, ctx) {
    const e = event as RecordedEvent & ImportRunEvent;
    const run = (id: string, changes: Partial<ImportRunDoc>) => ctx.update<ImportRunDoc>(IMPORT_RUNS, id, (d) => ({ ...d, ...changes }));
    switch (e.type) {
      case 'ImportRunStarted': {
        const d = e.data;
        ctx.put(IMPORT_RUNS, {
          id: d.importRunId,
          organizationId: d.organizationId,
          status: 'pending',
          source: d.source,
          target: d.target,
          createdBy: d.startedBy,
          createdAt: d.startedAt,
          updatedAt: d.startedAt,
          completedAt: null,
          reason: null,
          counts: NO_COUNTS,
          pages: [],
          changeRequestId: null,
          seq: e.position,
        } satisfies ImportRunDoc);
        return;
      }
      case 'ImportRunProgressed':
        return run(e.data.importRunId, { status: 'in-progress', counts: e.data.counts, updatedAt: e.data.progressedAt });
      case 'ImportRunCollected':
        return run(e.data.importRunId, { status: 'in-progress', changeRequestId: e.data.changeRequestId, updatedAt: e.data.collectedAt });
      case 'ImportRunCompleted': {
        const d = e.data;
        return run(d.importRunId, { status: 'completed', pages: d.pages, completedAt: d.completedAt, updatedAt: d.completedAt });
      }
      case 'ImportRunFailed':
        return run(e.data.importRunId, { status: 'failed', reason: e.data.reason, updatedAt: e.data.failedAt });
      case 'ImportRunCancelled':
        return run(e.data.importRunId, { status: 'cancelled', updatedAt: e.data.cancelledAt });
    }
  },
};
