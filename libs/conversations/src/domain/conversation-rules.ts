import { BadRequest, NotFound } from '@app/platform';

export const ID_MAX = 255;
export const SUBJECT_MAX = 512;
export const PARTS_MAX = 500;
export const PART_BODY_MAX = 100_000;
/** All message bodies of one conversation together. */
export const CONVERSATION_CHARS_MAX = 1_000_000;
export const ATTRIBUTES_MAX = 50;
export const ATTRIBUTE_KEY_MAX = 100;
export const ATTRIBUTE_VALUE_MAX = 2_000;
export const URL_MAX = 2048;
/** Conversations in one request (the reference takes one or an array). */
export const BATCH_MAX = 100;

/** The reference ConversationSource: `email` or `integration:<integration>:<installation>`. */
export const SOURCE_PATTERN = /^(email|integration:[^:]+:[^:]+)$/;

export class ConversationNotFound extends NotFound {
  constructor(id: string) {
    super(`No conversation with id ${JSON.stringify(id)} in this organization`);
  }
}
export class ConversationIssueNotFound extends NotFound {
  constructor(id: string) {
    super(`No conversation issue with id ${JSON.stringify(id)} in this organization`);
  }
}
export class ConversationTooLarge extends BadRequest {
  constructor(field: string) {
    super(`${field}: the message bodies together must be at most ${CONVERSATION_CHARS_MAX} characters`);
  }
}

/** An absolute URI (any scheme: https, mailto…) of at most 2048 characters. */
export function uriProblem(v: unknown, field: string): string | null {
  if (typeof v !== 'string' || v.length === 0 || v.length > URL_MAX) return `${field}: must be an absolute URI of at most ${URL_MAX} characters`;
  try {
    new URL(v);
    return /^[a-z][a-z0-9+.-]*:/i.test(v) ? null : `${field}: must be an absolute URI`;
  } catch {
    return `${field}: must be an absolute URI`;
  }
}

/** A map of string to string, bounded; `source`, when given, must be a ConversationSource. */
export function attributesProblem(v: unknown, field: string): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `${field}: must be an object mapping strings to strings`;
  const entries = Object.entries(v);
  if (entries.length > ATTRIBUTES_MAX) return `${field}: at most ${ATTRIBUTES_MAX} attributes`;
  for (const [k, value] of entries) {
    if (k.length === 0 || k.length > ATTRIBUTE_KEY_MAX) return `${field}: keys must be 1 to ${ATTRIBUTE_KEY_MAX} characters`;
    if (typeof value !== 'string') return `${field}.${k}: must be a string`;
    if (value.length > ATTRIBUTE_VALUE_MAX) return `${field}.${k}: at most ${ATTRIBUTE_VALUE_MAX} characters`;
  }
  const source = (v as Record<string, unknown>).source;
  if (source !== undefined && !SOURCE_PATTERN.test(source as string)) return `${field}.source: must be "email" or "integration:<integration>:<installation>"`;
  return null;
}

/**
 * The conversation's source identifier: `metadata.attributes.source` when given; else `email`
 * for a `mailto:` URL; else `integration:<host>:web` from the URL's host (where the conversation
 * lives); else `integration:api:direct` (sent straight to the API, no origin named).
 */
export function sourceOf(metadata: { url?: string; attributes?: Record<string, string> }): string {
  const given = metadata.attributes?.source;
  if (given) return given;
  if (!metadata.url) return 'integration:api:direct';
  const url = new URL(metadata.url);
  if (url.protocol === 'mailto:') return 'email';
  return url.hostname ? `integration:${url.hostname}:web` : 'integration:api:direct';
}
