import { isPlainObject, Satisfies, unknownKeyProblem } from '@app/platform';
import { UPLOAD_KINDS, UploadKind } from '../domain/upload-kinds';
import type { StorageFileMetadata } from '../application/generate-upload-url.command';

/** The reference StorageFileMetadata: `{name, type, size}`, all required. */
export function fileMetadataProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object {name, type, size}`;
  if (typeof v.name !== 'string' || v.name.length < 1 || v.name.length > 255 || /\p{Cc}/u.test(v.name)) {
    return `${field}.name: is required, the original file name (1 to 255 characters, no control characters)`;
  }
  if (typeof v.type !== 'string' || v.type.length > 255) return `${field}.type: is required, the file's media type (such as font/woff2)`;
  if (typeof v.size !== 'number' || !Number.isSafeInteger(v.size) || v.size < 0)
    return `${field}.size: is required, the file's size in bytes (a whole number, 0 or more)`;
  return unknownKeyProblem(v, ['name', 'type', 'size'], field);
}

/** Body of generateStorageUploadURL: `{file, kind}`. */
export class GenerateUploadUrlBody {
  @Satisfies('isStorageFileMetadata', fileMetadataProblem)
  file!: StorageFileMetadata;

  @Satisfies('isStorageUploadKind', (v, field) =>
    (UPLOAD_KINDS as readonly unknown[]).includes(v) ? null : `${field}: must be one of ${UPLOAD_KINDS.join(', ')}`,
  )
  kind!: UploadKind;
}
