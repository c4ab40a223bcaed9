/**
 * Bytes shared between sibling contexts (fonts, openapi, later git-sync/imports) travel through
 * the platform by storage key, so no context imports another to read an upload.
 */
export abstract class BlobStore {
  abstract put(key: string, bytes: Buffer, meta: { contentType: string; organizationId: string }): Promise<void>;
  abstract get(key: string): Promise<{ bytes: Buffer; contentType: string; organizationId: string; size: number } | null>;
  abstract delete(key: string): Promise<void>;
}
