import { Decider, unreachable } from '@app/platform';
import { TranslationLanguage } from './languages';
import { checkInstructions, checkLanguages, MESSAGE_MAX, secondsBetween, TranslationNotFound } from './translation-rules';
import { NO_STATS, TranslationEvent, TranslationPlan, TranslationSource, TranslationStats } from './translation.events';

export type RunStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface RunState {
  id: string;
  status: RunStatus;
  requestedBy: string;
  startedAt: string | null;
  changeRequestId: string | null;
  plan: TranslationPlan | null;
}

export interface TranslationState {
  translation: { id: string; organizationId: string; source: TranslationSource; language: TranslationLanguage; instructions: string } | null;
  deleted: boolean;
  /** The latest run (runs are one at a time). */
  run: RunState | null;
  /** The space the runs write into, chosen when the first run starts. */
  targetSpace: string | null;
  /** What the target holds, as the last completed run left it: source page id → its path and fingerprint. */
  mirror: Record<string, { path: string; fingerprint: string }>;
  /** Source pages ever translated (for stats.totalPages). */
  translated: Record<string, true>;
  stats: TranslationStats;
}

/** Steps of a run are addressed by the translation alone; what a caller asks also names the organization of the path. */
type Addressed = { translationId: string };
type Asked = Addressed & { organizationId: string };
export type TranslationCommand =
  | (Addressed & {
      type: 'CreateTranslation';
      organizationId: string;
      source: TranslationSource;
      language: TranslationLanguage;
      instructions: string;
      actor: string;
    })
  | (Asked & { type: 'ChangeInstructions'; instructions: string; actor: string })
  | (Asked & { type: 'DeleteTranslation'; actor: string })
  | (Asked & { type: 'RequestRun'; runId: string; actor: string })
  | (Addressed & { type: 'StartRun'; runId: string; targetSpaceId: string; changeRequestId: string })
  | (Addressed & { type: 'PlanRun'; runId: string; plan: TranslationPlan })
  | (Addressed & { type: 'CompleteRun'; runId: string; revision: string; changeRequestId: string | null })
  | (Addressed & { type: 'FailRun'; runId: string; message: string });

/** The translation a caller names, in the organization of the path (another organization's is not found). */
const exists = (s: TranslationState, c: Asked) => s.translation !== null && !s.deleted && s.translation.organizationId === c.organizationId;

function live(s: TranslationState, c: Asked) {
  if (!exists(s, c)) throw new TranslationNotFound(c.translationId);
  return s.translation!;
}

/** The run this step belongs to, when it is still in the given states (else the step is stale: nothing to do). */
function current(s: TranslationState, runId: string, ...statuses: RunStatus[]): RunState | null {
  if (!s.translation || s.deleted || !s.run || s.run.id !== runId || !statuses.includes(s.run.status)) return null;
  return s.run;
}

const withRun = (s: TranslationState, changes: Partial<RunState>): TranslationState => ({ ...s, run: { ...s.run!, ...changes } });

/** The stats after a finished run of `seconds`, which translated `plan` (null: it failed). */
function statsAfter(s: TranslationState, seconds: number, plan: TranslationPlan | null): TranslationStats {
  const translated = plan?.pages.filter((p) => p.kind === 'translate') ?? [];
  const distinct = new Set([...Object.keys(s.translated), ...translated.map((p) => p.page)]);
  return {
    runs: s.stats.runs + 1,
    totalWords: s.stats.totalWords + (plan?.words ?? 0),
    totalPages: distinct.size,
    totalDuration: s.stats.totalDuration + seconds,
    latestRunDuration: seconds,
    latestPages: translated.length,
    latestWords: plan?.words ?? 0,
  };
}

/** The mirror once a planned run is written: moved and translated pages at their new paths, removed ones gone. */
function mirrorAfter(s: TranslationState, plan: TranslationPlan): TranslationState['mirror'] {
  const mirror = { ...s.mirror };
  for (const r of plan.removed) delete mirror[r.page];
  for (const p of plan.pages) mirror[p.page] = { path: p.path, fingerprint: p.fingerprint };
  return mirror;
}

/**
 * A translation of a space into another language, and its runs. A run goes requested (status
 * pending) → started (running: the target space and change request ids are fixed) → planned
 * (which pages to translate, fixed before any is translated) → completed or failed. Each step
 * names its run, and a step for a run that is no longer in the expected state decides nothing:
 * a run resumed after a crash, or finished meanwhile by another process, ends exactly once.
 */
export const translationDecider: Decider<TranslationState, TranslationCommand, TranslationEvent> = {
  initialState: { translation: null, deleted: false, run: null, targetSpace: null, mirror: {}, translated: {}, stats: NO_STATS },
  evolve(s, e) {
    switch (e.type) {
      case 'TranslationCreated': {
        const { translationId: id, organizationId, source, language, instructions } = e.data;
        return { ...s, translation: { id, organizationId, source, language, instructions } };
      }
      case 'TranslationInstructionsChanged':
        return { ...s, translation: { ...s.translation!, instructions: e.data.instructions } };
      case 'TranslationDeleted':
        return { ...s, deleted: true };
      case 'TranslationRunRequested':
        return {
          ...s,
          run: { id: e.data.runId, status: 'pending', requestedBy: e.data.requestedBy, startedAt: null, changeRequestId: null, plan: null },
        };
      case 'TranslationRunStarted': {
        // Another target (the first one was deleted) starts empty: nothing of it is mirrored.
        const mirror = e.data.targetSpaceId === s.targetSpace ? s.mirror : {};
        return {
          ...withRun(s, { status: 'running', startedAt: e.data.startedAt, changeRequestId: e.data.changeRequestId }),
          targetSpace: e.data.targetSpaceId,
          mirror,
        };
      }
      case 'TranslationRunPlanned':
        return withRun(s, { plan: e.data.plan });
      case 'TranslationRunCompleted': {
        const plan = s.run!.plan!;
        const translated = { ...s.translated };
        for (const p of plan.pages) if (p.kind === 'translate') translated[p.page] = true;
        return { ...withRun(s, { status: 'completed' }), mirror: mirrorAfter(s, plan), translated, stats: e.data.stats };
      }
      case 'TranslationRunFailed':
        return { ...withRun(s, { status: 'failed' }), stats: e.data.stats };
      default:
        return unreachable(e);
    }
  },
  decide(c, s, now) {
    const at = now.toISOString();
    const ids = () => ({ translationId: c.translationId, organizationId: s.translation!.organizationId });
    switch (c.type) {
      case 'CreateTranslation': {
        if (s.translation) return [];
        checkLanguages(c.source.language, c.language);
        const { translationId, organizationId, source, language } = c;
        return [
          {
            type: 'TranslationCreated',
            data: { translationId, organizationId, source, language, instructions: checkInstructions(c.instructions), createdBy: c.actor, createdAt: at },
          },
        ];
      }
      case 'ChangeInstructions': {
        const t = live(s, c);
        const instructions = checkInstructions(c.instructions);
        if (instructions === t.instructions) return [];
        return [{ type: 'TranslationInstructionsChanged', data: { ...ids(), instructions, changedBy: c.actor, changedAt: at } }];
      }
      case 'DeleteTranslation':
        if (!exists(s, c)) return [];
        return [{ type: 'TranslationDeleted', data: { ...ids(), deletedBy: c.actor, deletedAt: at } }];
      case 'RequestRun':
        live(s, c);
        // A run waiting or under way reads the source when it starts: another one would add nothing.
        if (s.run && (s.run.status === 'pending' || s.run.status === 'running')) return [];
        return [{ type: 'TranslationRunRequested', data: { ...ids(), runId: c.runId, requestedBy: c.actor, requestedAt: at } }];
      case 'StartRun':
        if (!current(s, c.runId, 'pending')) return [];
        return [
          {
            type: 'TranslationRunStarted',
            data: { ...ids(), runId: c.runId, startedAt: at, targetSpaceId: c.targetSpaceId, changeRequestId: c.changeRequestId },
          },
        ];
      case 'PlanRun': {
        const run = current(s, c.runId, 'running');
        if (!run || run.plan) return [];
        return [{ type: 'TranslationRunPlanned', data: { ...ids(), runId: c.runId, plan: c.plan, plannedAt: at } }];
      }
      case 'CompleteRun': {
        const run = current(s, c.runId, 'running');
        if (!run?.plan) return [];
        const stats = statsAfter(s, secondsBetween(run.startedAt!, now), run.plan);
        const data = { ...ids(), runId: c.runId, completedAt: at, space: s.targetSpace!, revision: c.revision, changeRequestId: c.changeRequestId, stats };
        return [{ type: 'TranslationRunCompleted', data }];
      }
      case 'FailRun': {
        const run = current(s, c.runId, 'pending', 'running');
        if (!run) return [];
        const message = [...c.message].length > MESSAGE_MAX ? `${[...c.message].slice(0, MESSAGE_MAX - 1).join('')}…` : c.message;
        const stats = statsAfter(s, run.startedAt ? secondsBetween(run.startedAt, now) : 0, null);
        return [{ type: 'TranslationRunFailed', data: { ...ids(), runId: c.runId, failedAt: at, message, stats } }];
      }
      default:
        return unreachable(c);
    }
  },
};
