import { BadRequest, Decider, DomainEvent, unreachable } from '@app/platform';
import { TranslationLanguage } from './languages';

/** One glossary per organization: `translations.glossary-<organizationId>`. */
export const glossaryStream = (organizationId: string) => `translations.glossary-${organizationId}`;

/** An entry's terms: language code → the term in that language. */
export type GlossaryTranslations = Partial<Record<TranslationLanguage, string>>;

export type GlossaryOperation =
  | { type: 'insert'; id: string; translations: GlossaryTranslations }
  | { type: 'update'; id: string; translations: GlossaryTranslations }
  | { type: 'delete'; id: string };

type Of<D> = { organizationId: string; entryId: string } & D;
export type GlossaryEvent =
  | DomainEvent<'GlossaryEntryAdded', Of<{ translations: GlossaryTranslations; addedBy: string; addedAt: string }>>
  | DomainEvent<'GlossaryEntryChanged', Of<{ translations: GlossaryTranslations; changedBy: string; changedAt: string }>>
  | DomainEvent<'GlossaryEntryRemoved', Of<{ removedBy: string; removedAt: string }>>;

export const GLOSSARY_EVENT_TYPES: ReadonlyArray<GlossaryEvent['type']> = ['GlossaryEntryAdded', 'GlossaryEntryChanged', 'GlossaryEntryRemoved'];

export interface GlossaryState {
  entries: Record<string, GlossaryTranslations>;
}

export type GlossaryCommand = { type: 'ApplyGlossaryOperations'; organizationId: string; operations: GlossaryOperation[]; actor: string };

/** Most entries one organization's glossary holds (every run reads them all). */
export const GLOSSARY_MAX_ENTRIES = 10_000;

const key = (term: string) => term.trim().toLocaleLowerCase();
const same = (a: GlossaryTranslations, b: GlossaryTranslations) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** A term names one entry per language (case aside): otherwise a run could not know which translation to write. */
function assertUnique(entries: GlossaryState['entries'], id: string, translations: GlossaryTranslations, field: string): void {
  for (const [lang, term] of Object.entries(translations) as Array<[TranslationLanguage, string]>) {
    const other = Object.entries(entries).find(([otherId, t]) => otherId !== id && t[lang] !== undefined && key(t[lang]) === key(term));
    if (other) throw new BadRequest(`${field}.${lang}: "${term}" is already the ${lang} term of glossary entry ${other[0]}`);
  }
}

/**
 * The organization's glossary: a batch of inserts, updates and deletes applied in order, all
 * or nothing (any broken rule refuses the batch with the operation's index). An update replaces
 * an entry's terms; deleting an entry that is not there changes nothing.
 */
export const glossaryDecider: Decider<GlossaryState, GlossaryCommand, GlossaryEvent> = {
  initialState: { entries: {} },
  evolve(s, e) {
    switch (e.type) {
      case 'GlossaryEntryAdded':
      case 'GlossaryEntryChanged':
        return { entries: { ...s.entries, [e.data.entryId]: e.data.translations } };
      case 'GlossaryEntryRemoved': {
        const { [e.data.entryId]: _gone, ...entries } = s.entries;
        return { entries };
      }
      default:
        return unreachable(e);
    }
  },
  decide(c, s, now) {
    const at = now.toISOString();
    const events: GlossaryEvent[] = [];
    let working = s;
    c.operations.forEach((op, i) => {
      const field = `operations[${i}]`;
      const base = { organizationId: c.organizationId, entryId: op.id };
      let event: GlossaryEvent | null = null;
      if (op.type === 'delete') {
        if (working.entries[op.id]) event = { type: 'GlossaryEntryRemoved', data: { ...base, removedBy: c.actor, removedAt: at } };
      } else {
        if (Object.keys(op.translations).length === 0) throw new BadRequest(`${field}.translations: must name the term in at least one language`);
        const existing = working.entries[op.id];
        if (op.type === 'update' && !existing) throw new BadRequest(`${field}.id: no glossary entry with id ${op.id}`);
        if (op.type === 'insert' && existing) throw new BadRequest(`${field}.id: glossary entry ${op.id} exists already`);
        assertUnique(working.entries, op.id, op.translations, `${field}.translations`);
        if (op.type === 'insert') {
          if (Object.keys(working.entries).length >= GLOSSARY_MAX_ENTRIES)
            throw new BadRequest(`${field}: a glossary holds at most ${GLOSSARY_MAX_ENTRIES} entries; delete some first`);
          event = { type: 'GlossaryEntryAdded', data: { ...base, translations: op.translations, addedBy: c.actor, addedAt: at } };
        } else if (!same(existing, op.translations))
          event = { type: 'GlossaryEntryChanged', data: { ...base, translations: op.translations, changedBy: c.actor, changedAt: at } };
      }
      if (event) {
        events.push(event);
        working = glossaryDecider.evolve(working, event);
      }
    });
    return events;
  },
};

/** The terms of a language pair: entries naming both languages, `source` → `target`. */
export function termsFor(
  entries: Iterable<GlossaryTranslations>,
  from: TranslationLanguage,
  to: TranslationLanguage,
): Array<{ source: string; target: string }> {
  const out: Array<{ source: string; target: string }> = [];
  for (const t of entries) if (t[from] && t[to]) out.push({ source: t[from].trim(), target: t[to].trim() });
  return out;
}
