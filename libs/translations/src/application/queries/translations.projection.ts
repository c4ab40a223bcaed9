import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { GLOSSARY_EVENT_TYPES, GlossaryEvent, GlossaryTranslations } from '../../domain/glossary';
import { TranslationLanguage } from '../../domain/languages';
import { RunStatus } from '../../domain/translation';
import { NO_STATS, TRANSLATION_EVENT_TYPES, TranslationEvent, TranslationSource, TranslationStats } from '../../domain/translation.events';

export const TRANSLATIONS = 'translations';
export const GLOSSARY_ENTRIES = 'translation_glossary_entries';

export interface TranslationDoc {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  /** The latest run's status; `pending` before the first run. */
  status: RunStatus;
  source: TranslationSource;
  language: TranslationLanguage;
  /** Markdown (shown as a rich-text document). */
  instructions: string;
  /** The target space and the revision the latest completed run merged. */
  result: { space: string; revision: string } | null;
  stats: TranslationStats;
  /** Why the latest run failed (status `failed`). */
  lastRunError: { message: string; failedAt: string } | null;
  createdAt: string;
  updatedAt: string;
  /** Global position of its creation: the order of listings. */
  seq: number;
}

export interface GlossaryEntryDoc {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  translations: GlossaryTranslations;
  createdAt: string;
  updatedAt: string;
  seq: number;
}

/** Translations by organization (in creation order) and the glossaries' entries; a deleted translation leaves. */
export const translationsProjection: ProjectionDefinition = {
  name: 'translations',
  collections: [
    { name: TRANSLATIONS, indexes: [['organizationId', 'seq'], ['source.space']] },
    { name: GLOSSARY_ENTRIES, indexes: [['organizationId', 'seq']] },
  ],
  handles: [...TRANSLATION_EVENT_TYPES, ...GLOSSARY_EVENT_TYPES],
  async apply(event, ctx) {
    const e = event as RecordedEvent & (TranslationEvent | GlossaryEvent);
    const translation = (id: string, changes: Partial<TranslationDoc>) => ctx.update<TranslationDoc>(TRANSLATIONS, id, (d) => ({ ...d, ...changes }));
    switch (e.type) {
      case 'TranslationCreated': {
        const d = e.data;
        ctx.put(TRANSLATIONS, {
          id: d.translationId,
          organizationId: d.organizationId,
          status: 'pending',
          source: d.source,
          language: d.language,
          instructions: d.instructions,
          result: null,
          stats: NO_STATS,
          lastRunError: null,
          createdAt: d.createdAt,
          updatedAt: d.createdAt,
          seq: e.position,
        } satisfies TranslationDoc);
        return;
      }
      case 'TranslationInstructionsChanged':
        return translation(e.data.translationId, { instructions: e.data.instructions, updatedAt: e.data.changedAt });
      case 'TranslationDeleted':
        return ctx.delete(TRANSLATIONS, e.data.translationId);
      case 'TranslationRunRequested':
        return translation(e.data.translationId, { status: 'pending', lastRunError: null, updatedAt: e.data.requestedAt });
      case 'TranslationRunStarted':
        return translation(e.data.translationId, { status: 'running', updatedAt: e.data.startedAt });
      case 'TranslationRunPlanned':
        return;
      case 'TranslationRunCompleted': {
        const d = e.data;
        return translation(d.translationId, {
          status: 'completed',
          result: { space: d.space, revision: d.revision },
          stats: d.stats,
          updatedAt: d.completedAt,
        });
      }
      case 'TranslationRunFailed': {
        const d = e.data;
        return translation(d.translationId, {
          status: 'failed',
          stats: d.stats,
          lastRunError: { message: d.message, failedAt: d.failedAt },
          updatedAt: d.failedAt,
        });
      }
      case 'GlossaryEntryAdded': {
        const d = e.data;
        ctx.put(GLOSSARY_ENTRIES, {
          id: d.entryId,
          organizationId: d.organizationId,
          translations: d.translations,
          createdAt: d.addedAt,
          updatedAt: d.addedAt,
          seq: e.position,
        } satisfies GlossaryEntryDoc);
        return;
      }
      case 'GlossaryEntryChanged':
        return ctx.update<GlossaryEntryDoc>(GLOSSARY_ENTRIES, e.data.entryId, (d) => ({
          ...d,
          translations: e.data.translations,
          updatedAt: e.data.changedAt,
        }));
      case 'GlossaryEntryRemoved':
        return ctx.delete(GLOSSARY_ENTRIES, e.data.entryId);
    }
  },
};
