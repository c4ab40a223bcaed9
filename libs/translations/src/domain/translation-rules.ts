import { BadRequest, NotFound } from '@app/platform';

export class TranslationNotFound extends NotFound {
  constructor(id: string) {
    super(`translationId: no translation with id ${id} in this organization`);
  }
}

/** Longest instructions (their markdown): they go into every request to the translator. */
export const INSTRUCTIONS_MAX = 20_000;
/** Longest failure message kept (a provider's answer is cut to fit). */
export const MESSAGE_MAX = 1_000;

export function checkInstructions(markdown: string, field = 'instructions'): string {
  if (markdown.length > INSTRUCTIONS_MAX) throw new BadRequest(`${field}: must be at most ${INSTRUCTIONS_MAX} characters as markdown`);
  return markdown;
}

export function checkLanguages(sourceLanguage: string, language: string): void {
  if (sourceLanguage === language) throw new BadRequest(`language: must differ from source.language (both are "${language}")`);
}

/** Whole seconds between two instants (never negative): the reference's durations. */
export const secondsBetween = (from: string, to: Date) => Math.max(0, Math.round((to.getTime() - Date.parse(from)) / 1000));
