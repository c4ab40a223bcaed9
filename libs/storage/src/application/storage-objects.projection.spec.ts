import { projectionOf } from '@app/platform/testing/projection-spec';
import { STORAGE_OBJECTS, storageObjectsProjection } from './storage-objects.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const uploaded = (uploadId: string, organizationId: string, size: number) => ({
  type: 'StorageObjectUploaded',
  data: {
    uploadId,
    key: `orgs/${organizationId}/import_file/${uploadId}/a.json`,
    organizationId,
    kind: 'import_file',
    size,
    contentType: 'application/json',
    uploadedAt: T0,
  },
});

describe('storage objects projection', () => {
  it('keeps one document per upload, with its organization, size, type and order', async () => {
    const docs = await projectionOf(storageObjectsProjection, [uploaded('u1', 'o1', 10), uploaded('u2', 'o2', 20), { type: 'SpaceCreated', data: {} }]);
    expect(docs[STORAGE_OBJECTS]).toEqual([
      {
        id: 'u1',
        key: 'orgs/o1/import_file/u1/a.json',
        organizationId: 'o1',
        kind: 'import_file',
        size: 10,
        contentType: 'application/json',
        uploadedAt: T0,
        seq: 1,
      },
      {
        id: 'u2',
        key: 'orgs/o2/import_file/u2/a.json',
        organizationId: 'o2',
        kind: 'import_file',
        size: 20,
        contentType: 'application/json',
        uploadedAt: T0,
        seq: 2,
      },
    ]);
  });
});
