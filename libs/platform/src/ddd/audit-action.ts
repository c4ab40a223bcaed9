/** A resource an audit event is about: `{ type: 'space', id }`. */
export interface AuditSubject {
  type: string;
  id: string;
}

/**
 * How one published domain event reads as an audit event. Each context declares the list for its
 * events in `contracts/audit-actions.ts` (one vocabulary for audit events, webhooks and the
 * change feed); the audit context, above them all, maps the stream with them.
 */
export interface AuditActionDefinition<D = Record<string, unknown>> {
  /** The domain event type (its stable type string). */
  event: string;
  /** Stable dotted action id in the newer reference's style: `space.created`, `change-request.merged`. */
  action: string;
  /** Human-readable label: `Space created`. */
  label: string;
  /** The resource the event changed. */
  target(data: D, stream: string): AuditSubject;
  /** Other resources whose history includes the event (the space a change request belongs to, the member added to a team). */
  related?(data: D, stream: string): AuditSubject[];
  /** The organization, when the event names it; otherwise the audit log finds it from the resources it already knows. */
  organizationId?(data: D, stream: string): string | undefined;
  /** Payload fields removed from the details besides the ones every event loses (secrets, sealed values, digests). */
  secretFields?: string[];
}
