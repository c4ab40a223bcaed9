/**
 * A word is a run of letters and digits, with inner apostrophes and hyphens (`don't`,
 * `e-mail`): what stats.totalWords counts in the text sent to the translator. Code, URLs and
 * markup are never sent, so they never count.
 */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export const countWords = (text: string): number => text.match(WORD)?.length ?? 0;

/** Whether a text has anything to translate (a letter). */
export const hasLetters = (text: string): boolean => /\p{L}/u.test(text);
