import { Decider, DomainEvent, NotFound } from '@app/platform';
import {
  DuplicateFontWeight,
  FaceInspection,
  FontFile,
  FontFileRefused,
  FontWeightMismatch,
  FontWeightOutOfRange,
  fileHasWeight,
  isWeight,
  REGULAR,
  RegularWeightMissing,
} from './font-file';

/** A face of a definition: a weight and the file that draws it. */
export interface FontFace {
  weight: number;
  /** The key the file was uploaded under (as the caller gave it). */
  storageKey: string;
  file: FontFile;
}

/** A face as a command carries it: the caller's weight and key, and what the handler found there. */
export interface FaceInput {
  weight: unknown;
  storageKey: string;
  inspection: FaceInspection;
}
/** In an update, a null key removes the face of that weight (the reference's rule). */
export type FaceChange = { weight: unknown; storageKey: null } | FaceInput;

export type CustomFontEvent =
  | DomainEvent<'CustomFontCreated', { fontId: string; organizationId: string; fontFamily: string; faces: FontFace[]; createdAt: string }>
  | DomainEvent<'CustomFontUpdated', { fontId: string; organizationId: string; fontFamily: string; faces: FontFace[]; updatedAt: string }>
  | DomainEvent<'CustomFontDeleted', { fontId: string; organizationId: string; deletedAt: string }>;

export const CUSTOM_FONT_EVENT_TYPES: ReadonlyArray<CustomFontEvent['type']> = ['CustomFontCreated', 'CustomFontUpdated', 'CustomFontDeleted'];

export type CustomFontCommand =
  | { type: 'CreateCustomFont'; fontId: string; organizationId: string; fontFamily: string; faces: FaceInput[] }
  | { type: 'UpdateCustomFont'; fontId: string; organizationId: string; fontFamily?: string; faces?: FaceChange[] }
  | { type: 'DeleteCustomFont'; fontId: string; organizationId: string };

export interface CustomFontState {
  status: 'none' | 'active' | 'deleted';
  organizationId: string | null;
  fontFamily: string;
  /** By ascending weight. */
  faces: FontFace[];
}

export const customFontStream = (fontId: string) => `fonts.font-${fontId}`;

export class CustomFontNotFound extends NotFound {
  constructor(fontId: string) {
    super(`fontId: no custom font ${fontId} in this organization`);
  }
}

const byWeight = (faces: FontFace[]) => [...faces].sort((a, b) => a.weight - b.weight);

/**
 * The rules of every face the caller sends, in order, then of the whole definition: a weight
 * from 1 to 1000, once; a file that is a WOFF2 or WOFF font; the weight the file has; and,
 * over the faces that result, one of weight 400. All refusals are 412, as the reference says.
 */
export function checkFaces(changes: FaceChange[]): Map<number, FontFace | null> {
  const out = new Map<number, FontFace | null>();
  changes.forEach((c, i) => {
    const field = `fontFaces[${i}]`;
    if (!isWeight(c.weight)) throw new FontWeightOutOfRange(`${field}.weight`, c.weight);
    if (out.has(c.weight)) throw new DuplicateFontWeight(`${field}.weight`, c.weight);
    if (c.storageKey === null) return void out.set(c.weight, null);
    const { inspection } = c;
    if (!inspection.ok) throw new FontFileRefused(`${field}.storageKey`, c.storageKey, inspection.problem);
    if (!fileHasWeight(inspection.file, c.weight)) throw new FontWeightMismatch(`${field}.weight`, c.weight, inspection.file);
    out.set(c.weight, { weight: c.weight, storageKey: c.storageKey, file: inspection.file });
  });
  return out;
}

/** The faces after applying `changes` to `current`; 412 without a regular face. */
export function resultingFaces(current: FontFace[], changes: FaceChange[]): FontFace[] {
  const next = new Map(current.map((f) => [f.weight, f] as const));
  for (const [weight, face] of checkFaces(changes)) {
    if (face) next.set(weight, face);
    else next.delete(weight);
  }
  if (!next.has(REGULAR)) throw new RegularWeightMissing();
  return byWeight([...next.values()]);
}

const sameFaces = (a: FontFace[], b: FontFace[]) => JSON.stringify(a) === JSON.stringify(b);

export const customFont: Decider<CustomFontState, CustomFontCommand, CustomFontEvent> = {
  initialState: { status: 'none', organizationId: null, fontFamily: '', faces: [] },
  evolve(s, e) {
    switch (e.type) {
      case 'CustomFontCreated':
        return { status: 'active', organizationId: e.data.organizationId, fontFamily: e.data.fontFamily, faces: e.data.faces };
      case 'CustomFontUpdated':
        return { ...s, fontFamily: e.data.fontFamily, faces: e.data.faces };
      case 'CustomFontDeleted':
        return { ...s, status: 'deleted' };
    }
  },
  decide(c, s, now) {
    const { fontId, organizationId } = c;
    switch (c.type) {
      case 'CreateCustomFont': {
        if (s.status !== 'none') return [];
        const faces = resultingFaces([], c.faces);
        return [{ type: 'CustomFontCreated', data: { fontId, organizationId, fontFamily: c.fontFamily, faces, createdAt: now.toISOString() } }];
      }
      case 'UpdateCustomFont': {
        if (s.status !== 'active' || s.organizationId !== organizationId) throw new CustomFontNotFound(fontId);
        const faces = c.faces ? resultingFaces(s.faces, c.faces) : s.faces;
        const fontFamily = c.fontFamily ?? s.fontFamily;
        if (fontFamily === s.fontFamily && sameFaces(faces, s.faces)) return [];
        return [{ type: 'CustomFontUpdated', data: { fontId, organizationId, fontFamily, faces, updatedAt: now.toISOString() } }];
      }
      case 'DeleteCustomFont': {
        if (s.status !== 'active' || s.organizationId !== organizationId) return [];
        return [{ type: 'CustomFontDeleted', data: { fontId, organizationId, deletedAt: now.toISOString() } }];
      }
    }
  },
};
