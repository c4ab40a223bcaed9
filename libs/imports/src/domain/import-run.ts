import { Decider, unreachable } from '@app/platform';
import { clipReason, ImportRunFinished, ImportRunNotFound } from './import-rules';
import { ImportCounts, ImportedPage, ImportRunEvent, ImportSource, ImportTarget, NO_COUNTS } from './import-run.events';

/** The reference ContentImportRun.status. */
export type ImportRunStatus = 'pending' | 'in-progress' | 'completed' | 'failed' | 'cancelled';

export interface ImportRunState {
  run: { id: string; organizationId: string; source: ImportSource; target: ImportTarget; startedBy: string; startedAt: string } | null;
  status: ImportRunStatus;
  counts: ImportCounts;
  /** Set once everything is read: where the converted pages are stored and which change request they go into. */
  collected: { contentKey: string; pages: number; changeRequestId: string } | null;
}

type Addressed = { importRunId: string };
export type ImportRunCommand =
  | (Addressed & { type: 'StartImportRun'; organizationId: string; source: ImportSource; target: ImportTarget; actor: string })
  | (Addressed & { type: 'RecordProgress'; counts: ImportCounts })
  | (Addressed & { type: 'RecordCollected'; contentKey: string; pages: number; changeRequestId: string })
  | (Addressed & { type: 'CompleteImportRun'; pages: ImportedPage[]; changeRequestId: string; merged: boolean; revision: string | null })
  | (Addressed & { type: 'FailImportRun'; reason: string })
  | (Addressed & { type: 'CancelImportRun'; organizationId: string; actor: string });

/** Whether the run is still under way (its steps may still be recorded). */
export const isActive = (s: ImportRunState) => s.run !== null && (s.status === 'pending' || s.status === 'in-progress');

/**
 * An import run: started (pending) → progressed (in progress, with counts) → collected (all
 * pages read and converted, the change request fixed) → completed, or failed with a reason, or
 * cancelled by a user. A step of a run that is no longer under way decides nothing: a run
 * resumed after a crash, or cancelled meanwhile, ends exactly once and is never revived.
 */
export const importRunDecider: Decider<ImportRunState, ImportRunCommand, ImportRunEvent> = {
  initialState: { run: null, status: 'pending', counts: NO_COUNTS, collected: null },
  evolve(s, e) {
    switch (e.type) {
      case 'ImportRunStarted': {
        const { importRunId: id, organizationId, source, target, startedBy, startedAt } = e.data;
        return { ...s, run: { id, organizationId, source, target, startedBy, startedAt }, status: 'pending' };
      }
      case 'ImportRunProgressed':
        return { ...s, status: 'in-progress', counts: e.data.counts };
      case 'ImportRunCollected':
        return { ...s, status: 'in-progress', collected: { contentKey: e.data.contentKey, pages: e.data.pages, changeRequestId: e.data.changeRequestId } };
      case 'ImportRunCompleted':
        return { ...s, status: 'completed' };
      case 'ImportRunFailed':
        return { ...s, status: 'failed' };
      case 'ImportRunCancelled':
        return { ...s, status: 'cancelled' };
      default:
        return unreachable(e);
    }
  },
  decide(c, s, now) {
    const at = now.toISOString();
    const ids = () => ({ importRunId: c.importRunId, organizationId: s.run!.organizationId });
    switch (c.type) {
      case 'StartImportRun': {
        if (s.run) return [];
        const { importRunId, organizationId, source, target, actor } = c;
        return [{ type: 'ImportRunStarted', data: { importRunId, organizationId, source, target, startedBy: actor, startedAt: at } }];
      }
      case 'RecordProgress': {
        if (!isActive(s) || s.collected) return [];
        const same = s.status === 'in-progress' && JSON.stringify(s.counts) === JSON.stringify(c.counts);
        return same ? [] : [{ type: 'ImportRunProgressed', data: { ...ids(), counts: c.counts, progressedAt: at } }];
      }
      case 'RecordCollected': {
        if (!isActive(s) || s.collected) return [];
        const { contentKey, pages, changeRequestId } = c;
        return [{ type: 'ImportRunCollected', data: { ...ids(), contentKey, pages, changeRequestId, collectedAt: at } }];
      }
      case 'CompleteImportRun': {
        if (!isActive(s) || !s.collected) return [];
        const { pages, changeRequestId, merged, revision } = c;
        return [{ type: 'ImportRunCompleted', data: { ...ids(), pages, space: s.run!.target.space, changeRequestId, merged, revision, completedAt: at } }];
      }
      case 'FailImportRun':
        if (!isActive(s)) return [];
        return [{ type: 'ImportRunFailed', data: { ...ids(), reason: clipReason(c.reason), failedAt: at } }];
      case 'CancelImportRun': {
        if (!s.run || s.run.organizationId !== c.organizationId) throw new ImportRunNotFound(c.importRunId);
        if (s.status === 'cancelled') return [];
        if (!isActive(s)) throw new ImportRunFinished(c.importRunId, s.status);
        return [{ type: 'ImportRunCancelled', data: { ...ids(), cancelledBy: c.actor, cancelledAt: at } }];
      }
      default:
        return unreachable(c);
    }
  },
};
