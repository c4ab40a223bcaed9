import { Query } from '@nestjs/cqrs';
import { RecordedEvent } from '../event-store/event-store.port';
import { BadRequest } from '../ddd/errors';

/**
 * A point in the history of the event store that `asOf` names: just after an audit event (a
 * global position), or an instant (every event that occurred at or before it). Time travel folds
 * a context's own streams with its own `evolve`, keeping the events `includesEvent` admits.
 */
export interface AsOfPoint {
  /** The value echoed in the `X-As-Of` response header (normalised ISO instant, or the event id). */
  readonly label: string;
  /** Events at or before this global position (an audit event id was given). */
  readonly position?: number;
  /** Events that occurred at or before this ISO instant (an instant was given). */
  readonly instant?: string;
}

export const AS_OF_HEADER = 'X-As-Of';

export const includesEvent = (point: AsOfPoint, event: RecordedEvent): boolean =>
  point.position !== undefined ? event.position <= point.position : event.metadata.occurredAt <= (point.instant as string);

/** Where an audit event id lies in the global stream; answered by the audit context (above). */
export class ResolveAuditEventQuery extends Query<{ position: number; occurredAt: string } | null> {
  constructor(readonly eventId: string) {
    super();
  }
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AsOfInput = { kind: 'instant'; instant: string } | { kind: 'event'; eventId: string };

/** Parses the `asOf` parameter; 400 naming it when malformed or in the future. */
export function parseAsOf(raw: unknown, now: Date, field = 'asOf'): AsOfInput | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw === '') throw new BadRequest(`${field}: must be an ISO 8601 instant or an audit event id`);
  if (UUID.test(raw)) return { kind: 'event', eventId: raw.toLowerCase() };
  const t = ISO_INSTANT.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(t)) throw new BadRequest(`${field}: must be an ISO 8601 instant or an audit event id`);
  if (t > now.getTime()) throw new BadRequest(`${field}: must not be in the future`);
  return { kind: 'instant', instant: new Date(t).toISOString() };
}
