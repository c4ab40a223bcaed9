import { StorageUploadKind } from '@gitbook/api';
import { BlobStore, EventStore } from '@app/platform';
import { bearer, callOperation, clientError, email, startTestApp, stateEventsAfter, TestApp } from '../support/test-app';

/**
 * generateStorageUploadURL and the signed upload URLs it hands out: the bytes land in the
 * BlobStore with their metadata, one StorageObjectUploaded event without the bytes, and every
 * refusal (forged, expired, used, too large, wrong type) writes nothing.
 */
const MAX = 64 * 1024;
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe('storage: signed upload URLs (e2e)', () => {
  let t: TestApp;
  let org: { organizationId: string; userId: string; token: string };
  let events: EventStore;
  let blobs: BlobStore;

  const generate = (body: unknown, token = org.token, organizationId = org.organizationId) =>
    t.http.post(`/v1/orgs/${organizationId}/storage/upload`).set(bearer(token)).send(body);
  const importFile = (size: number, type = 'application/json', name = 'openapi.json') => ({ kind: 'import_file', file: { name, type, size } });
  const upload = (url: string, bytes: Buffer, type: string | null, method: 'put' | 'post' = 'put') => {
    const req = t.http[method](pathOf(url));
    // superagent serializes a Buffer as JSON for JSON types: JSON files go as their text.
    return (type === null ? req : req.set('Content-Type', type)).send(type?.includes('json') ? bytes.toString('utf8') : bytes);
  };

  beforeAll(async () => {
    t = await startTestApp({ config: { storageMaxUploadBytes: MAX, storageUploadUrlTtlSeconds: 600 } });
    org = await t.bootstrap('Storage Org', email('storage'));
    events = t.app.get(EventStore);
    blobs = t.app.get(BlobStore);
  });
  afterAll(async () => t?.close());

  it('hands out a signed URL (reference shape, official client); a PUT stores the bytes and records the upload', async () => {
    const res = await callOperation(t, 'generateStorageUploadURL', { organizationId: org.organizationId }, org.token, {
      body: importFile(13, 'Application/JSON; charset=utf-8', 'My Spec (v2).json'),
    });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ object: 'storage-signed-url', url: expect.stringMatching(/\/v1\/storage\/uploads\//), key: expect.any(String) });
    expect(res.body.key).toMatch(new RegExp(`^orgs/${org.organizationId}/import_file/[A-Za-z0-9]+/My-Spec-v2-.json$`));
    expect(res.body.url.startsWith(`${t.baseUrl}/v1/storage/uploads/`)).toBe(true);

    const before = await events.headPosition();
    const bytes = Buffer.from('{"openapi":1}');
    const put = await upload(res.body.url, bytes, 'application/json');
    expect(put.status).toBe(201);
    expect(put.body).toEqual({ object: 'storage-object', key: res.body.key, size: 13, contentType: 'application/json', uploadedAt: expect.any(String) });
    expect(await blobs.get(res.body.key)).toEqual({ bytes, contentType: 'application/json', organizationId: org.organizationId, size: 13 });

    const written = await events.readAll({ after: before });
    expect(written.map((e) => e.type)).toEqual(['StorageObjectUploaded']);
    expect(Object.keys(written[0].data as object).sort()).toEqual(['contentType', 'key', 'kind', 'organizationId', 'size', 'uploadId', 'uploadedAt']);
    expect(written[0].data).toMatchObject({ key: res.body.key, organizationId: org.organizationId, size: 13, contentType: 'application/json' });
    // Recorded as the upload of who asked for the URL; the URL's signature is in no event.
    expect(written[0].metadata.actor).toBe(org.userId);
    const signature = res.body.url.split('.').slice(-3).join('.');
    expect(JSON.stringify(written)).not.toContain(signature);

    const viaClient = await t.client(org.token).orgs.generateStorageUploadUrl(org.organizationId, {
      kind: StorageUploadKind.CustomizationFont,
      file: { name: 'a.woff2', type: 'font/woff2', size: 4 },
    });
    expect(viaClient.data).toMatchObject({ object: 'storage-signed-url', key: expect.stringMatching(/\/customization_font\/[A-Za-z0-9]+\/a\.woff2$/) });
  });

  it('POST to the URL stores too; a URL takes one file (409), and needs no bearer token', async () => {
    const { url, key } = (await generate(importFile(5, 'text/markdown', 'a.md')).expect(201)).body;
    expect((await upload(url, Buffer.from('# Hi\n'), 'text/markdown', 'post').set(bearer('not-a-token'))).status).toBe(201);
    const before = await events.headPosition();
    const again = await upload(url, Buffer.from('# No\n'), 'text/markdown');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already used/);
    expect((await blobs.get(key))!.bytes.toString()).toBe('# Hi\n');
    expect(await stateEventsAfter(events, before)).toEqual([]);
  });

  it('refuses a forged, moved or expired URL with 403, writing nothing', async () => {
    const { url } = (await generate(importFile(3, 'text/plain', 'a.txt')).expect(201)).body;
    const path = pathOf(url);
    const [payload, expires, keyId, mac] = path.slice('/v1/storage/uploads/'.length).split('.');
    const tampered = JSON.parse(Buffer.from(payload, 'base64url').toString());
    tampered.s = 10_000;
    const forgeries = [
      `/v1/storage/uploads/${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${expires}.${keyId}.${mac}`,
      `/v1/storage/uploads/${payload}.${Number(expires) + 3600}.${keyId}.${mac}`,
      `/v1/storage/uploads/${payload}.${expires}.${keyId}.${mac.slice(0, -2)}AA`,
      `/v1/storage/uploads/${payload}`,
      `/v1/storage/uploads/x${payload}.${expires}.${keyId}.${mac}`,
      `/v1/storage/uploads/${payload}.${expires}.0000000000000000.${mac}`,
    ];
    const before = await events.headPosition();
    for (const forged of forgeries) {
      const res = await t.http.put(forged).set('Content-Type', 'text/plain').send(Buffer.from('abc'));
      expect([forged, res.status, res.body.error?.message]).toEqual([forged, 403, expect.stringMatching(/not valid/)]);
    }
    t.clock.advance(601_000);
    try {
      const expired = await upload(url, Buffer.from('abc'), 'text/plain');
      expect(expired.status).toBe(403);
      expect(expired.body.error.message).toMatch(/expired/);
    } finally {
      t.clock.advance(-601_000);
    }
    expect(await stateEventsAfter(events, before)).toEqual([]);
  });

  it('refuses another type than declared (415) and more bytes than declared or allowed (413), with clear messages', async () => {
    const before = await events.headPosition();
    const declared = (await generate(importFile(10, 'application/json')).expect(201)).body;
    const wrongType = await upload(declared.url, Buffer.from('{}'), 'text/plain');
    expect([wrongType.status, wrongType.body.error.message]).toEqual([
      415,
      'Content-Type: must be application/json, the type declared when the upload URL was made (got text/plain)',
    ]);
    expect((await upload(declared.url, Buffer.from('{}'), null)).status).toBe(415);
    const zipped = await upload(declared.url, Buffer.from('{}'), 'application/json').set('Content-Encoding', 'gzip');
    expect([zipped.status, zipped.body.error.message]).toEqual([415, expect.stringMatching(/^Content-Encoding: gzip is not supported/)]);
    const tooLong = await upload(declared.url, Buffer.alloc(11, 0x20), 'application/json');
    expect([tooLong.status, tooLong.body.error.message]).toEqual([
      413,
      'body: the file must not be larger than 10 bytes (the size declared when the upload URL was made)',
    ]);
    // A large body is refused from its Content-Length, before it is read; the client still gets the answer.
    const large = await upload(declared.url, Buffer.alloc(3 * MAX, 0x20), 'application/json');
    expect([large.status, large.body.error.code]).toEqual([413, 413]);
    // A chunked body has no Content-Length: refused once it passes the limit.
    const { Readable } = await import('stream');
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const http = require('http');
      const req = http.request(
        `${t.baseUrl}${pathOf(declared.url)}`,
        { method: 'PUT', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } },
        (res: any) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        },
      );
      req.on('error', reject);
      Readable.from([Buffer.alloc(6, 0x20), Buffer.alloc(6, 0x20)]).pipe(req);
    });
    expect(chunked.status).toBe(413);
    expect(await blobs.get(declared.key)).toBeNull();
    // What the server takes at most: refused when asked for, before anything is uploaded.
    const huge = await generate(importFile(MAX + 1));
    expect([huge.status, huge.body.error.message]).toEqual([400, `file.size: must be at most ${MAX} bytes (STORAGE_MAX_UPLOAD_BYTES)`]);
    // The whole file still fits the declared size: it uploads.
    expect((await upload(declared.url, Buffer.from('{"a": 1}'), 'application/json')).status).toBe(201);
    expect(await stateEventsAfter(events, before)).toEqual([`StorageObjectUploaded storage.object-${declared.key.split('/')[3]}`]);
  });

  it('checks the declared file: types the kind takes, the metadata fields, the kind', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        { kind: 'customization_font', file: { name: 'a.ttf', type: 'font/ttf', size: 10 } },
        /^file\.type: customization_font files must be one of font\/woff2, font\/woff/,
      ],
      [{ kind: 'import_file', file: { name: 'a.exe', type: 'application/x-msdownload', size: 10 } }, /^file\.type: import_file files must be one of/],
      [{ kind: 'avatar', file: { name: 'a', type: 'image/png', size: 1 } }, /^kind: must be one of customization_font, import_file/],
      [{ kind: 'import_file' }, /^file: must be an object/],
      [{ kind: 'import_file', file: { name: '', type: 'text/plain', size: 1 } }, /^file\.name: is required/],
      [{ kind: 'import_file', file: { name: 'a', type: 'text/plain', size: -1 } }, /^file\.size: is required/],
      [{ kind: 'import_file', file: { name: 'a', type: 'text/plain', size: 1.5 } }, /^file\.size: is required/],
      [{ kind: 'import_file', file: { name: 'a', type: 'text/plain', size: 1, extra: true } }, /^file\.extra: unknown field/],
    ];
    for (const [body, message] of cases) {
      const res = await generate(body);
      expect([body, res.status, res.body.error.message]).toEqual([body, 400, expect.stringMatching(message)]);
    }
  });

  it('who may ask: members with the kind’s role; others 403, outsiders 404, no token 401', async () => {
    const [reader] = await t.cli('user', 'create', '--email', email('reader'), '--name', 'Reader', '--org', org.organizationId, '--role', 'read');
    const [creator] = await t.cli('user', 'create', '--email', email('creator'), '--name', 'Creator', '--org', org.organizationId, '--role', 'create');
    const outsider = await t.bootstrap('Other Org', email('other'));
    const font = { kind: 'customization_font', file: { name: 'a.woff2', type: 'font/woff2', size: 10 } };
    expect((await generate(importFile(10), creator.token)).status).toBe(201);
    const refused = await generate(importFile(10), reader.token);
    expect([refused.status, refused.body.error.message]).toEqual([
      403,
      'Uploading a file to import needs the organization create role or higher (yours: read)',
    ]);
    expect((await generate(font, creator.token)).status).toBe(403);
    expect((await generate(importFile(10), outsider.token)).status).toBe(404);
    expect((await clientError(t.client(outsider.token).orgs.generateStorageUploadUrl(org.organizationId, font as never))).code).toBe(404);
    expect((await t.http.post(`/v1/orgs/${org.organizationId}/storage/upload`).send(importFile(10))).status).toBe(401);
  });
});
