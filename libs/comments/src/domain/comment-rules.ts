import { BadRequest, Forbidden, isEmoji, NotFound } from '@app/platform';

/** Longest markdown body of a comment or a reply. */
export const BODY_MAX = 20_000;
/** Most reactions one request may add or remove (each list). */
export const REACTIONS_MAX = 20;

export class CommentNotFound extends NotFound {
  constructor(id: string) {
    super(`commentId: no comment with id ${id} here`);
  }
}
export class CommentReplyNotFound extends NotFound {
  constructor(id: string) {
    super(`commentReplyId: no reply with id ${id} in this comment`);
  }
}
/** A refusal by the comment policy (comment-policy.ts). */
export class CommentRefused extends Forbidden {}

/** Body markdown: not empty (blank counts as empty), at most 20,000 characters. */
export function checkBody(markdown: string, field = 'body.markdown'): string {
  if (markdown.trim() === '') throw new BadRequest(`${field}: must not be empty`);
  if (markdown.length > BODY_MAX) throw new BadRequest(`${field}: must be at most ${BODY_MAX} characters`);
  return markdown;
}

/**
 * One emoji, one reaction: the character, or its hex code points (`1f389`, reference format
 * emoji) turned into the character, so that 🎉 and `1f389` are the same reaction of a user.
 */
export function normalizeEmoji(value: string, field: string): string {
  if (value.length === 0 || [...value].length > 50 || !isEmoji(value))
    throw new BadRequest(`${field}: must be an emoji character or its hex code points (format emoji)`);
  if (!/^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*$/i.test(value)) return value;
  const codePoints = value.split('-').map((h) => parseInt(h, 16));
  if (codePoints.some((c) => c > 0x10ffff)) throw new BadRequest(`${field}: ${value} is not a Unicode code point`);
  return String.fromCodePoint(...codePoints);
}

/** The emoji of a list, normalized, each once (order kept). */
export function normalizeEmojis(values: readonly string[] | undefined, field: string): string[] {
  if (!values) return [];
  if (values.length > REACTIONS_MAX) throw new BadRequest(`${field}: at most ${REACTIONS_MAX} items`);
  return [...new Set(values.map((v, i) => normalizeEmoji(v, `${field}[${i}]`)))];
}
