import { DomainEvent, RecordedEvent } from '@app/platform';

/**
 * Narrows a recorded event to one of a context's event unions by its type string, so a
 * projection reads typed payloads (the stored data is the event's data as decided).
 */
export const isOneOf = <E extends DomainEvent>(types: ReadonlyArray<E['type']>) => {
  const known = new Set<string>(types);
  return (e: RecordedEvent): e is RecordedEvent & E => known.has(e.type);
};
