import { projectionOf } from '@app/platform/testing/projection-spec';
import { NO_STATS } from '../../domain/translation.events';
import { GLOSSARY_ENTRIES, TRANSLATIONS, translationsProjection } from './translations.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const T2 = '2026-01-03T00:00:00.000Z';
const of = (translationId: string) => ({ translationId, organizationId: 'o1' });
const created = (id: string, language = 'fr') => ({
  type: 'TranslationCreated',
  data: { ...of(id), source: { space: 's1', language: 'en' }, language, instructions: 'Be formal.', createdBy: 'u1', createdAt: T0 },
});
const stats = { runs: 1, totalWords: 12, totalPages: 2, totalDuration: 3, latestRunDuration: 3, latestPages: 2, latestWords: 12 };

describe('translations projection', () => {
  it('follows a translation through its runs: status, result, stats and the failure message', async () => {
    const docs = await projectionOf(translationsProjection, [
      created('t1'),
      { type: 'TranslationInstructionsChanged', data: { ...of('t1'), instructions: 'Be casual.', changedBy: 'u1', changedAt: T0 } },
      { type: 'TranslationRunRequested', data: { ...of('t1'), runId: 'r1', requestedBy: 'u1', requestedAt: T0 } },
      { type: 'TranslationRunStarted', data: { ...of('t1'), runId: 'r1', startedAt: T0, targetSpaceId: 'x', changeRequestId: 'c1' } },
      { type: 'TranslationRunPlanned', data: { ...of('t1'), runId: 'r1', plan: { sourceRevision: 'r', pages: [], removed: [], words: 12 }, plannedAt: T0 } },
      { type: 'TranslationRunCompleted', data: { ...of('t1'), runId: 'r1', completedAt: T1, space: 'x', revision: 'rev1', changeRequestId: 'c1', stats } },
      { type: 'TranslationRunRequested', data: { ...of('t1'), runId: 'r2', requestedBy: 'u1', requestedAt: T1 } },
      { type: 'TranslationRunFailed', data: { ...of('t1'), runId: 'r2', failedAt: T2, message: 'No provider', stats: { ...stats, runs: 2 } } },
      created('t2', 'de'),
      { type: 'TranslationRunRequested', data: { ...of('t2'), runId: 'r3', requestedBy: 'u1', requestedAt: T1 } },
      created('t3', 'it'),
      { type: 'TranslationDeleted', data: { ...of('t3'), deletedBy: 'u1', deletedAt: T1 } },
    ]);
    expect(docs[TRANSLATIONS].map(({ seq: _seq, ...d }) => d)).toEqual([
      {
        id: 't1',
        organizationId: 'o1',
        status: 'failed',
        source: { space: 's1', language: 'en' },
        language: 'fr',
        instructions: 'Be casual.',
        result: { space: 'x', revision: 'rev1' },
        stats: { ...stats, runs: 2 },
        lastRunError: { message: 'No provider', failedAt: T2 },
        createdAt: T0,
        updatedAt: T2,
      },
      {
        id: 't2',
        organizationId: 'o1',
        status: 'pending',
        source: { space: 's1', language: 'en' },
        language: 'de',
        instructions: 'Be formal.',
        result: null,
        stats: NO_STATS,
        lastRunError: null,
        createdAt: T0,
        updatedAt: T1,
      },
    ]);
  });

  it('keeps glossary entries in the order they were added; a change replaces the terms, a removal drops the entry', async () => {
    const entry = (entryId: string, translations: object) => ({
      type: 'GlossaryEntryAdded',
      data: { organizationId: 'o1', entryId, translations, addedBy: 'u1', addedAt: T0 },
    });
    const docs = await projectionOf(translationsProjection, [
      entry('g1', { en: 'Space', fr: 'Espace' }),
      entry('g2', { en: 'Page' }),
      {
        type: 'GlossaryEntryChanged',
        data: { organizationId: 'o1', entryId: 'g1', translations: { en: 'Space', de: 'Bereich' }, changedBy: 'u1', changedAt: T1 },
      },
      { type: 'GlossaryEntryRemoved', data: { organizationId: 'o1', entryId: 'g2', removedBy: 'u1', removedAt: T1 } },
    ]);
    expect(docs[GLOSSARY_ENTRIES].map(({ seq: _seq, ...d }) => d)).toEqual([
      { id: 'g1', organizationId: 'o1', translations: { en: 'Space', de: 'Bereich' }, createdAt: T0, updatedAt: T1 },
    ]);
  });
});
