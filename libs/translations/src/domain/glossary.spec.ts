import { given } from '@app/platform/testing/given';
import { BadRequest } from '@app/platform';
import { GlossaryEvent, glossaryDecider as decider, GlossaryOperation, termsFor } from './glossary';

const T0 = '2026-01-01T00:00:00.000Z';
const apply = (...operations: GlossaryOperation[]) => ({ type: 'ApplyGlossaryOperations' as const, organizationId: 'o1', operations, actor: 'ada' });
const added = (entryId: string, translations: object): GlossaryEvent => ({
  type: 'GlossaryEntryAdded',
  data: { organizationId: 'o1', entryId, translations, addedBy: 'ada', addedAt: T0 },
});
const space = added('g1', { en: 'Space', fr: 'Espace' });

describe('glossary decider', () => {
  it('inserts, updates (replacing the terms) and deletes in one batch, in order', () => {
    given(decider, space)
      .whenCommand(
        apply(
          { type: 'insert', id: 'g2', translations: { en: 'Page', fr: 'Page' } },
          { type: 'update', id: 'g1', translations: { en: 'Space', de: 'Bereich' } },
          { type: 'delete', id: 'g2' },
        ),
      )
      .then([
        added('g2', { en: 'Page', fr: 'Page' }),
        {
          type: 'GlossaryEntryChanged',
          data: { organizationId: 'o1', entryId: 'g1', translations: { en: 'Space', de: 'Bereich' }, changedBy: 'ada', changedAt: T0 },
        },
        { type: 'GlossaryEntryRemoved', data: { organizationId: 'o1', entryId: 'g2', removedBy: 'ada', removedAt: T0 } },
      ]);
  });

  it('an update to the same terms, or deleting an unknown entry, records nothing', () => {
    given(decider, space)
      .whenCommand(apply({ type: 'update', id: 'g1', translations: { fr: 'Espace', en: 'Space' } }))
      .thenNothing();
    given(decider, space)
      .whenCommand(apply({ type: 'delete', id: 'nope' }))
      .thenNothing();
  });

  it('refuses updating an unknown entry, inserting an existing id, and an entry without terms', () => {
    given(decider)
      .whenCommand(apply({ type: 'update', id: 'g9', translations: { en: 'x' } }))
      .thenThrows(BadRequest);
    given(decider, space)
      .whenCommand(apply({ type: 'insert', id: 'g1', translations: { en: 'x' } }))
      .thenThrows(BadRequest);
    given(decider)
      .whenCommand(apply({ type: 'insert', id: 'g2', translations: {} }))
      .thenThrows(BadRequest);
  });

  it('a term names one entry per language, case aside; the whole batch is refused', () => {
    expect(() =>
      decider.decide(
        apply({ type: 'insert', id: 'g2', translations: { en: 'Page' } }, { type: 'insert', id: 'g3', translations: { en: ' space ' } }),
        given(decider, space).state,
        new Date(T0),
      ),
    ).toThrow('operations[1].translations.en: " space " is already the en term of glossary entry g1');
    // The same word in another language is another term.
    given(decider, space)
      .whenCommand(apply({ type: 'insert', id: 'g2', translations: { de: 'Space' } }))
      .then([added('g2', { de: 'Space' })]);
  });

  it('the terms of a language pair are the entries naming both', () => {
    const entries = [{ en: 'Space', fr: 'Espace' }, { en: 'Page' }, { fr: 'Collection', en: ' Collection ' }];
    expect(termsFor(entries, 'en', 'fr')).toEqual([
      { source: 'Space', target: 'Espace' },
      { source: 'Collection', target: 'Collection' },
    ]);
    expect(termsFor(entries, 'fr', 'de')).toEqual([]);
  });
});
