import { AuditActionDefinition } from '@app/platform';
import { IDENTITY_AUDIT_ACTIONS, IDENTITY_BOOKKEEPING_EVENTS } from '@app/identity/contracts';
import { ORGANIZATIONS_AUDIT_ACTIONS, ORGANIZATIONS_BOOKKEEPING_EVENTS } from '@app/organizations/contracts';
import { SPACES_AUDIT_ACTIONS } from '@app/spaces/contracts';
import { STORAGE_AUDIT_ACTIONS } from '@app/storage/contracts';
import { OPENAPI_AUDIT_ACTIONS } from '@app/openapi/contracts';
import { FONTS_AUDIT_ACTIONS } from '@app/fonts/contracts';
import { SSO_AUDIT_ACTIONS, SSO_BOOKKEEPING_EVENTS } from '@app/sso/contracts';
import { CONTENT_AUDIT_ACTIONS, CONTENT_BOOKKEEPING_EVENTS } from '@app/content/contracts';
import { SITES_AUDIT_ACTIONS, SITES_BOOKKEEPING_EVENTS } from '@app/sites/contracts';
import { COMMENTS_AUDIT_ACTIONS } from '@app/comments/contracts';
import { TRANSLATIONS_AUDIT_ACTIONS } from '@app/translations/contracts';
import { CONVERSATIONS_AUDIT_ACTIONS } from '@app/conversations/contracts';
import { GIT_SYNC_AUDIT_ACTIONS } from '@app/git-sync/contracts';
import { IMPORTS_AUDIT_ACTIONS, IMPORTS_BOOKKEEPING_EVENTS } from '@app/imports/contracts';
import { AUDIT_AUDIT_ACTIONS } from './contracts/audit-actions';

/**
 * The one vocabulary of audit actions: every context's published list (the published-sites
 * context, a sibling on this level, appends no domain events). Built once; a duplicate event
 * or an action id used by two labels is a bug caught at start-up, not at read time.
 */
export const AUDIT_ACTION_LISTS: Record<string, AuditActionDefinition[]> = {
  identity: IDENTITY_AUDIT_ACTIONS,
  organizations: ORGANIZATIONS_AUDIT_ACTIONS,
  spaces: SPACES_AUDIT_ACTIONS,
  storage: STORAGE_AUDIT_ACTIONS,
  openapi: OPENAPI_AUDIT_ACTIONS,
  fonts: FONTS_AUDIT_ACTIONS,
  sso: SSO_AUDIT_ACTIONS,
  content: CONTENT_AUDIT_ACTIONS,
  sites: SITES_AUDIT_ACTIONS,
  comments: COMMENTS_AUDIT_ACTIONS,
  translations: TRANSLATIONS_AUDIT_ACTIONS,
  conversations: CONVERSATIONS_AUDIT_ACTIONS,
  'git-sync': GIT_SYNC_AUDIT_ACTIONS,
  imports: IMPORTS_AUDIT_ACTIONS,
  audit: AUDIT_AUDIT_ACTIONS,
};

/**
 * Events that are appended but record no change anyone audits: idempotency keys, uniqueness
 * claims, counters, presence, saga indexes, replay guards, delivery attempts.
 */
export const BOOKKEEPING_EVENTS: ReadonlySet<string> = new Set([
  'IdempotencyKeyClaimed',
  'IdempotencyKeyReleased',
  'IdempotentResponseRecorded',
  'WebhookDeliveryAttempted',
  ...IDENTITY_BOOKKEEPING_EVENTS,
  ...ORGANIZATIONS_BOOKKEEPING_EVENTS,
  ...SSO_BOOKKEEPING_EVENTS,
  ...CONTENT_BOOKKEEPING_EVENTS,
  ...SITES_BOOKKEEPING_EVENTS,
  ...IMPORTS_BOOKKEEPING_EVENTS,
]);

export class AuditActionRegistry {
  private readonly byEvent = new Map<string, AuditActionDefinition>();
  private readonly labels = new Map<string, string>();

  constructor(lists: AuditActionDefinition[][]) {
    for (const def of lists.flat()) {
      if (this.byEvent.has(def.event)) throw new Error(`audit actions: event ${def.event} is mapped twice`);
      const label = this.labels.get(def.action);
      if (label !== undefined && label !== def.label) throw new Error(`audit actions: action ${def.action} has two labels`);
      this.byEvent.set(def.event, def);
      this.labels.set(def.action, def.label);
    }
  }

  definition(eventType: string): AuditActionDefinition | undefined {
    return this.byEvent.get(eventType);
  }

  eventTypes(): string[] {
    return [...this.byEvent.keys()];
  }

  /** Every action id with its label, sorted by id. */
  actions(): Array<{ id: string; label: string }> {
    return [...this.labels].map(([id, label]) => ({ id, label })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  hasAction(action: string): boolean {
    return this.labels.has(action);
  }
}

export const AUDIT_ACTIONS = new AuditActionRegistry(Object.values(AUDIT_ACTION_LISTS));
