import { Injectable } from '@nestjs/common';
import { Filter, PageCursor, ReadStore, Urls } from '@app/platform';
import { AuditEvent, AuditEventDetails, AuditFilter, PositionedAuditEvent } from '../ports';
import { AUDIT_ACTIONS } from '../audit-action.registry';
import {
  AUDIT_DETAILS,
  AUDIT_EVENTS,
  AUDIT_SUBJECTS,
  AuditDetailsDoc,
  AuditEventDoc,
  AuditSubjectDoc,
  FilterFields,
  positionKey,
} from './audit-log.read-models';

/** Where a list reads: an organization's whole log, or the history of one resource in it. */
export interface AuditScope {
  organizationId: string;
  /** `type:id` of the resource whose history is listed. */
  subject?: string;
}

export interface AuditPage {
  items: AuditEvent[];
  next?: { page: string };
}

/** Documents read per turn while exporting (NDJSON): memory stays at one batch. */
const EXPORT_BATCH = 500;

/** Exact actions, or every action a prefix ending in `*` covers (webhook subscriptions). */
function actionCondition(actions: string[]): unknown {
  const exact = new Set<string>();
  for (const a of actions) {
    if (!a.endsWith('*')) exact.add(a);
    else for (const { id } of AUDIT_ACTIONS.actions()) if (id.startsWith(a.slice(0, -1))) exact.add(id);
  }
  return exact.size === 1 ? [...exact][0] : { $in: [...exact] };
}

export function auditWhere(organizationId: string, f: AuditFilter): Filter {
  const w: Filter = { organizationId } satisfies Partial<FilterFields>;
  if (f.from || f.to) w.occurredAt = { ...(f.from ? { $gte: f.from } : {}), ...(f.to ? { $lte: f.to } : {}) };
  if (f.actions?.length) w.action = actionCondition(f.actions);
  if (f.actor) w.actorId = f.actor;
  if (f.target) w.targetId = f.target;
  return w;
}

/**
 * Reads the audit log: pages newest first (keyset on the position), an unpaged export in
 * batches, one event's details, and the log in stream order for the webhooks and the feed.
 */
@Injectable()
export class AuditLogReader {
  constructor(
    private readonly store: ReadStore,
    private readonly urls: Urls,
  ) {}

  toEvent(d: AuditEventDoc): AuditEvent {
    return {
      object: 'audit-event',
      id: d.eventId,
      occurredAt: d.occurredAt,
      action: d.action,
      actor: d.actor,
      source: d.source,
      target: d.target,
      urls: { location: this.urls.api(`/orgs/${d.organizationId}/audit-events/${d.eventId}`) },
    };
  }

  async page(scope: AuditScope, filter: AuditFilter, limit: number, page?: string): Promise<AuditPage> {
    const cursor = new PageCursor('audit-events', { scope, filter }, ['string'] as const);
    const after = page ? cursor.decode(page) : undefined;
    const docs = await this.batch(scope, filter, limit + 1, after?.[0]);
    const items = docs.slice(0, limit);
    const more = docs.length > limit;
    return { items: items.map((d) => this.toEvent(d)), ...(more ? { next: { page: cursor.encode([items[items.length - 1].id]) } } : {}) };
  }

  /** Every matching event, newest first, read one batch at a time. */
  async *export(scope: AuditScope, filter: AuditFilter): AsyncGenerator<AuditEvent> {
    let after: string | undefined;
    for (;;) {
      const docs = await this.batch(scope, filter, EXPORT_BATCH, after);
      for (const d of docs) yield this.toEvent(d);
      if (docs.length < EXPORT_BATCH) return;
      after = docs[docs.length - 1].id;
    }
  }

  async details(organizationId: string, eventId: string): Promise<AuditEventDetails | null> {
    const d = await this.located(eventId);
    if (!d || d.organizationId !== organizationId) return null;
    const doc = await this.store.get<AuditEventDoc>(AUDIT_EVENTS, d.ref);
    if (!doc) return null;
    return {
      ...this.toEvent(doc),
      correlationId: d.correlationId,
      ...(d.causedByEventId ? { causedByEventId: d.causedByEventId } : {}),
      schemaVersion: d.schemaVersion,
      payload: d.payload,
    };
  }

  /** Where an event id is in the log (any organization): its details document. */
  located(eventId: string): Promise<AuditDetailsDoc | null> {
    return this.store.get<AuditDetailsDoc>(AUDIT_DETAILS, eventId);
  }

  async byEventId(eventId: string): Promise<AuditEventDoc | null> {
    const d = await this.located(eventId);
    return d ? this.store.get<AuditEventDoc>(AUDIT_EVENTS, d.ref) : null;
  }

  /** Oldest first, strictly after `position`. */
  async after(organizationId: string, position: number, limit: number, filter: AuditFilter = {}): Promise<PositionedAuditEvent[]> {
    const where = { ...auditWhere(organizationId, filter), id: { $gt: positionKey(position) } };
    const docs = await this.store.find<AuditEventDoc>(AUDIT_EVENTS, where, { sort: [['id', 1]], limit });
    return docs.map((d) => ({ position: d.position, organizationId: d.organizationId, event: this.toEvent(d) }));
  }

  /**
   * Newest first, after the position key `after`. A resource's history merges the events that
   * target it (the events' target index) with those that relate it (the subjects), each read
   * up to `limit` past the cursor.
   */
  private async batch(scope: AuditScope, filter: AuditFilter, limit: number, after?: string): Promise<AuditEventDoc[]> {
    const where = auditWhere(scope.organizationId, filter);
    const page = (key?: string) => ({ sort: [['id', -1]] as Array<[string, -1]>, limit, ...(key !== undefined ? { after: [key] } : {}) });
    if (!scope.subject) return this.store.find<AuditEventDoc>(AUDIT_EVENTS, where, page(after));
    const [type, ...rest] = scope.subject.split(':');
    const id = rest.join(':');
    const targeted =
      filter.target === undefined || filter.target === id
        ? this.store.find<AuditEventDoc>(AUDIT_EVENTS, { ...where, targetId: id, 'target.type': type }, page(after))
        : [];
    const rows = await this.store.find<AuditSubjectDoc>(
      AUDIT_SUBJECTS,
      { ...where, subject: scope.subject },
      page(after === undefined ? undefined : `${scope.subject}|${after}`),
    );
    const related = rows.length ? await this.store.find<AuditEventDoc>(AUDIT_EVENTS, { id: { $in: rows.map((r) => r.ref) } }) : [];
    const merged = new Map([...(await targeted), ...related].map((d) => [d.id, d]));
    return [...merged.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(0, limit);
  }
}
