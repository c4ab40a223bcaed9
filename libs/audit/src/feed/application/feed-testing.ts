import { AuditEvent, AuditEventSource, AuditFilter, PositionedAuditEvent } from '../../ports';

/** An audit event of `organizationId` at `position` (unit tests). */
export function auditEventAt(position: number, organizationId = 'org1', action = 'space.created', target = `space${position}`): PositionedAuditEvent {
  const event: AuditEvent = {
    object: 'audit-event',
    id: `event-${position}`,
    occurredAt: new Date(Date.UTC(2026, 2, 1, 0, 0, position)).toISOString(),
    action,
    actor: { type: 'user', id: 'user1' },
    source: 'api',
    target: { type: 'space', id: target },
    urls: { location: `http://x/v1/orgs/${organizationId}/audit-events/event-${position}` },
  };
  return { position, organizationId, event };
}

/** An in-memory audit log: `append` adds events, `apply` moves the checkpoint that makes them visible. */
export class FakeAuditLog extends AuditEventSource {
  readonly events: PositionedAuditEvent[] = [];
  applied = 0;
  afterCalls = 0;
  appliedCalls = 0;

  append(...events: PositionedAuditEvent[]): this {
    this.events.push(...events);
    return this;
  }

  apply(position = Math.max(this.applied, ...this.events.map((e) => e.position))): void {
    this.applied = position;
  }

  after(organizationId: string, position: number, limit: number, filter: AuditFilter = {}): Promise<PositionedAuditEvent[]> {
    this.afterCalls++;
    const matches = (e: PositionedAuditEvent) =>
      e.organizationId === organizationId &&
      e.position > position &&
      e.position <= this.applied &&
      (!filter.actions || filter.actions.some((a) => (a.endsWith('*') ? e.event.action.startsWith(a.slice(0, -1)) : e.event.action === a))) &&
      (!filter.target || e.event.target.id === filter.target);
    return Promise.resolve(this.events.filter(matches).slice(0, limit));
  }

  get(organizationId: string, eventId: string): Promise<PositionedAuditEvent | null> {
    return Promise.resolve(this.events.find((e) => e.organizationId === organizationId && e.event.id === eventId) ?? null);
  }

  appliedPosition(): Promise<number> {
    this.appliedCalls++;
    return Promise.resolve(this.applied);
  }
}

/** Resolves once `condition` holds (checked every few ms; fails the test after `ms`). */
export async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 2));
  }
}
