import { email, startTestApp, TestApp } from '../support/test-app';
import { api } from '../support/content-api';
import { JPEG_12x16, png } from '../../libs/content/src/pdf/testing/images';
import { pdfImages, pdfInfo, pdfOutline, pdfText, pdfUris } from '../../libs/content/src/pdf/testing/poppler';

const binary = (res: any, cb: (e: Error | null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** What each fixture page shows, sentence by sentence; the markdown below wraps them in syntax. */
const CYRILLIC = ['Руководство пользователя описывает установку', 'Щёлкните кнопку «Готово» чтобы продолжить'];
const GREEK = ['Η γρήγορη καφέ αλεπού πηδά', 'Όλα τα δικαιώματα διατηρούνται'];
const TABLE = [
  ['Параметр', 'Τιμή', 'Meaning'],
  ['порт', 'οκτώ', 'listening port'],
  ['хост', 'εννέα', 'bind address'],
];

const OVERVIEW = [
  `## Начало\n\n${CYRILLIC[0]} **жирным** и *курсивом* and \`npm start\`.`,
  `${GREEK[0]}; see [the Greek page](./greek.md) or [the website](https://example.com/guide).`,
  `| ${TABLE[0].join(' | ')} |\n| --- | :---: | ---: |\n${TABLE.slice(1)
    .map((r) => `| ${r.join(' | ')} |`)
    .join('\n')}`,
  '![Архитектура системы](./diagram.png)',
  `- ${CYRILLIC[1]}\n- second bullet point\n  1. nested ordered step`,
  '```bash\necho "Привет, κόσμε"\n```',
].join('\n\n');

/** The words a reader must find: letters and digits of the visible text (no markdown syntax, no link targets). */
const words = (texts: string[]) => texts.flatMap((t) => t.match(/[\p{L}\p{N}]+/gu) ?? []);

/**
 * PDF fidelity end to end: a space with a table, pictures, Cyrillic and Greek text, printed
 * through the signed link and read back with poppler (pdftotext, pdfinfo, pdfimages).
 */
describe('PDF fidelity (e2e)', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let space: string;

  const pdfOf = async (query: Record<string, string> = {}) => {
    const { url } = (await a.get('getSpacePDF', `/v1/spaces/${space}/pdf`, admin, query)).body;
    const res = await t.http.get(new URL(url).pathname).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };

  beforeAll(async () => {
    t = await startTestApp();
    a = api(t);
    const boot = await t.bootstrap('Acme', email('admin'));
    admin = boot.token;
    space = (await a.createSpace(boot.organizationId, admin, 'Руководство · Οδηγός')).id;
    const cr = (await a.createCR(space, admin, { subject: 'Fixture', status: 'open' })).body.id;
    const file = (ref: string, name: string, contentType: string, bytes: Buffer) => ({ ref, name, contentType, base64: bytes.toString('base64') });
    const res = await a.write(space, cr, admin, [
      {
        operation: 'insert_files',
        files: [file('diagram.png', 'diagram.png', 'image/png', png(240, 120, [20, 90, 200])), file('photo.jpg', 'photo.jpg', 'image/jpeg', JPEG_12x16)],
      },
      { operation: 'insert_page', title: 'Обзор', ref: 'overview', document: { markdown: OVERVIEW } },
      { operation: 'insert_page', title: 'Ελληνικά', ref: 'greek', into: 'overview', document: { markdown: `${GREEK[1]}\n\n![photo](./photo.jpg)` } },
      { operation: 'insert_page', title: 'Unicode edge', ref: 'edge', document: { markdown: 'Latin text with 漢字 inside' } },
    ]);
    expect(res.status).toBe(200);
    expect((await a.merge(space, cr, admin)).status).toBe(200);
  });
  afterAll(async () => t?.close());

  it('pdftotext shows every word: Cyrillic, Greek, the table cells, lists, code and titles', async () => {
    const pdf = await pdfOf();
    const text = pdfText(pdf);
    const expected = words([...CYRILLIC, ...GREEK, ...TABLE.flat(), 'Обзор Ελληνικά Начало жирным курсивом npm start second bullet point nested ordered step']);
    expect(expected.length).toBeGreaterThan(40);
    for (const w of [...expected, 'Привет', 'κόσμε', 'the Greek page', 'the website']) expect(text).toContain(w);
    expect(text).not.toMatch(/\?/);
  });

  it('embeds the PNG and the JPEG, links the web address, and bookmarks each page under its parent', async () => {
    const pdf = await pdfOf();
    expect(
      pdfImages(pdf)
        .map((i) => `${i.width}x${i.height} ${i.enc}`)
        .sort(),
    ).toEqual(['12x16 jpeg', '240x120 image']);
    expect(pdfUris(pdf)).toContain('https://example.com/guide');
    expect(pdfOutline(pdf)).toEqual(expect.arrayContaining([{ title: 'Обзор' }, { title: 'Ελληνικά', parent: 'Обзор' }, { title: 'Unicode edge' }]));
    expect(pdfOutline(pdf)).toHaveLength(3);
    // The link to the Greek page jumps inside the PDF.
    expect(pdf.toString('latin1')).toMatch(/\/S \/GoTo\s*\/D \(page-[^)#]+\)/);
  });

  it('titles the PDF after the space, or after the page printed alone', async () => {
    expect(pdfInfo(await pdfOf()).Title).toBe('Руководство · Οδηγός');
    // Read without the reference check: app URLs with non-ASCII slugs fail its "uri" format (not this suite's subject).
    const pages = (await t.http.get(`/v1/spaces/${space}/content/pages`).set({ Authorization: `Bearer ${admin}` })).body.pages;
    const greek = pages[0].pages[0];
    const only = await pdfOf({ page: greek.id, only: 'true' });
    expect(pdfInfo(only).Title).toBe('Ελληνικά');
    expect(pdfText(only)).toContain(GREEK[1]);
    expect(pdfText(only)).not.toContain('Руководство пользователя');
  });

  it('draws characters no bundled font covers as U+FFFD and counts them in the metadata (MissingGlyphs)', async () => {
    const pdf = await pdfOf();
    expect(pdfInfo(pdf).MissingGlyphs).toBe('2');
    expect(pdfText(pdf)).toContain('Latin text with \uFFFD\uFFFD inside');
  });
});
