import { IsOptional } from 'class-validator';
import { isPlainObject, Satisfies, unknownKeyProblem } from '@app/platform';
import type { FaceRequest } from '../application/custom-font.commands';

export const MAX_FACES = 20;
const STORAGE_KEY_MAX = 512;

/**
 * The reference FontFamily (1..50), a CSS family name: no quotes, backslashes, semicolons,
 * braces or angle brackets, so it can be written into a stylesheet as it is.
 */
export function fontFamilyProblem(v: unknown, field: string): string | null {
  if (typeof v !== 'string' || v.trim().length < 1 || v.length > 50) return `${field}: must be a font family name of 1 to 50 characters`;
  return /[\p{Cc}"'\\;{}<>]/u.test(v) ? `${field}: must not contain quotes, backslashes, semicolons, braces, angle brackets or control characters` : null;
}

/**
 * fontFaces: `[{weight, storageKey}]`, at most 20. Here only the types are checked (400); the
 * rules on weights and files are the definition's and answer 412, as the reference says.
 */
function facesProblem(nullKeys: boolean, min: number) {
  return (v: unknown, field: string): string | null => {
    if (!Array.isArray(v) || v.length < min || v.length > MAX_FACES)
      return `${field}: must be an array of ${min} to ${MAX_FACES} font faces {weight, storageKey}`;
    for (const [i, f] of v.entries()) {
      const at = `${field}[${i}]`;
      if (!isPlainObject(f)) return `${at}: must be an object {weight, storageKey}`;
      if (typeof f.weight !== 'number') return `${at}.weight: is required, a number (1 to 1000)`;
      const key = f.storageKey;
      if (!(nullKeys && key === null) && (typeof key !== 'string' || key.length < 1 || key.length > STORAGE_KEY_MAX)) {
        return `${at}.storageKey: is required, the storage key of an uploaded font file (1 to ${STORAGE_KEY_MAX} characters)${nullKeys ? ', or null to remove the weight' : ''}`;
      }
      const extra = unknownKeyProblem(f, ['weight', 'storageKey'], at);
      if (extra) return extra;
    }
    return null;
  };
}

/** Body of createCustomFont. */
export class CreateCustomFontBody {
  @Satisfies('isFontFamily', fontFamilyProblem)
  fontFamily!: string;

  @Satisfies('isFontFaces', facesProblem(false, 1))
  fontFaces!: Array<FaceRequest & { storageKey: string }>;
}

/** Body of updateCustomFont: what it gives changes; a face with a null key removes its weight. */
export class UpdateCustomFontBody {
  @IsOptional()
  @Satisfies('isFontFamily', fontFamilyProblem)
  fontFamily?: string;

  @IsOptional()
  @Satisfies('isFontFaceChanges', facesProblem(true, 0))
  fontFaces?: FaceRequest[];
}
