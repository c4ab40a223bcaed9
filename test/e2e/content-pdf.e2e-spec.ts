import { email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';
import { api, flatten } from '../support/content-api';
import { checkXref } from '../../libs/content/testing/pdf-check';
import { pdfInfo, pdfText } from '../../libs/content/src/pdf/testing/poppler';

const binary = (res: any, cb: (e: Error | null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** PDF export of a change request: a signed URL served by this API, rendering a real PDF. */
describe('change request PDF (e2e)', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let orgId: string;
  let admin: string;
  let space: string;
  let cr: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = api(t);
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
    space = (await a.createSpace(orgId, admin)).id;
    cr = (await a.createCR(space, admin, { subject: 'Printable' })).body.id;
    await a.write(space, cr, admin, [
      { operation: 'insert_page', title: 'Getting started', ref: 'gs', document: { markdown: '## Install\n\nRun `npm i` — then (re)start.\n\n- one\n- two' } },
      { operation: 'insert_page', title: 'Configuration', into: 'gs', document: { markdown: 'Set **PORT**.' } },
      { operation: 'insert_page', title: 'FAQ', document: { markdown: 'Questions' } },
    ]);
  });
  afterAll(async () => t?.close());

  const fetchPdf = async (url: string) => t.http.get(new URL(url).pathname).buffer(true).parse(binary);

  it('answers {url}; the URL needs no bearer token and serves a PDF with a valid xref and the page titles', async () => {
    const res = await a.get('getChangeRequestPDF', `/v1/spaces/${space}/change-requests/${cr}/pdf`, admin);
    expect(res.body.url).toMatch(new RegExp(`^${t.baseUrl}/v1/content/pdf/`));
    const pdf = await fetchPdf(res.body.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes: Buffer = pdf.body;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    checkXref(bytes);
    const text = pdfText(bytes);
    for (const title of ['Getting started', 'Configuration', 'FAQ', 'Install']) expect(text).toContain(title);
    expect(text).toContain('Run npm i — then (re)start.');
    expect(text).toContain('Set PORT.');
    // Title: the space's; the change request goes into Subject.
    expect(pdfInfo(bytes)).toMatchObject({ Title: 'Docs', Subject: 'Change request #1: Printable' });
  });

  it('prints one page (only=true) or a page with its subpages, via the official client too', async () => {
    const pages = flatten((await a.crPages(space, cr, admin)).body.pages);
    const gs = pages.find((p) => p.title === 'Getting started').id;
    const client = t.client(admin);
    const withChildren = (await client.spaces.getChangeRequestPdf(space, cr, { page: gs })).data;
    expectMatchesOperation('getChangeRequestPDF', 200, withChildren);
    const withChildrenPdf: Buffer = (await fetchPdf(withChildren.url)).body;
    const text = pdfText(withChildrenPdf);
    expect(text).toContain('Configuration');
    expect(text).not.toContain('FAQ');
    expect(pdfInfo(withChildrenPdf).Title).toBe('Getting started');
    const only = pdfText(
      (await fetchPdf((await a.get('getChangeRequestPDF', `/v1/spaces/${space}/change-requests/${cr}/pdf`, admin, { page: gs, only: 'true' })).body.url)).body,
    );
    expect(only).toContain('Getting started');
    expect(only).not.toContain('Configuration');
    expect((await a.get('getChangeRequestPDF', `/v1/spaces/${space}/change-requests/${cr}/pdf`, admin, { page: 'nope' })).status).toBe(404);
  });

  it('prints main content too (getSpacePDF)', async () => {
    const other = (await a.createSpace(orgId, admin, 'Operations manual')).id;
    const c = (await a.createCR(other, admin, { subject: 'x' })).body.id;
    await a.write(other, c, admin, [{ operation: 'insert_page', title: 'Main page', document: { markdown: 'hello' } }]);
    await a.merge(other, c, admin);
    const { url } = (await a.get('getSpacePDF', `/v1/spaces/${other}/pdf`, admin)).body;
    const pdf: Buffer = (await fetchPdf(url)).body;
    expect(pdfText(pdf)).toContain('Main page');
    // Was "Content" before: a whole-space PDF is titled after the space.
    expect(pdfInfo(pdf).Title).toBe('Operations manual');
  });

  it('pins the revision it was asked for, expires after an hour, and rejects tampered links', async () => {
    const { url } = (await a.get('getChangeRequestPDF', `/v1/spaces/${space}/change-requests/${cr}/pdf`, admin)).body;
    await a.write(space, cr, admin, [{ operation: 'insert_page', title: 'Added later', document: {} }]);
    const pinned = pdfText((await fetchPdf(url)).body);
    expect(pinned).toContain('Getting started');
    expect(pinned).not.toContain('Added later');
    const tampered = url.slice(0, -3) + (url.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await t.http.get(new URL(tampered).pathname)).status).toBe(404);
    t.clock.advance(60 * 60 * 1000 + 1);
    const expired = await t.http.get(new URL(url).pathname);
    expect(expired.status).toBe(404);
    expect(expired.body.error.message).toMatch(/expired/);
  });
});
