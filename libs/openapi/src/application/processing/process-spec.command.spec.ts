import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BlobStore, EventSourcing, ManualClock, PlatformConfig, SqliteEventStore } from '@app/platform';
import { openApiSpec } from '../../domain/openapi-spec';
import { OpenApiSpecEvent, SpecSource, specStream } from '../../domain/openapi-spec.events';
import { SpecContent } from '../spec-content';
import { ProcessOpenApiSpecCommand, ProcessOpenApiSpecHandler } from './process-spec.command';

/** A BlobStore in memory that can be told to fail its writes. */
class MemoryBlobs extends BlobStore {
  readonly blobs = new Map<string, { bytes: Buffer; contentType: string; organizationId: string; size: number }>();
  failPuts = false;
  async put(key: string, bytes: Buffer, meta: { contentType: string; organizationId: string }) {
    if (this.failPuts) throw new Error('disk full');
    this.blobs.set(key, { bytes, ...meta, size: bytes.length });
  }
  async get(key: string) {
    return this.blobs.get(key) ?? null;
  }
  async delete(key: string) {
    this.blobs.delete(key);
  }
}

describe('processing command', () => {
  let dir: string;
  let store: SqliteEventStore;
  let es: EventSourcing;
  let blobs: MemoryBlobs;
  let handler: ProcessOpenApiSpecHandler;
  const swagger = Buffer.from('swagger: "2.0"\ninfo: {title: T, version: "1"}\npaths: {}\n');

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-process-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    es = new EventSourcing(store, new ManualClock());
    blobs = new MemoryBlobs();
    const config = PlatformConfig.fromEnv({}, { dataDir: dir });
    handler = new ProcessOpenApiSpecHandler(es, new SpecContent(blobs, config), config);
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const create = (source: SpecSource, processingId = 'p1') =>
    es.execute(specStream('o1', 'pets'), openApiSpec, { type: 'PutSpec', organizationId: 'o1', slug: 'pets', specId: 's1', processingId, source, actor: 'u1' });
  const run = (processingId = 'p1') => handler.execute(new ProcessOpenApiSpecCommand({ organizationId: 'o1', slug: 'pets', processingId }));
  const history = async () => (await store.readStream(specStream('o1', 'pets'))).map((e) => e as unknown as OpenApiSpecEvent);
  const processed = async () => (await history()).filter((e) => e.type === 'OpenAPISpecProcessed').map((e) => e.data);

  it('stores the bytes of a valid upload and makes a version, once however often it runs', async () => {
    await blobs.put('orgs/o1/import_file/u/spec.yaml', swagger, { contentType: 'application/yaml', organizationId: 'o1' });
    await create({ kind: 'storage', key: 'orgs/o1/import_file/u/spec.yaml' });
    await run();
    await run();
    expect((await history()).map((e) => e.type)).toEqual([
      'OpenAPISpecCreated',
      'OpenAPISpecProcessingRequested',
      'OpenAPISpecProcessingStarted',
      'OpenAPISpecVersionCreated',
      'OpenAPISpecProcessed',
    ]);
    const version = (await history()).find((e) => e.type === 'OpenAPISpecVersionCreated')!.data as { contentKey: string; format: string };
    expect(version.format).toBe('yaml');
    expect(blobs.blobs.get(version.contentKey)?.bytes).toEqual(swagger);
  });

  it('a missing upload, or one of another organization, ends with FETCH_ERROR', async () => {
    await blobs.put('orgs/o2/import_file/u/spec.yaml', swagger, { contentType: 'application/yaml', organizationId: 'o2' });
    await create({ kind: 'storage', key: 'orgs/o2/import_file/u/spec.yaml' });
    await run();
    expect(await processed()).toEqual([
      expect.objectContaining({
        errorCode: 'FETCH_ERROR',
        errors: [{ code: 'FETCH_ERROR', message: 'the uploaded file orgs/o2/import_file/u/spec.yaml is no longer in storage' }],
      }),
    ]);
  });

  it('a storage failure is recorded as the outcome (a timer that throws would fire again and again)', async () => {
    await blobs.put('openapi/o1/text', swagger, { contentType: 'text/plain', organizationId: 'o1' });
    await create({ kind: 'text', key: 'openapi/o1/text' });
    blobs.failPuts = true;
    await run();
    expect(await processed()).toEqual([expect.objectContaining({ errorCode: 'FETCH_ERROR', errors: [expect.objectContaining({ code: 'STORAGE_ERROR' })] })]);
  });

  it('a superseded processing does nothing, not even start', async () => {
    await blobs.put('openapi/o1/text', swagger, { contentType: 'text/plain', organizationId: 'o1' });
    await create({ kind: 'text', key: 'openapi/o1/text' }, 'p1');
    await create({ kind: 'text', key: 'openapi/o1/text' }, 'p2');
    await run('p1');
    expect((await history()).map((e) => e.type)).toEqual(['OpenAPISpecCreated', 'OpenAPISpecProcessingRequested', 'OpenAPISpecProcessingRequested']);
    await run('p2');
    expect(await processed()).toEqual([expect.objectContaining({ processingId: 'p2', versionId: 'p2', errorCode: null })]);
  });
});
