/**
 * What the translations context publishes to the contexts above it (`@app/translations/contracts`):
 * the events of translations (stream `translations.translation-<id>`), for audit, webhooks and the
 * change feed. Every payload carries `translationId` and `organizationId`.
 */
export const TranslationEvents = {
  TranslationCreated: 'TranslationCreated',
  TranslationDeleted: 'TranslationDeleted',
  /** A run merged its pages into the target space (payload: TranslationRunCompletedPayload). */
  TranslationRunCompleted: 'TranslationRunCompleted',
  TranslationRunFailed: 'TranslationRunFailed',
} as const;

export interface TranslationEventPayload {
  translationId: string;
  organizationId: string;
}

export interface TranslationRunCompletedPayload extends TranslationEventPayload {
  runId: string;
  /** The target space and the revision the run merged into it. */
  space: string;
  revision: string;
  completedAt: string;
}
export * from './audit-actions';
