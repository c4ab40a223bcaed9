import { EventMetadata } from '@app/platform';
import { AuditEvent } from '../ports';

/** The CLI runs commands as this actor (apps/cli). */
export const CLI_ACTOR = 'cli';
const SYSTEM = { type: 'system', id: 'system', label: 'System' } as const;

/**
 * Who did it and through what: a saga or a timer (the event was caused by another event, or
 * runs with no actor) is the system, through a workflow; the CLI is a script; a user through
 * the API otherwise.
 */
export function actorAndSource(metadata: EventMetadata, userLabel?: string): Pick<AuditEvent, 'actor' | 'source'> {
  if (metadata.causationId || !metadata.actor) return { actor: { ...SYSTEM }, source: 'workflow' };
  if (metadata.actor === CLI_ACTOR) return { actor: { type: 'system', id: CLI_ACTOR, label: 'Command line' }, source: 'script' };
  return { actor: { type: 'user', id: metadata.actor, ...(userLabel ? { label: userLabel } : {}) }, source: 'api' };
}

/** Field names that hold secrets or what derives from them, wherever they are in a payload. */
const SECRET_NAME = /secret|token|key|password|sealed|digest|credential/i;

/** The event's data without secrets: `secretFields` and every field whose name says secret, at any depth. */
export function redact(data: unknown, secretFields: readonly string[] = []): Record<string, unknown> {
  const drop = new Set(secretFields);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (!drop.has(k) && !SECRET_NAME.test(k)) out[k] = walk(x);
    return out;
  };
  const r = walk(data);
  return r !== null && typeof r === 'object' && !Array.isArray(r) ? (r as Record<string, unknown>) : {};
}

const LABEL_FIELDS = ['title', 'subject', 'displayName', 'name', 'label', 'slug', 'fontFamily'] as const;

/** The label an event gives its target, if any: a title (or name, subject…) in the data or its changes. */
export function labelIn(data: unknown): string | undefined {
  const d = (data ?? {}) as Record<string, unknown>;
  const changes = (d.changes ?? {}) as Record<string, unknown>;
  for (const source of [d, changes]) {
    for (const f of LABEL_FIELDS) if (typeof source[f] === 'string' && source[f] !== '') return source[f];
  }
  return undefined;
}
