/** What the storage context publishes to the contexts above it (event names and payloads they may rely on). */
export const StorageEvents = {
  /** Bytes were stored under `key` in the BlobStore (payload: StorageObjectUploadedPayload); the event never holds the bytes. */
  StorageObjectUploaded: 'StorageObjectUploaded',
} as const;

export interface StorageObjectUploadedPayload {
  uploadId: string;
  /** The storage key: read the bytes with BlobStore.get(key). */
  key: string;
  organizationId: string;
  kind: 'customization_font' | 'import_file';
  size: number;
  contentType: string;
  uploadedAt: string;
}
export * from './audit-actions';
