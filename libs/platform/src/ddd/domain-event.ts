/** A domain event before it is stored: a past-tense type string and its data. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** Fold with a pure evolve. */
export interface Evolver<S, E extends DomainEvent> {
  initialState: S;
  evolve(state: S, event: E): S;
}

/**
 * Upcasters turn an old schema version of an event into the current one on read, so history is
 * never rewritten. Register `(type, fromVersion) => upgrade`; they chain until the current version.
 */
type Upgrade = (data: unknown) => unknown;
const upcasters = new Map<string, Upgrade>();
export const CURRENT_SCHEMA_VERSION: Record<string, number> = {};

export function registerUpcaster(type: string, fromVersion: number, upgrade: Upgrade): void {
  upcasters.set(`${type}@${fromVersion}`, upgrade);
  CURRENT_SCHEMA_VERSION[type] = Math.max(CURRENT_SCHEMA_VERSION[type] ?? 1, fromVersion + 1);
}

export function upcast<E extends { type: string; data: unknown; metadata: { schemaVersion: number } }>(event: E): E {
  let version = event.metadata?.schemaVersion ?? 1;
  let data = event.data;
  let up = upcasters.get(`${event.type}@${version}`);
  while (up) {
    data = up(data);
    version += 1;
    up = upcasters.get(`${event.type}@${version}`);
  }
  return version === (event.metadata?.schemaVersion ?? 1) ? event : { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
}

export const schemaVersionOf = (type: string) => CURRENT_SCHEMA_VERSION[type] ?? 1;
