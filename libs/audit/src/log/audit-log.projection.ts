import { AuditSubject, ProjectionContext, ProjectionDefinition, RecordedEvent } from '@app/platform';
import { AUDIT_ACTIONS, AuditActionRegistry } from '../audit-action.registry';
import { actorAndSource, labelIn, redact } from './audit-event.mapper';
import {
  AUDIT_DETAILS,
  AUDIT_EVENTS,
  AUDIT_LOG_PROJECTION,
  AUDIT_RESOURCES,
  AUDIT_SUBJECTS,
  AuditDetailsDoc,
  AuditEventDoc,
  AuditResourceDoc,
  AuditSubjectDoc,
  positionKey,
  subjectKey,
} from './audit-log.read-models';

/**
 * Resources that belong to another one's organization: their organization is looked up through
 * it (a change request is in its space's organization, also after the space moved to another).
 */
const PARENT_TYPE: Record<string, string> = {
  'change-request': 'space',
  comment: 'space',
  'site-section': 'site',
  'site-section-group': 'site',
  'site-space': 'site',
  'share-link': 'site',
  'site-redirect': 'site',
  'mcp-server': 'site',
};

/** Filter-and-order indexes: every filter with the organization, then newest first (id). */
const FILTER_INDEXES = [
  ['organizationId', 'id'],
  ['organizationId', 'action', 'id'],
  ['organizationId', 'actorId', 'id'],
  ['organizationId', 'targetId', 'id'],
  ['organizationId', 'occurredAt'],
];

async function organizationOf(ctx: ProjectionContext, key: string, depth = 0): Promise<string | undefined> {
  const r = await ctx.get<AuditResourceDoc>(AUDIT_RESOURCES, key);
  if (!r) return undefined;
  return r.organizationId ?? (r.parent && depth < 3 ? organizationOf(ctx, r.parent, depth + 1) : undefined);
}

/** The resources an event names: its target first, then the related ones, each once. */
function subjectsOf(target: AuditSubject, related: AuditSubject[]): AuditSubject[] {
  const seen = new Set<string>();
  return [target, ...related].filter((s) => typeof s.id === 'string' && s.id !== '' && !seen.has(subjectKey(s)) && seen.add(subjectKey(s)));
}

/**
 * The audit log: one document per domain event of an organization's streams, in the vocabulary
 * the contexts publish (contracts/audit-actions.ts), and the resources it knows so that events
 * that do not name their organization (a space's rename, a change request's merge) find it.
 * Labels are captured as they were when the event happened.
 */
export function auditLogProjection(registry: AuditActionRegistry = AUDIT_ACTIONS): ProjectionDefinition {
  return {
    name: AUDIT_LOG_PROJECTION,
    // Every event costs it a document and its indexes: its routes wait for it (ReadsProjection),
    // the rest of the API does not (a catch-up of a million events made readiness wait for it).
    consistency: 'own',
    collections: [
      { name: AUDIT_EVENTS, indexes: FILTER_INDEXES },
      { name: AUDIT_DETAILS },
      { name: AUDIT_SUBJECTS, indexes: [['organizationId', 'subject', 'id']] },
      { name: AUDIT_RESOURCES },
    ],
    handles: registry.eventTypes(),
    async apply(event: RecordedEvent, ctx: ProjectionContext) {
      const def = registry.definition(event.type);
      if (!def) return;
      const data = event.data as Record<string, unknown>;
      const target = def.target(data, event.stream);
      const subjects = subjectsOf(target, def.related?.(data, event.stream) ?? []);
      const targetKey = subjectKey(target);
      const known = await ctx.get<AuditResourceDoc>(AUDIT_RESOURCES, targetKey);
      let organizationId = def.organizationId?.(data, event.stream);
      for (const s of subjects) organizationId ??= await organizationOf(ctx, subjectKey(s));

      // What the log learns about the target: its label, organization or parent.
      const parentType = PARENT_TYPE[target.type];
      const parent = parentType ? subjects.find((s) => s.type === parentType) : undefined;
      const label = labelIn(data) ?? known?.label;
      // A transfer moves the resource (and what belongs to it) to the receiving organization.
      const owner = typeof data.to === 'string' && event.type.endsWith('Transferred') ? data.to : organizationId;
      const resource: AuditResourceDoc = {
        ...(known ?? {}),
        id: targetKey,
        ...(label ? { label } : {}),
        ...(parent ? { parent: subjectKey(parent) } : !parentType && owner && target.type !== 'user' ? { organizationId: owner } : {}),
      };
      if (JSON.stringify(resource) !== JSON.stringify(known)) ctx.put(AUDIT_RESOURCES, resource);
      if (!organizationId) return; // users and tokens: no organization's log

      const actorLabel = event.metadata.actor
        ? (await ctx.get<AuditResourceDoc>(AUDIT_RESOURCES, subjectKey({ type: 'user', id: event.metadata.actor })))?.label
        : undefined;
      const { actor, source } = actorAndSource(event.metadata, actorLabel);
      const id = positionKey(event.position);
      const fields = { organizationId, occurredAt: event.metadata.occurredAt, action: def.action, actorId: actor.id, targetId: target.id };
      ctx.put(AUDIT_EVENTS, {
        id,
        eventId: event.id,
        position: event.position,
        ...fields,
        actor,
        source,
        target: { type: target.type, id: target.id, ...(label ? { label } : {}) },
      } satisfies AuditEventDoc);
      ctx.put(AUDIT_DETAILS, {
        id: event.id,
        ref: id,
        organizationId,
        position: event.position,
        occurredAt: event.metadata.occurredAt,
        correlationId: event.metadata.correlationId,
        ...(event.metadata.causationId ? { causedByEventId: event.metadata.causationId } : {}),
        schemaVersion: event.metadata.schemaVersion,
        payload: redact(data, def.secretFields),
      } satisfies AuditDetailsDoc);
      // The target's history is read from the events' target index; the others' from here.
      for (const s of subjects.filter((x) => subjectKey(x) !== targetKey)) {
        const subject = subjectKey(s);
        ctx.put(AUDIT_SUBJECTS, { id: `${subject}|${id}`, subject, ref: id, ...fields } satisfies AuditSubjectDoc);
      }
    },
  };
}
