/** What the fonts context publishes to the contexts above it (event names and payloads they may rely on). */
export const FontsEvents = {
  /** A custom font definition exists (payload: fontId, organizationId, fontFamily, faces). */
  CustomFontCreated: 'CustomFontCreated',
  /** Its family name or faces changed (payload: the whole new fontFamily and faces). */
  CustomFontUpdated: 'CustomFontUpdated',
  /** It was deleted (payload: fontId, organizationId). */
  CustomFontDeleted: 'CustomFontDeleted',
} as const;
export * from './audit-actions';
