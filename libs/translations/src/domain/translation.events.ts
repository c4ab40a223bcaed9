import { DomainEvent } from '@app/platform';
import { TranslationLanguage } from './languages';

/** One stream per translation: `translations.translation-<id>`. */
export const translationStream = (translationId: string) => `translations.translation-${translationId}`;

export interface TranslationSource {
  space: string;
  language: TranslationLanguage;
}

/** The reference Translation.stats: counts, and durations in whole seconds. */
export interface TranslationStats {
  runs: number;
  totalWords: number;
  /** Distinct source pages translated by the completed runs so far. */
  totalPages: number;
  totalDuration: number;
  latestRunDuration: number;
  latestPages: number;
  latestWords: number;
}

export const NO_STATS: TranslationStats = { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 };

/**
 * One source page a run handles. Target pages are found by path: the target space mirrors the
 * source's tree with the source's slugs, so a page's path names it on both sides (and the link
 * `/pages/<path>` of a translated body resolves in the target).
 */
export interface PlannedPage {
  /** Source page id. */
  page: string;
  /** Its path in the source now, the path of its translation once the run is written. */
  path: string;
  /** Path of its translation as the last completed run left it (null: never translated into this target). */
  from: string | null;
  /** `translate`: its text changed (or its translation is missing); `move`: only its place or slug changed. */
  kind: 'translate' | 'move';
  /** What "changed" compares: the page's text and metadata in the source (not its place). */
  fingerprint: string;
}

/** What a run does, fixed before anything is translated, so a run resumed after a crash does the same. */
export interface TranslationPlan {
  /** The source revision read (main's head when the run was planned). */
  sourceRevision: string;
  pages: PlannedPage[];
  /** Translated pages whose source page is gone: their translation is deleted. */
  removed: Array<{ page: string; path: string }>;
  /** Words of the text sent to the translator (see words.ts). */
  words: number;
}

type Of<D> = { translationId: string; organizationId: string } & D;

export type TranslationCreated = Of<{
  source: TranslationSource;
  language: TranslationLanguage;
  /** The instructions document, kept as markdown (it is sent to the translator as text). */
  instructions: string;
  createdBy: string;
  createdAt: string;
}>;

export type TranslationEvent =
  | DomainEvent<'TranslationCreated', TranslationCreated>
  | DomainEvent<'TranslationInstructionsChanged', Of<{ instructions: string; changedBy: string; changedAt: string }>>
  | DomainEvent<'TranslationDeleted', Of<{ deletedBy: string; deletedAt: string }>>
  | DomainEvent<'TranslationRunRequested', Of<{ runId: string; requestedBy: string; requestedAt: string }>>
  | DomainEvent<'TranslationRunStarted', Of<{ runId: string; startedAt: string; targetSpaceId: string; changeRequestId: string }>>
  | DomainEvent<'TranslationRunPlanned', Of<{ runId: string; plan: TranslationPlan; plannedAt: string }>>
  | DomainEvent<
      'TranslationRunCompleted',
      Of<{ runId: string; completedAt: string; space: string; revision: string; changeRequestId: string | null; stats: TranslationStats }>
    >
  | DomainEvent<'TranslationRunFailed', Of<{ runId: string; failedAt: string; message: string; stats: TranslationStats }>>;

export const TRANSLATION_EVENT_TYPES: ReadonlyArray<TranslationEvent['type']> = [
  'TranslationCreated',
  'TranslationInstructionsChanged',
  'TranslationDeleted',
  'TranslationRunRequested',
  'TranslationRunStarted',
  'TranslationRunPlanned',
  'TranslationRunCompleted',
  'TranslationRunFailed',
];
