import { Conflict, Decider, DomainEvent, DomainError } from '@app/platform';
import { KIND_POLICY, mediaTypeOf, typeAllowed, UploadKind } from './upload-kinds';

/**
 * One uploaded object per upload URL: the stream of an upload id records the upload of its
 * bytes, once. The bytes themselves go to the BlobStore under the key; the event holds what
 * others may rely on (key, organization, size, type) and never the bytes.
 */
export interface UploadGrant {
  uploadId: string;
  key: string;
  organizationId: string;
  kind: UploadKind;
  /** What the caller declared when asking for the URL. */
  declaredType: string;
  declaredSize: number;
}

export type StorageObjectEvent = DomainEvent<
  'StorageObjectUploaded',
  { uploadId: string; key: string; organizationId: string; kind: UploadKind; size: number; contentType: string; uploadedAt: string }
>;

export type StorageObjectCommand = { type: 'RecordUpload'; grant: UploadGrant; size: number; contentType: string; maxBytes: number };

export interface StorageObjectState {
  uploaded: { size: number; contentType: string } | null;
}

export const storageObjectStream = (uploadId: string) => `storage.object-${uploadId}`;

export class UploadTooLarge extends DomainError {
  constructor(limit: number, why: string) {
    super(413, `body: the file must not be larger than ${limit} bytes (${why})`);
  }
}
export class UploadTypeRefused extends DomainError {
  constructor(message: string) {
    super(415, message);
  }
}
export class UploadUrlUsed extends Conflict {
  constructor() {
    super('This upload URL was already used: a file was stored under its key; ask for a new upload URL to upload another file');
  }
}

/** The most bytes an upload may carry: what was declared, and never more than the server's limit. */
export const uploadLimit = (grant: UploadGrant, maxBytes: number) => Math.min(grant.declaredSize, maxBytes);

/** 413 when `size` passes the limit, naming which limit. */
export function checkUploadSize(grant: UploadGrant, size: number, maxBytes: number): void {
  if (size <= uploadLimit(grant, maxBytes)) return;
  if (grant.declaredSize <= maxBytes) throw new UploadTooLarge(grant.declaredSize, 'the size declared when the upload URL was made');
  throw new UploadTooLarge(maxBytes, 'the server limit, STORAGE_MAX_UPLOAD_BYTES');
}

/** 415 unless the request's Content-Type is the declared type, and one the kind takes. */
export function checkUploadType(grant: UploadGrant, contentTypeHeader: string | undefined): string {
  const type = mediaTypeOf(contentTypeHeader);
  if (!type) throw new UploadTypeRefused(`Content-Type: is required; send the type declared when the upload URL was made (${grant.declaredType})`);
  if (type !== mediaTypeOf(grant.declaredType)) {
    throw new UploadTypeRefused(`Content-Type: must be ${grant.declaredType}, the type declared when the upload URL was made (got ${type})`);
  }
  if (!typeAllowed(grant.kind, type))
    throw new UploadTypeRefused(`Content-Type: ${grant.kind} files must be one of ${KIND_POLICY[grant.kind].types.join(', ')}`);
  return type;
}

export const storageObject: Decider<StorageObjectState, StorageObjectCommand, StorageObjectEvent> = {
  initialState: { uploaded: null },
  evolve(_s, e) {
    return { uploaded: { size: e.data.size, contentType: e.data.contentType } };
  },
  decide(c, s, now) {
    if (s.uploaded) throw new UploadUrlUsed();
    const contentType = checkUploadType(c.grant, c.contentType);
    checkUploadSize(c.grant, c.size, c.maxBytes);
    const { uploadId, key, organizationId, kind } = c.grant;
    return [{ type: 'StorageObjectUploaded', data: { uploadId, key, organizationId, kind, size: c.size, contentType, uploadedAt: now.toISOString() } }];
  },
};
