import * as fs from 'fs';
import { EventStore } from '@app/platform';
import { dejaVu, ttfToWoff, ttfToWoff2 } from '../../libs/fonts/src/testing/woff-encoder';
import { bearer, callOperation, clientError, email, startTestApp, stateEventsAfter, TestApp } from '../support/test-app';

/**
 * Custom fonts: faces from files uploaded through storage (signed URLs), checked with fontkit,
 * served at their `sources` URLs; the reference's 412 for a missing regular face, a weight out
 * of range or a file that is not a font; update replaces faces; delete 205/204. Test fonts are
 * DejaVu TrueType files turned into WOFF2 and WOFF (libs/fonts/src/testing/woff-encoder.ts).
 */
const REGULAR = ttfToWoff2(dejaVu('DejaVuSansMono'));
const BOLD_WOFF = ttfToWoff(dejaVu('DejaVuSansMono-Bold'));
const BOLD_WOFF2 = ttfToWoff2(dejaVu('DejaVuSansMono-Bold'));
const pathOf = (url: string) => new URL(url).pathname;

describe('custom fonts (e2e)', () => {
  let t: TestApp;
  let org: { organizationId: string; userId: string; token: string };
  let member: { token: string };
  let outsider: { organizationId: string; token: string };
  let events: EventStore;
  let fontId: string;
  /** Set once the app restarts on its own data folder (which close() then leaves behind). */
  let dataDir: string | undefined;
  const keys: Record<string, string> = {};

  const op = (operationId: string, params: Record<string, string>, opts: { body?: unknown; query?: Record<string, unknown> } = {}, token = org.token) =>
    callOperation(t, operationId, { organizationId: org.organizationId, ...params }, token, opts);
  /** Uploads through a signed URL of kind customization_font; answers the storage key. */
  async function upload(bytes: Buffer, type = 'font/woff2', who: { organizationId: string; token: string } = org) {
    const file = { name: 'face.bin', type, size: bytes.length };
    const signed = await t.http.post(`/v1/orgs/${who.organizationId}/storage/upload`).set(bearer(who.token)).send({ kind: 'customization_font', file });
    expect(signed.status).toBe(201);
    expect((await t.http.put(pathOf(signed.body.url)).set('Content-Type', type).send(bytes)).status).toBe(201);
    return signed.body.key as string;
  }

  beforeAll(async () => {
    t = await startTestApp();
    org = await t.bootstrap('Fonts Org', email('fonts'));
    [member] = await t.cli('user', 'create', '--email', email('member'), '--name', 'Member', '--org', org.organizationId, '--role', 'edit');
    outsider = await t.bootstrap('Elsewhere', email('outsider'));
    events = t.app.get(EventStore);
    keys.regular = await upload(REGULAR);
    keys.boldWoff = await upload(BOLD_WOFF, 'font/woff');
    keys.boldWoff2 = await upload(BOLD_WOFF2);
    keys.ttf = await upload(dejaVu('DejaVuSansMono'), 'application/octet-stream');
    keys.junk = await upload(Buffer.from('this is not a font at all'), 'application/octet-stream');
    keys.foreign = await upload(REGULAR, 'font/woff2', outsider);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a definition from uploaded WOFF2 and WOFF files (reference shape, official client)', async () => {
    const res = await op(
      'createCustomFont',
      {},
      {
        body: {
          fontFamily: 'Dejavu Mono',
          fontFaces: [
            { weight: 700, storageKey: keys.boldWoff },
            { weight: 400, storageKey: keys.regular },
          ],
        },
      },
    );
    expect(res.status).toBe(201);
    fontId = res.body.id;
    expect(res.headers.location).toBe(`${t.baseUrl}/v1/orgs/${org.organizationId}/fonts/${fontId}`);
    expect(res.body).toEqual({
      id: fontId,
      custom: true,
      fontFamily: 'Dejavu Mono',
      fontFaces: [
        { weight: 400, sources: [{ url: expect.stringMatching(/\/files\/400-[0-9a-f]{16}\.woff2$/), format: 'woff2' }] },
        { weight: 700, sources: [{ url: expect.stringMatching(/\/files\/700-[0-9a-f]{16}\.woff$/), format: 'woff' }] },
      ],
      permissions: { edit: true },
    });
    const viaClient = await t.client(org.token).orgs.getCustomFont(org.organizationId, fontId);
    expect(viaClient.data).toEqual(res.body);
    const listed = await op('listCustomFonts', {});
    expect(listed.body).toEqual({ items: [res.body], count: 1 });
    // The events name files by key and hash: no bytes.
    const created = (await events.readAll()).find((e) => e.type === 'CustomFontCreated')!;
    expect(JSON.stringify(created.data).length).toBeLessThan(2000);
    expect(created.data).toMatchObject({
      faces: [
        { weight: 400, file: { family: 'DejaVu Sans Mono', weight: 400, format: 'woff2' } },
        { weight: 700, file: { weight: 700 } },
      ],
    });
  });

  it('serves each face’s file at its source URL, to anyone, typed, cacheable and loadable cross-origin', async () => {
    const font = (await op('getCustomFont', { fontId })).body;
    for (const [face, bytes, type] of [
      [font.fontFaces[0], REGULAR, 'font/woff2'],
      [font.fontFaces[1], BOLD_WOFF, 'font/woff'],
    ] as const) {
      const res = await t.http
        .get(pathOf(face.sources[0].url))
        .buffer(true)
        .parse((r: any, cb: any) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Buffer.compare(res.body, bytes)).toBe(0);
      expect((await t.http.get(pathOf(face.sources[0].url)).set('If-None-Match', res.headers.etag)).status).toBe(304);
      expect((await t.http.head(pathOf(face.sources[0].url))).headers['content-length']).toBe(String(bytes.length));
    }
    const base = `/v1/orgs/${org.organizationId}/fonts/${fontId}/files`;
    for (const wrong of [
      '400-0000000000000000.woff2',
      'passwd',
      '../../secrets',
      `${pathOf(font.fontFaces[0].sources[0].url).split('/').pop()!.replace('woff2', 'woff')}`,
    ]) {
      expect([wrong, (await t.http.get(`${base}/${encodeURIComponent(wrong)}`)).status]).toEqual([wrong, 404]);
    }
    // The organization in the path must be the font's.
    expect((await t.http.get(pathOf(font.fontFaces[0].sources[0].url).replace(org.organizationId, outsider.organizationId))).status).toBe(404);
  });

  it('answers 412 for a definition without weight 400, a weight outside 1..1000, or a file that is not a font, writing nothing', async () => {
    const before = await events.headPosition();
    const cases: Array<[unknown[], RegExp]> = [
      [[{ weight: 700, storageKey: keys.boldWoff }], /^fontFaces: a face of weight 400 \(regular\) is required$/],
      [
        [
          { weight: 400, storageKey: keys.regular },
          { weight: 0, storageKey: keys.boldWoff },
        ],
        /^fontFaces\[1\]\.weight: must be a whole number from 1 to 1000 \(got 0\)$/,
      ],
      [
        [
          { weight: 400, storageKey: keys.regular },
          { weight: 1001, storageKey: keys.boldWoff },
        ],
        /^fontFaces\[1\]\.weight: must be a whole number from 1 to 1000/,
      ],
      [[{ weight: 400.5, storageKey: keys.regular }], /^fontFaces\[0\]\.weight: must be a whole number/],
      [[{ weight: 400, storageKey: keys.junk }], /^fontFaces\[0\]\.storageKey: \S+ is not a font file \(WOFF2 or WOFF expected\)$/],
      [[{ weight: 400, storageKey: keys.ttf }], /^fontFaces\[0\]\.storageKey: \S+ is a TrueType or OpenType file: upload it as WOFF2/],
      [[{ weight: 400, storageKey: keys.foreign }], /^fontFaces\[0\]\.storageKey: \S+ was not found in the organization's storage/],
      [[{ weight: 400, storageKey: 'orgs/nowhere/x.woff2' }], /was not found in the organization's storage/],
      [[{ weight: 400, storageKey: keys.boldWoff2 }], /^fontFaces\[0\]\.weight: 400, but the file is a font of weight 700/],
      [
        [
          { weight: 400, storageKey: keys.regular },
          { weight: 400, storageKey: keys.regular },
        ],
        /^fontFaces\[1\]\.weight: weight 400 is given twice/,
      ],
    ];
    for (const [fontFaces, message] of cases) {
      const res = await op('createCustomFont', {}, { body: { fontFamily: 'Refused', fontFaces } });
      expect([fontFaces, res.status, res.body.error.message]).toEqual([fontFaces, 412, expect.stringMatching(message)]);
    }
    expect(
      (
        await clientError(
          t.client(org.token).orgs.createCustomFont(org.organizationId, { fontFamily: 'X', fontFaces: [{ weight: 300, storageKey: keys.regular }] }),
        )
      ).code,
    ).toBe(412);
    expect(await stateEventsAfter(events, before)).toEqual([]);
  });

  it('answers 400 for bodies of the wrong shape, naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ fontFaces: [{ weight: 400, storageKey: keys.regular }] }, /^fontFamily: must be a font family name of 1 to 50 characters/],
      [{ fontFamily: 'x'.repeat(51), fontFaces: [{ weight: 400, storageKey: keys.regular }] }, /^fontFamily: must be a font family name/],
      [{ fontFamily: 'Evil"; } body { color: red', fontFaces: [{ weight: 400, storageKey: keys.regular }] }, /^fontFamily: must not contain quotes/],
      [{ fontFamily: 'A', fontFaces: [] }, /^fontFaces: must be an array of 1 to 20 font faces/],
      [{ fontFamily: 'A', fontFaces: [{ weight: '400', storageKey: keys.regular }] }, /^fontFaces\[0\]\.weight: is required, a number/],
      [{ fontFamily: 'A', fontFaces: [{ weight: 400, storageKey: 7 }] }, /^fontFaces\[0\]\.storageKey: is required/],
      [{ fontFamily: 'A', fontFaces: [{ weight: 400, storageKey: null }] }, /^fontFaces\[0\]\.storageKey: is required/],
      [{ fontFamily: 'A', fontFaces: [{ weight: 400, storageKey: keys.regular, style: 'italic' }] }, /^fontFaces\[0\]\.style: unknown field/],
    ];
    for (const [body, message] of cases) {
      const res = await t.http.put(`/v1/orgs/${org.organizationId}/fonts`).set(bearer(org.token)).send(body);
      expect([body, res.status, res.body.error?.message]).toEqual([body, 400, expect.stringMatching(message)]);
    }
  });

  it('members read (edit: false) but only admins manage; outsiders see nothing', async () => {
    expect((await op('getCustomFont', { fontId }, {}, member.token)).body.permissions).toEqual({ edit: false });
    expect((await op('listCustomFonts', {}, {}, member.token)).body.count).toBe(1);
    const refused = await op('createCustomFont', {}, { body: { fontFamily: 'Mine', fontFaces: [{ weight: 400, storageKey: keys.regular }] } }, member.token);
    expect([refused.status, refused.body.error.message]).toEqual([403, 'Managing custom fonts needs the organization admin role (yours: edit)']);
    expect((await op('updateCustomFont', { fontId }, { body: { fontFamily: 'Mine' } }, member.token)).status).toBe(403);
    expect((await op('deleteCustomFont', { fontId }, {}, member.token)).status).toBe(403);
    expect((await op('getCustomFont', { fontId }, {}, outsider.token)).status).toBe(404);
    expect((await op('listCustomFonts', {}, {}, outsider.token)).status).toBe(404);
    // "Organization or font not found" is the reference's 204; the font stays.
    expect((await op('deleteCustomFont', { fontId }, {}, outsider.token)).status).toBe(204);
    expect((await callOperation(t, 'getCustomFont', { organizationId: outsider.organizationId, fontId }, outsider.token)).status).toBe(404);
    expect((await op('getCustomFont', { fontId })).status).toBe(200);
  });

  it('an update replaces the faces it names (a new file, a new URL), removes those with a null key, and keeps weight 400', async () => {
    const before = (await op('getCustomFont', { fontId })).body;
    const res = await op('updateCustomFont', { fontId }, { body: { fontFamily: 'DejaVu Mono', fontFaces: [{ weight: 700, storageKey: keys.boldWoff2 }] } });
    expect(res.status).toBe(201);
    expect(res.body.fontFamily).toBe('DejaVu Mono');
    expect(res.body.fontFaces[0]).toEqual(before.fontFaces[0]);
    expect(res.body.fontFaces[1]).toEqual({ weight: 700, sources: [{ url: expect.stringMatching(/\/files\/700-[0-9a-f]{16}\.woff2$/), format: 'woff2' }] });
    expect((await t.http.get(pathOf(before.fontFaces[1].sources[0].url))).status).toBe(404);
    expect((await t.http.get(pathOf(res.body.fontFaces[1].sources[0].url))).status).toBe(200);

    const removed = await op('updateCustomFont', { fontId }, { body: { fontFaces: [{ weight: 700, storageKey: null }] } });
    expect(removed.body.fontFaces.map((f: { weight: number }) => f.weight)).toEqual([400]);
    const noRegular = await op('updateCustomFont', { fontId }, { body: { fontFaces: [{ weight: 400, storageKey: null }] } });
    expect([noRegular.status, noRegular.body.error.message]).toEqual([412, 'fontFaces: a face of weight 400 (regular) is required']);
    expect((await op('updateCustomFont', { fontId: 'no-such-font' }, { body: { fontFamily: 'X' } })).status).toBe(404);
    const head = await events.headPosition();
    expect((await op('updateCustomFont', { fontId }, { body: { fontFamily: 'DejaVu Mono' } })).status).toBe(201);
    expect(await stateEventsAfter(events, head)).toEqual([]);
  });

  it('keeps fonts and their files across a restart on the same data folder', async () => {
    const font = (await op('getCustomFont', { fontId })).body;
    const before = t.baseUrl;
    dataDir = t.dataDir;
    await t.app.close();
    t = await startTestApp({ dataDir, clock: t.clock });
    // The new server listens on another port: URLs are built from its PUBLIC_URL.
    expect(JSON.stringify((await op('getCustomFont', { fontId })).body)).toBe(JSON.stringify(font).split(before).join(t.baseUrl));
    expect((await t.http.get(pathOf(font.fontFaces[0].sources[0].url))).status).toBe(200);
  });

  it('deletes: 205, then 204; the font and its files are gone', async () => {
    const font = (await op('getCustomFont', { fontId })).body;
    expect((await op('deleteCustomFont', { fontId })).status).toBe(205);
    expect((await op('deleteCustomFont', { fontId })).status).toBe(204);
    expect((await op('getCustomFont', { fontId })).status).toBe(404);
    expect((await t.http.get(pathOf(font.fontFaces[0].sources[0].url))).status).toBe(404);
    expect((await op('listCustomFonts', {})).body).toEqual({ items: [], count: 0 });
  });
});
