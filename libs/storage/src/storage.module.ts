import { Module, OnModuleInit } from '@nestjs/common';
import { PlatformConfig, ProjectionEngine } from '@app/platform';
import { GenerateUploadUrlHandler, StorageAccess } from './application/generate-upload-url.command';
import { RecordUploadHandler } from './application/record-upload.command';
import { storageObjectsProjection } from './application/storage-objects.projection';
import { GetStorageObjectHandler, IsUploadUsedHandler } from './application/storage-objects.queries';
import { UploadLinks } from './application/upload-links';
import { StorageController } from './http/storage.controller';

/**
 * Organization service: storage. Signed upload URLs and the uploads they take; the bytes live
 * in the platform's BlobStore (files in DATA_DIR, or GridFS), where the contexts beside this one
 * (fonts, openapi) read them by key.
 */
@Module({
  controllers: [StorageController],
  providers: [StorageAccess, UploadLinks, GenerateUploadUrlHandler, RecordUploadHandler, GetStorageObjectHandler, IsUploadUsedHandler],
})
export class StorageModule implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly config: PlatformConfig,
  ) {}

  onModuleInit(): void {
    for (const [name, value] of [
      ['STORAGE_MAX_UPLOAD_BYTES', this.config.storageMaxUploadBytes],
      ['STORAGE_UPLOAD_URL_TTL_SECONDS', this.config.storageUploadUrlTtlSeconds],
    ] as const) {
      if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name}: must be a whole number, at least 1 (got ${value})`);
    }
    this.engine.registerProjection(storageObjectsProjection);
  }
}
