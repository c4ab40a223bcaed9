import { projectionOf } from '@app/platform/testing/projection-spec';
import { CUSTOM_FONTS, customFontsProjection } from './custom-fonts.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const face = (weight: number, sha256 = `sha-${weight}`) => ({
  weight,
  storageKey: `k${weight}`,
  file: { sha256, format: 'woff2', size: 10, family: 'Inter', weight },
});
const created = (fontId: string, organizationId: string, ...faces: object[]) => ({
  type: 'CustomFontCreated',
  data: { fontId, organizationId, fontFamily: 'Inter', faces, createdAt: T0 },
});

describe('custom fonts projection', () => {
  it('keeps each live font with its faces; an update replaces family and faces; a delete removes it', async () => {
    const docs = await projectionOf(customFontsProjection, [
      created('f1', 'o1', face(400)),
      created('f2', 'o1', face(400)),
      created('f3', 'o2', face(400)),
      {
        type: 'CustomFontUpdated',
        data: { fontId: 'f1', organizationId: 'o1', fontFamily: 'Inter Display', faces: [face(400, 'new'), face(700)], updatedAt: T0 },
      },
      { type: 'CustomFontDeleted', data: { fontId: 'f2', organizationId: 'o1', deletedAt: T0 } },
    ]);
    expect(docs[CUSTOM_FONTS]).toEqual([
      { id: 'f1', organizationId: 'o1', fontFamily: 'Inter Display', faces: [face(400, 'new'), face(700)], seq: 1 },
      { id: 'f3', organizationId: 'o2', fontFamily: 'Inter', faces: [face(400)], seq: 3 },
    ]);
  });
});
