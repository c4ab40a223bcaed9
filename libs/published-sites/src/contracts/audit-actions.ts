import { AuditActionDefinition } from '@app/platform';

/**
 * Published sites append no domain events (their insights go to a store of their own, never to
 * the event streams), so they have no audit actions; the list exists so that every context
 * declares one and a future event is added here.
 */
export const PUBLISHED_SITES_AUDIT_ACTIONS: AuditActionDefinition[] = [];
