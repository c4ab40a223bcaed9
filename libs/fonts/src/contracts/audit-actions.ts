import { AuditActionDefinition } from '@app/platform';

type Data = Record<string, unknown>;
const font = (event: string, action: string, label: string): AuditActionDefinition => ({
  event,
  action,
  label,
  target: (d: Data) => ({ type: 'custom-font', id: d.fontId as string }),
  organizationId: (d: Data) => d.organizationId as string,
});

/** How the fonts context's events read as audit events. */
export const FONTS_AUDIT_ACTIONS: AuditActionDefinition[] = [
  font('CustomFontCreated', 'custom-font.created', 'Custom font created'),
  font('CustomFontUpdated', 'custom-font.updated', 'Custom font updated'),
  font('CustomFontDeleted', 'custom-font.deleted', 'Custom font deleted'),
];
