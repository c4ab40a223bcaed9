import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFound, ReadStore } from '@app/platform';
import { STORAGE_OBJECTS, StorageObjectDoc } from './storage-objects.projection';

/** What an upload answers: the object stored (not a reference shape: the reference leaves uploads to the storage service). */
export interface StorageObjectView {
  object: 'storage-object';
  key: string;
  size: number;
  contentType: string;
  uploadedAt: string;
}

export class GetStorageObjectQuery extends Query<StorageObjectView> {
  constructor(readonly uploadId: string) {
    super();
  }
}

@QueryHandler(GetStorageObjectQuery)
export class GetStorageObjectHandler implements IQueryHandler<GetStorageObjectQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute({ uploadId }: GetStorageObjectQuery): Promise<StorageObjectView> {
    const doc = await this.store.get<StorageObjectDoc>(STORAGE_OBJECTS, uploadId);
    if (!doc) throw new NotFound('No object was uploaded with this URL');
    return { object: 'storage-object', key: doc.key, size: doc.size, contentType: doc.contentType, uploadedAt: doc.uploadedAt };
  }
}

/**
 * Whether an upload URL was used already, so a body that would be refused is not read. The
 * decider checks again on the write side (a use the read model has not seen yet).
 */
export class IsUploadUsedQuery extends Query<boolean> {
  constructor(readonly uploadId: string) {
    super();
  }
}

@QueryHandler(IsUploadUsedQuery)
export class IsUploadUsedHandler implements IQueryHandler<IsUploadUsedQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute({ uploadId }: IsUploadUsedQuery): Promise<boolean> {
    return (await this.store.get(STORAGE_OBJECTS, uploadId)) !== null;
  }
}
