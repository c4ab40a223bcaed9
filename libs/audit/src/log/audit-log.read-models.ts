import { AuditEvent } from '../ports';

export const AUDIT_LOG_PROJECTION = 'audit-log';
/** One document per audit event, keyed by the zero-padded global position (newest first = id descending). */
export const AUDIT_EVENTS = 'audit_events';
/** The details of each audit event (correlation, payload), apart so the indexed documents stay small. */
export const AUDIT_DETAILS = 'audit_details';
/**
 * One document per (related resource, audit event): with the events' own target index, the
 * resource histories. The target is not repeated here (most events have only a target).
 */
export const AUDIT_SUBJECTS = 'audit_subjects';
/** What the log knows of resources: their organization (or the resource they belong to) and label. */
export const AUDIT_RESOURCES = 'audit_resources';

/** Sorts as the position does: ids compare as strings. */
export const positionKey = (position: number) => String(position).padStart(16, '0');
export const subjectKey = (s: { type: string; id: string }) => `${s.type}:${s.id}`;

/** The fields every filter reads, on both the events and the subjects. */
export interface FilterFields {
  organizationId: string;
  occurredAt: string;
  action: string;
  actorId: string;
  targetId: string;
}

/** The audit event's own fields (`urls` is built from PUBLIC_URL when read), flat beside the filter fields. */
export interface AuditEventDoc extends FilterFields {
  [key: string]: unknown;
  id: string;
  eventId: string;
  position: number;
  actor: AuditEvent['actor'];
  source: AuditEvent['source'];
  target: AuditEvent['target'];
}

/** Keyed by the event's id: answers "which audit event is this id" without an index of its own. */
export interface AuditDetailsDoc {
  [key: string]: unknown;
  /** The domain event's id. */
  id: string;
  /** The AuditEventDoc id. */
  ref: string;
  organizationId: string;
  position: number;
  occurredAt: string;
  correlationId: string;
  causedByEventId?: string;
  schemaVersion: number;
  payload: Record<string, unknown>;
}

export interface AuditSubjectDoc extends FilterFields {
  [key: string]: unknown;
  /** `<subject>|<position key>`: ordered by position within a subject. */
  id: string;
  subject: string;
  /** The AuditEventDoc id. */
  ref: string;
}

export interface AuditResourceDoc {
  [key: string]: unknown;
  id: string;
  organizationId?: string;
  /** The resource whose organization this one shares (a change request's space). */
  parent?: string;
  label?: string;
}
