import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { StorageObjectEvent } from '../domain/storage-object';
import { UploadKind } from '../domain/upload-kinds';

export const STORAGE_OBJECTS = 'storage_objects';

export interface StorageObjectDoc {
  [key: string]: unknown;
  /** The upload id. */
  id: string;
  key: string;
  organizationId: string;
  kind: UploadKind;
  size: number;
  contentType: string;
  uploadedAt: string;
  seq: number;
}

/** What each organization stored, by upload, in upload order (the inventory of its blobs). */
export const storageObjectsProjection: ProjectionDefinition = {
  name: 'storage-objects',
  collections: [{ name: STORAGE_OBJECTS, indexes: [['organizationId', 'seq'], ['key']] }],
  handles: ['StorageObjectUploaded'],
  async apply(event, ctx) {
    const e = event as RecordedEvent & StorageObjectEvent;
    const { uploadId, key, organizationId, kind, size, contentType, uploadedAt } = e.data;
    ctx.put(STORAGE_OBJECTS, { id: uploadId, key, organizationId, kind, size, contentType, uploadedAt, seq: e.position } satisfies StorageObjectDoc);
  },
};
