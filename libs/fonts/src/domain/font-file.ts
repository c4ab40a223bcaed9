import { PreconditionFailed } from '@app/platform';

/** What fontkit read from a face's file (see application/font-inspector.ts). */
export interface FontFile {
  /** SHA-256 of the bytes, hex: the file's identity, in its URL and its stored copy's key. */
  sha256: string;
  /** The reference FontSource formats. */
  format: 'woff2' | 'woff';
  size: number;
  /** The family name the file gives itself (it may differ from the definition's CSS name). */
  family: string;
  /** The file's weight (OS/2 usWeightClass). */
  weight: number;
  /** A variable font's weight axis: any weight in it is the file's. */
  weightRange?: [number, number];
}

/** A face's file, or why it cannot be one (the handler inspects files; the decider only judges). */
export type FaceInspection = { ok: true; file: FontFile } | { ok: false; problem: string };

export const MIN_WEIGHT = 1;
export const MAX_WEIGHT = 1000;
export const REGULAR = 400;

export class FontWeightOutOfRange extends PreconditionFailed {
  constructor(field: string, weight: unknown) {
    super(`${field}: must be a whole number from ${MIN_WEIGHT} to ${MAX_WEIGHT} (got ${JSON.stringify(weight)})`);
  }
}
export class DuplicateFontWeight extends PreconditionFailed {
  constructor(field: string, weight: number) {
    super(`${field}: weight ${weight} is given twice; a definition has one face per weight`);
  }
}
export class FontFileRefused extends PreconditionFailed {
  constructor(field: string, storageKey: string, problem: string) {
    super(`${field}: ${storageKey} ${problem}`);
  }
}
export class FontWeightMismatch extends PreconditionFailed {
  constructor(field: string, weight: number, file: FontFile) {
    super(
      file.weightRange
        ? `${field}: ${weight} is outside the weights of the file (a variable font of weights ${file.weightRange[0]} to ${file.weightRange[1]})`
        : `${field}: ${weight}, but the file is a font of weight ${file.weight} (its OS/2 weight class); give each file its own weight`,
    );
  }
}
export class RegularWeightMissing extends PreconditionFailed {
  constructor() {
    super(`fontFaces: a face of weight ${REGULAR} (regular) is required`);
  }
}

export const isWeight = (w: unknown): w is number => typeof w === 'number' && Number.isInteger(w) && w >= MIN_WEIGHT && w <= MAX_WEIGHT;

/** Whether `weight` is one the file provides: its weight class, or within a variable font's axis. */
export const fileHasWeight = (file: FontFile, weight: number): boolean =>
  file.weightRange ? weight >= file.weightRange[0] && weight <= file.weightRange[1] : file.weight === weight;
