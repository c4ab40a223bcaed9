import { email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';
import { api, flatten } from '../support/content-api';
import { checkXref } from '../../libs/content/testing/pdf-check';

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
    const text = bytes.toString('latin1');
    for (const title of ['Getting started', 'Configuration', 'FAQ', 'Install']) expect(text).toContain(`(${title}) Tj`);
    expect(text).toContain('(Run npm i \x97 then \\(re\\)start.) Tj');
  });

  it('prints one page (only=true) or a page with its subpages, via the official client too', async () => {
    const pages = flatten((await a.crPages(space, cr, admin)).body.pages);
    const gs = pages.find((p) => p.title === 'Getting started').id;
    const client = t.client(admin);
    const withChildren = (await client.spaces.getChangeRequestPdf(space, cr, { page: gs })).data;
    expectMatchesOperation('getChangeRequestPDF', 200, withChildren);
    const text = (await fetchPdf(withChildren.url)).body.toString('latin1');
    expect(text).toContain('(Configuration) Tj');
    expect(text).not.toContain('(FAQ) Tj');
    const only = (
      await fetchPdf((await a.get('getChangeRequestPDF', `/v1/spaces/${space}/change-requests/${cr}/pdf`, admin, { page: gs, only: 'true' })).body.url)
    ).body.toString('latin1');
    expect(only).toContain('(Getting started) Tj');
    expect(only).not.toContain('(Configuration) Tj');
    expect((await a.get('getChangeRequestPDF', `/v1/spaces/${space}/change-requests/${cr}/pdf`, admin, { page: 'nope' })).status).toBe(404);
  });

  it('prints main content too (getSpacePDF)', async () => {
    const other = (await a.createSpace(orgId, admin)).id;
    const c = (await a.createCR(other, admin, { subject: 'x' })).body.id;
    await a.write(other, c, admin, [{ operation: 'insert_page', title: 'Main page', document: { markdown: 'hello' } }]);
    await a.merge(other, c, admin);
    const { url } = (await a.get('getSpacePDF', `/v1/spaces/${other}/pdf`, admin)).body;
    expect((await fetchPdf(url)).body.toString('latin1')).toContain('(Main page) Tj');
  });

  it('pins the revision it was asked for, expires after an hour, and rejects tampered links', async () => {
    const { url } = (await a.get('getChangeRequestPDF', `/v1/spaces/${space}/change-requests/${cr}/pdf`, admin)).body;
    await a.write(space, cr, admin, [{ operation: 'insert_page', title: 'Added later', document: {} }]);
    expect((await fetchPdf(url)).body.toString('latin1')).not.toContain('(Added later) Tj');
    const tampered = url.slice(0, -3) + (url.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await t.http.get(new URL(tampered).pathname)).status).toBe(404);
    t.clock.advance(60 * 60 * 1000 + 1);
    const expired = await t.http.get(new URL(url).pathname);
    expect(expired.status).toBe(404);
    expect(expired.body.error.message).toMatch(/expired/);
  });
});
