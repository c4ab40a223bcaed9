import { IfPresent, isPlainObject, Satisfies } from '@app/platform';
import { documentToMarkdown } from '@app/content';
import { GlossaryOperationInput } from '../application/commands/glossary.commands';
import { isTranslationLanguage, TRANSLATION_LANGUAGES, TranslationLanguage } from '../domain/languages';
import { TranslationSource } from '../domain/translation.events';

const languageProblem = (v: unknown, field: string) => (isTranslationLanguage(v) ? null : `${field}: must be one of ${TRANSLATION_LANGUAGES.join(', ')}`);

/** An id of something of this server: a non-empty string of at most 100 characters. */
const idProblem = (v: unknown, field: string) =>
  typeof v === 'string' && v.length > 0 && v.length <= 100 ? null : `${field}: must be an id (1 to 100 characters)`;

function unknownField(o: Record<string, unknown>, allowed: readonly string[], field: string): string | null {
  const extra = Object.keys(o).find((k) => !allowed.includes(k));
  return extra === undefined ? null : `${field}.${extra}: unknown field`;
}

/** The reference TranslationSource: `{space, language}`. */
function sourceProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object {space, language}`;
  return unknownField(v, ['space', 'language'], field) ?? idProblem(v.space, `${field}.space`) ?? languageProblem(v.language, `${field}.language`);
}

/** A rich-text document (reference JSONDocument), checked by converting it to markdown (kept as such). */
export function documentProblem(v: unknown, field: string): string | null {
  try {
    documentToMarkdown(v, field);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
export const instructionsMarkdown = (doc: unknown): string => (doc === undefined ? '' : documentToMarkdown(doc, 'instructions'));

/** createTranslation. */
export class CreateTranslationBody {
  @Satisfies('isTranslationSource', sourceProblem) source!: TranslationSource;
  @Satisfies('isTranslationLanguage', languageProblem) language!: TranslationLanguage;
  @IfPresent() @Satisfies('isJsonDocument', documentProblem) instructions?: unknown;
}

/** updateTranslation. */
export class UpdateTranslationBody {
  @Satisfies('isJsonDocument', documentProblem) instructions!: unknown;
}

/** Most operations in one updateGlossaryEntries batch. */
export const GLOSSARY_MAX_OPERATIONS = 1000;

/** The reference GlossaryTranslations: language code → term (1..255 characters, one line). */
function translationsProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object of language code → term`;
  for (const [lang, term] of Object.entries(v)) {
    if (!isTranslationLanguage(lang)) return `${field}.${lang}: not a language code (one of ${TRANSLATION_LANGUAGES.join(', ')})`;
    if (typeof term !== 'string' || term.trim().length === 0 || term.length > 255 || /[\n\r]/.test(term))
      return `${field}.${lang}: must be a term of 1 to 255 characters on one line`;
  }
  return null;
}

/** The reference GlossaryBatchOperation: insert {translations}, update {id, translations} or delete {id}. */
function operationProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object {type, …}`;
  if (v.type === 'insert') return unknownField(v, ['type', 'translations'], field) ?? translationsProblem(v.translations, `${field}.translations`);
  if (v.type === 'update')
    return (
      unknownField(v, ['type', 'id', 'translations'], field) ?? idProblem(v.id, `${field}.id`) ?? translationsProblem(v.translations, `${field}.translations`)
    );
  if (v.type === 'delete') return unknownField(v, ['type', 'id'], field) ?? idProblem(v.id, `${field}.id`);
  return `${field}.type: must be one of insert, update, delete`;
}

function operationsProblem(v: unknown, field: string): string | null {
  if (!Array.isArray(v)) return `${field}: must be an array`;
  if (v.length > GLOSSARY_MAX_OPERATIONS) return `${field}: at most ${GLOSSARY_MAX_OPERATIONS} operations`;
  for (let i = 0; i < v.length; i++) {
    const p = operationProblem(v[i], `${field}[${i}]`);
    if (p) return p;
  }
  return null;
}

/** updateGlossaryEntries. */
export class UpdateGlossaryBody {
  @Satisfies('isGlossaryOperations', operationsProblem) operations!: GlossaryOperationInput[];
}
