/**
 * The seams between the parts of the audit context (log/, webhooks/, feed/): one vocabulary of
 * audit events, built once from the stream by the log's projection, read by the webhooks'
 * dispatcher and the change feed. Parts import each other only through this file and the action
 * registry beside it (`audit-action.registry.ts`: the one vocabulary of action ids); they import
 * `AuditLogModule` only to have `AuditEventSource` injected.
 */

/** The newer reference's `AuditEvent` (`@gitbook/api@0.202.0`). */
export interface AuditEvent {
  object: 'audit-event';
  /** The domain event's UUID. */
  id: string;
  occurredAt: string;
  /** Stable dotted action id, e.g. `space.created`, `change-request.merged`. */
  action: string;
  actor: { type: 'user' | 'system'; id: string; label?: string };
  source: 'api' | 'script' | 'workflow';
  target: { type: string; id: string; label?: string };
  urls: { location: string };
}

/** `AuditEventDetails`: the event with its correlation and its payload, secrets removed. */
export interface AuditEventDetails extends AuditEvent {
  correlationId: string;
  causedByEventId?: string;
  schemaVersion: number;
  payload: Record<string, unknown>;
}

/** An audit event with its place in the global stream (resume tokens, ordering, checkpoints). */
export interface PositionedAuditEvent {
  position: number;
  organizationId: string;
  event: AuditEvent;
}

/** The list's filters, shared by the list, the NDJSON export, webhooks and the change feed. */
export interface AuditFilter {
  from?: string;
  to?: string;
  /** Exact action ids, or prefixes ending in `*` (webhook subscriptions). */
  actions?: string[];
  actor?: string;
  target?: string;
}

/** Reads the audit log in stream order: what the webhooks and the change feed consume. */
export abstract class AuditEventSource {
  /** Events of the organization strictly after `position`, oldest first, at most `limit`. */
  abstract after(organizationId: string, position: number, limit: number, filter?: AuditFilter): Promise<PositionedAuditEvent[]>;
  /** The audit event with this id, if it belongs to the organization. */
  abstract get(organizationId: string, eventId: string): Promise<PositionedAuditEvent | null>;
  /** Global position the audit log has applied (its projection's checkpoint). */
  abstract appliedPosition(): Promise<number>;
}
