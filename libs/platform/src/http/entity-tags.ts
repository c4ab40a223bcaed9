import { createHash } from 'crypto';

/**
 * Strong entity tags of single resources. The tag hashes the revision of the resource's event
 * stream (as the read side knows it) together with the exact bytes of the representation, so:
 * - two different bodies never share a tag (the body bytes are hashed: counters fed by other
 *   streams, permission flags computed for the caller, signed URLs all change it);
 * - every write to the resource's stream changes it, even one the body does not show, and a
 *   value written back to what it was (A → B → A) is a new tag (the revision moved).
 * Opaque on purpose: clients compare tags, they do not parse them.
 */
export function entityTag(stream: string | null, revision: number | null, body: string): string {
  const digest = createHash('sha256')
    .update(`${stream ?? ''}\n${revision ?? -1}\n`)
    .update(body)
    .digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}

/** `*` or the entity tags of an If-Match / If-None-Match header; null when it is malformed. */
export type TagList = '*' | Array<{ weak: boolean; tag: string }>;

export function parseTagList(header: string | string[] | undefined): TagList | null {
  const text = (Array.isArray(header) ? header.join(',') : (header ?? '')).trim();
  if (text === '*') return '*';
  const tags: Array<{ weak: boolean; tag: string }> = [];
  // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, in a comma-separated list (RFC 9110 §8.8.3).
  const re = /\s*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(,|$)/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length && (m = re.exec(text))) {
    tags.push({ weak: !!m[1], tag: m[2] });
    if (!m[3]) break;
  }
  return tags.length > 0 && re.lastIndex >= text.length ? tags : null;
}

/** If-Match uses the strong comparison: a weak tag never matches (RFC 9110 §13.1.1). */
export const strongMatch = (list: TagList, current: string | null): boolean =>
  current !== null && (list === '*' || list.some((t) => !t.weak && t.tag === current));

/** If-None-Match uses the weak comparison: `W/"x"` matches `"x"` (RFC 9110 §13.1.2). */
export const weakMatch = (list: TagList, current: string | null): boolean => current !== null && (list === '*' || list.some((t) => t.tag === current));

/**
 * Whether a GET that answers bytes outside the JSON interceptor (files, specs, fonts) should
 * answer 304: its If-None-Match lists the current tag, weakly compared. A malformed header
 * matches nothing (the full answer is always safe).
 */
export function ifNoneMatches(header: string | string[] | undefined, current: string): boolean {
  if (header === undefined) return false;
  const list = parseTagList(header);
  return list !== null && weakMatch(list, current);
}
