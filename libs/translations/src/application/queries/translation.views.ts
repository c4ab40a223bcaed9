import { Urls } from '@app/platform';
import { markdownToDocument } from '@app/content';
import { TranslationPermissions } from '../translation-access';
import { GlossaryEntryDoc, TranslationDoc } from './translations.projection';

/**
 * The reference Translation. `status` is the latest run's: the reference's pending, running and
 * completed, and `failed` for a run that could not translate, with `lastRunError` saying why.
 */
export function toTranslationView(d: TranslationDoc, permissions: TranslationPermissions, urls: Urls) {
  return {
    object: 'translation' as const,
    id: d.id,
    status: d.status,
    source: d.source,
    language: d.language,
    instructions: markdownToDocument(d.instructions),
    ...(d.result ? { result: d.result } : {}),
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    stats: d.stats,
    ...(d.status === 'failed' && d.lastRunError ? { lastRunError: d.lastRunError } : {}),
    permissions,
    urls: { location: urls.api(`/orgs/${d.organizationId}/translations/${d.id}`) },
  };
}
export type TranslationView = ReturnType<typeof toTranslationView>;

/** The reference GlossaryEntry. */
export function toGlossaryEntryView(d: GlossaryEntryDoc, urls: Urls) {
  return {
    object: 'glossary-entry' as const,
    id: d.id,
    translations: d.translations,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    urls: { location: urls.api(`/orgs/${d.organizationId}/translations-glossary/${d.id}`) },
  };
}
export type GlossaryEntryView = ReturnType<typeof toGlossaryEntryView>;
