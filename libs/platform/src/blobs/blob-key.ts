/**
 * Storage keys name blobs for every adapter: `/`-separated segments of letters, digits and
 * `._-`, never `.` or `..`, no empty segment, at most 512 characters (the reference's
 * StorageFileKey). Adapters check every key here first, so a key can never name anything
 * outside the store (the filesystem adapter also derives file names from a hash of the key).
 */
export const BLOB_KEY_MAX = 512;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

export function blobKeyProblem(key: unknown, field = 'storageKey'): string | null {
  const rule = `${field}: must be a storage key (segments of letters, digits, '.', '_' or '-' separated by '/', no '.' or '..' segment, at most ${BLOB_KEY_MAX} characters)`;
  if (typeof key !== 'string' || key.length === 0 || key.length > BLOB_KEY_MAX) return rule;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..') ? null : rule;
}

/** Thrown by adapters for a key that breaks the rule (a programming error: callers validate input first). */
export class InvalidBlobKey extends Error {
  constructor(problem: string) {
    super(problem);
    this.name = 'InvalidBlobKey';
  }
}

export function checkBlobKey(key: string): void {
  const problem = blobKeyProblem(key, 'key');
  if (problem) throw new InvalidBlobKey(problem);
}

/** Metadata stored with the bytes. */
export interface BlobMeta {
  contentType: string;
  organizationId: string;
}

export function checkBlobMeta(meta: BlobMeta): void {
  if (typeof meta?.contentType !== 'string' || meta.contentType.length === 0 || meta.contentType.length > 255) {
    throw new InvalidBlobKey('contentType: must be a media type of 1 to 255 characters');
  }
  if (typeof meta.organizationId !== 'string' || meta.organizationId.length === 0 || meta.organizationId.length > 255) {
    throw new InvalidBlobKey('organizationId: must be an id of 1 to 255 characters');
  }
}
