import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { CUSTOM_FONT_EVENT_TYPES, CustomFontEvent, FontFace } from '../domain/custom-font';

export const CUSTOM_FONTS = 'custom_fonts';

export interface CustomFontDoc {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  fontFamily: string;
  /** By ascending weight. */
  faces: FontFace[];
  seq: number;
}

/** The organization's custom fonts in creation order; a deleted font leaves no document. */
export const customFontsProjection: ProjectionDefinition = {
  name: 'custom-fonts',
  collections: [{ name: CUSTOM_FONTS, indexes: [['organizationId', 'seq']] }],
  handles: [...CUSTOM_FONT_EVENT_TYPES],
  async apply(event, ctx) {
    const e = event as RecordedEvent & CustomFontEvent;
    switch (e.type) {
      case 'CustomFontCreated': {
        const { fontId, organizationId, fontFamily, faces } = e.data;
        ctx.put(CUSTOM_FONTS, { id: fontId, organizationId, fontFamily, faces, seq: e.position } satisfies CustomFontDoc);
        return;
      }
      case 'CustomFontUpdated':
        return ctx.update<CustomFontDoc>(CUSTOM_FONTS, e.data.fontId, (doc) => ({ ...doc, fontFamily: e.data.fontFamily, faces: e.data.faces }));
      case 'CustomFontDeleted':
        return ctx.delete(CUSTOM_FONTS, e.data.fontId);
    }
  },
};
