import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatches0202, expectMatchesOperation } from '../support/reference-schema';
import { api } from '../support/content-api';

/**
 * Files: type and dimensions read from the bytes at upload (`file-type`, `image-size`), and the
 * signed `downloadURL` serving the bytes with that type, the file's name, no sniffing, HEAD and
 * conditional requests.
 */
describe('files: types from the bytes, downloads (e2e)', () => {
  let t: TestApp;
  let admin: string;
  let space: string;
  let files: Record<string, any>;

  // A 3×2 PNG header, a 5×4 JPEG header, an HTML page and a UTF-8 text file.
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000030000000208060000009d74666b', 'hex');
  const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0001108000400050301220002110103110100ffd9', 'hex');
  const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
  const text = Buffer.from('Grüße, Κόσμε, мир\n');
  const path = (url: string) => new URL(url).pathname + new URL(url).search;

  beforeAll(async () => {
    t = await startTestApp();
    const a = api(t);
    const boot = await t.bootstrap('Acme', email('admin'));
    admin = boot.token;
    space = (await a.createSpace(boot.organizationId, admin)).id;
    const cr = (await a.createCR(space, admin, { subject: 'Files' })).body.id;
    const file = (name: string, contentType: string, bytes: Buffer) => ({ name, contentType, base64: bytes.toString('base64') });
    const res = await a.write(
      space,
      cr,
      admin,
      [
        {
          operation: 'insert_files',
          files: [
            file('logo.jpg', 'image/jpeg', png), // declared wrong: the bytes are a PNG
            file('photo', 'application/octet-stream', jpeg),
            file('page.html', 'text/html', html),
            file('Grüße «notes».txt', 'text/plain; charset=utf-8', text),
          ],
        },
      ],
      false,
    );
    expectMatches0202('updateChangeRequestContent', 200, res.body);
    files = Object.fromEntries(res.body.insertedFiles.map((f: any) => [f.name, f]));
  });
  afterAll(async () => t?.close());

  it('stores the type the bytes show and the dimensions image-size reads', () => {
    expect(files['logo.jpg']).toMatchObject({ contentType: 'image/png', size: png.length, dimensions: { width: 3, height: 2 } });
    expect(files.photo).toMatchObject({ contentType: 'image/jpeg', dimensions: { width: 5, height: 4 } });
    expect(files['page.html']).toMatchObject({ contentType: 'text/html' });
    expect(files['page.html'].dimensions).toBeUndefined();
    for (const f of Object.values(files)) expectMatchesOperation('getFileInChangeRequestById', 200, f);
  });

  it('downloadURL serves the bytes with their type, an inline disposition naming the file, and no sniffing', async () => {
    const res = await t.http
      .get(path(files['logo.jpg'].downloadURL))
      .buffer(true)
      .parse((r: any, cb: any) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body, png)).toBe(0);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`inline; filename="logo.jpg"; filename*=UTF-8''logo.jpg`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-length']).toBe(String(png.length));
  });

  it('names a non-ASCII file exactly (RFC 8187) with an ASCII fallback', async () => {
    const res = await t.http.get(path(files['Grüße «notes».txt'].downloadURL));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe(text.toString());
    expect(res.headers['content-disposition']).toBe(`inline; filename="Gr__e _notes_.txt"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%C2%ABnotes%C2%BB.txt`);
  });

  it('HTML (anything a browser could run) downloads as an attachment in a sandbox', async () => {
    const res = await t.http.get(path(files['page.html'].downloadURL));
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="page\.html"/);
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it('answers HEAD with the headers and no body, and If-None-Match with 304', async () => {
    const url = path(files.photo.downloadURL);
    const head = await t.http.head(url);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.headers['content-length']).toBe(String(jpeg.length));
    expect(head.text ?? '').toBe('');
    const again = await t.http.get(url).set('If-None-Match', head.headers.etag);
    expect(again.status).toBe(304);
  });

  it('the file listing shows the same facts', async () => {
    const listed = await t.http.get(`/v1/spaces/${space}/change-requests/1/content/files`).set(bearer(admin));
    // Files of one batch share their creation time: the listing orders them by id.
    expect(listed.body.items.map((f: any) => [f.name, f.contentType]).sort()).toEqual([
      ['Grüße «notes».txt', 'text/plain; charset=utf-8'],
      ['logo.jpg', 'image/png'],
      ['page.html', 'text/html'],
      ['photo', 'image/jpeg'],
    ]);
  });
});
