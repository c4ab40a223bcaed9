import { AuditActionDefinition, AuditSubject } from '@app/platform';

type Data = Record<string, unknown>;
const org = (d: Data) => d.organizationId as string;
const spaces = (...ids: unknown[]): AuditSubject[] => ids.filter((id): id is string => typeof id === 'string').map((id) => ({ type: 'space', id }));
const translation = (event: string, action: string, label: string, related?: (d: Data) => AuditSubject[]): AuditActionDefinition => ({
  event,
  action,
  label,
  target: (d) => ({ type: 'translation', id: d.translationId as string }),
  ...(related ? { related } : {}),
  organizationId: org,
});
const entry = (event: string, action: string, label: string): AuditActionDefinition => ({
  event,
  action,
  label,
  target: (d) => ({ type: 'glossary-entry', id: d.entryId as string }),
  organizationId: org,
});

/** How the translations context's events read as audit events (a run relates the space it writes). */
export const TRANSLATIONS_AUDIT_ACTIONS: AuditActionDefinition[] = [
  translation('TranslationCreated', 'translation.created', 'Translation created'),
  translation('TranslationInstructionsChanged', 'translation.updated', 'Translation instructions updated'),
  translation('TranslationDeleted', 'translation.deleted', 'Translation deleted'),
  translation('TranslationRunRequested', 'translation.run.requested', 'Translation run requested'),
  translation('TranslationRunPlanned', 'translation.run.planned', 'Translation run planned'),
  translation('TranslationRunStarted', 'translation.run.started', 'Translation run started', (d) => spaces(d.targetSpaceId)),
  translation('TranslationRunCompleted', 'translation.run.completed', 'Translation run completed', (d) => spaces(d.space)),
  translation('TranslationRunFailed', 'translation.run.failed', 'Translation run failed'),
  entry('GlossaryEntryAdded', 'translation.glossary-entry.created', 'Glossary entry added'),
  entry('GlossaryEntryChanged', 'translation.glossary-entry.updated', 'Glossary entry updated'),
  entry('GlossaryEntryRemoved', 'translation.glossary-entry.deleted', 'Glossary entry removed'),
];
