import { given } from '@app/platform/testing/given';
import { CustomFontCommand, CustomFontEvent, CustomFontNotFound, customFont, FaceChange, FaceInput, FontFace } from './custom-font';
import { DuplicateFontWeight, FontFile, FontFileRefused, FontWeightMismatch, FontWeightOutOfRange, RegularWeightMissing } from './font-file';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const at = (iso: string) => new Date(iso);
const file = (weight: number, over: Partial<FontFile> = {}): FontFile => ({
  sha256: `sha-${weight}`,
  format: 'woff2',
  size: 100,
  family: 'Inter',
  weight,
  ...over,
});
const input = (weight: unknown, f: FontFile = file(weight as number), storageKey = `k${String(weight)}`): FaceInput => ({
  weight,
  storageKey,
  inspection: { ok: true, file: f },
});
const face = (weight: number, f: FontFile = file(weight), storageKey = `k${weight}`): FontFace => ({ weight, storageKey, file: f });
const create = (...faces: FaceInput[]): CustomFontCommand => ({ type: 'CreateCustomFont', fontId: 'f1', organizationId: 'o1', fontFamily: 'Inter', faces });
const created = (...faces: FontFace[]): CustomFontEvent => ({
  type: 'CustomFontCreated',
  data: { fontId: 'f1', organizationId: 'o1', fontFamily: 'Inter', faces, createdAt: T0 },
});
const update = (changes: { fontFamily?: string; faces?: FaceChange[] }, organizationId = 'o1'): CustomFontCommand => ({
  type: 'UpdateCustomFont',
  fontId: 'f1',
  organizationId,
  ...changes,
});
const updated = (fontFamily: string, ...faces: FontFace[]): CustomFontEvent => ({
  type: 'CustomFontUpdated',
  data: { fontId: 'f1', organizationId: 'o1', fontFamily, faces, updatedAt: T1 },
});
const del = (organizationId = 'o1'): CustomFontCommand => ({ type: 'DeleteCustomFont', fontId: 'f1', organizationId });
const deleted: CustomFontEvent = { type: 'CustomFontDeleted', data: { fontId: 'f1', organizationId: 'o1', deletedAt: T1 } };

describe('custom font decider', () => {
  it('creates a definition with its faces in weight order, once', () => {
    given(customFont)
      .whenCommand(create(input(700), input(400)), at(T0))
      .then([created(face(400), face(700))]);
    given(customFont, created(face(400)))
      .whenCommand(create(input(400)))
      .thenNothing();
  });

  it('needs a face of weight 400 (regular), on create and after an update', () => {
    given(customFont)
      .whenCommand(create(input(700)))
      .thenThrows(RegularWeightMissing);
    given(customFont).whenCommand(create()).thenThrows(RegularWeightMissing);
    given(customFont, created(face(400), face(700)))
      .whenCommand(update({ faces: [{ weight: 400, storageKey: null }] }))
      .thenThrows(RegularWeightMissing);
  });

  it('weights are whole numbers from 1 to 1000, one face each', () => {
    for (const bad of [0, 1001, 400.5, -400, '400', null, Number.NaN]) {
      given(customFont)
        .whenCommand(create(input(400), { ...input(700), weight: bad }))
        .thenThrows(FontWeightOutOfRange);
    }
    given(customFont)
      .whenCommand(create(input(1, file(1)), input(400), input(1000, file(1000))))
      .then([created(face(1), face(400), face(1000))]);
    given(customFont)
      .whenCommand(create(input(400), input(400)))
      .thenThrows(DuplicateFontWeight);
  });

  it('a file that is not a font is refused, naming the face and the key', () => {
    const notAFont: FaceInput = { weight: 400, storageKey: 'orgs/o1/x.woff2', inspection: { ok: false, problem: 'is not a WOFF2 or WOFF font' } };
    given(customFont).whenCommand(create(notAFont)).thenThrows(FontFileRefused);
    expect(() => customFont.decide(create(notAFont), customFont.initialState, at(T0))).toThrow(
      'fontFaces[0].storageKey: orgs/o1/x.woff2 is not a WOFF2 or WOFF font',
    );
  });

  it('the weight is the file’s: its weight class, or within a variable font’s axis', () => {
    given(customFont)
      .whenCommand(create(input(400, file(700))))
      .thenThrows(FontWeightMismatch);
    const variable = file(400, { weightRange: [100, 900] });
    given(customFont)
      .whenCommand(create(input(400, variable), input(900, variable)))
      .then([created(face(400, variable), face(900, variable))]);
    given(customFont)
      .whenCommand(create(input(400, variable), input(950, variable)))
      .thenThrows(FontWeightMismatch);
  });

  it('an update replaces the faces it names, removes those with a null key, renames, and only when something changes', () => {
    const bolder = file(700, { sha256: 'sha-700b' });
    given(customFont, created(face(400), face(700)))
      .whenCommand(update({ faces: [input(700, bolder, 'k700b'), { weight: 700.5, storageKey: null }] }))
      .thenThrows(FontWeightOutOfRange);
    given(customFont, created(face(400), face(700)))
      .whenCommand(update({ fontFamily: 'Inter Display', faces: [input(700, bolder, 'k700b'), input(300, file(300))] }), at(T1))
      .then([updated('Inter Display', face(300), face(400), face(700, bolder, 'k700b'))]);
    given(customFont, created(face(400), face(700)))
      .whenCommand(update({ faces: [{ weight: 700, storageKey: null }] }), at(T1))
      .then([updated('Inter', face(400))]);
    given(customFont, created(face(400), face(700)))
      .whenCommand(update({ fontFamily: 'Inter', faces: [input(400)] }))
      .thenNothing();
    given(customFont, created(face(400)))
      .whenCommand(update({}))
      .thenNothing();
  });

  it('updating a font that does not exist, was deleted or is another organization’s is not found', () => {
    given(customFont)
      .whenCommand(update({ fontFamily: 'X' }))
      .thenThrows(CustomFontNotFound);
    given(customFont, created(face(400)), deleted)
      .whenCommand(update({ fontFamily: 'X' }))
      .thenThrows(CustomFontNotFound);
    given(customFont, created(face(400)))
      .whenCommand(update({ fontFamily: 'X' }, 'o2'))
      .thenThrows(CustomFontNotFound);
  });

  it('deletes once; deleting what does not exist (or is another organization’s) changes nothing', () => {
    given(customFont, created(face(400)))
      .whenCommand(del(), at(T1))
      .then([deleted]);
    given(customFont, created(face(400)), deleted)
      .whenCommand(del())
      .thenNothing();
    given(customFont).whenCommand(del()).thenNothing();
    given(customFont, created(face(400)))
      .whenCommand(del('o2'))
      .thenNothing();
  });
});
