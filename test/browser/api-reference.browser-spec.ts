import * as fs from 'fs';
import * as path from 'path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The API reference page (GET /v1/docs) in a real browser (Debian's headless Chromium driven by
 * playwright-core): Swagger UI renders the server's own OpenAPI document, an operation opens and
 * shows this server's additions, and nothing is requested from anywhere but the server — the
 * page works offline and its Content-Security-Policy is never violated. Screenshots go to
 * test-artifacts/browser/ (gitignored).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.join(__dirname, '..', '..', 'test-artifacts', 'browser');

if (!fs.existsSync(CHROMIUM)) {
  describe('the API reference page in a browser', () => {
    it(`SKIPPED — no Chromium at ${CHROMIUM} (install Debian's chromium, or set CHROMIUM_PATH)`, () => {
      console.warn(`the API reference page in a browser: SKIPPED — no Chromium at ${CHROMIUM}`);
    });
  });
} else {
  describe('the API reference page in a browser (Chromium)', () => {
    let t: TestApp;
    let browser: Browser;
    /** Requests to anywhere but the server: each is refused, and none may be attempted. */
    const elsewhere: string[] = [];
    /** Requests the server answered (the page, Swagger UI's files, the document). */
    const served = new Set<string>();
    /** Content-Security-Policy violations and page errors the browser reported. */
    const problems: string[] = [];

    const open = async (): Promise<Page> => {
      const context = await browser.newContext();
      const origin = new URL(t.baseUrl).origin;
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (new URL(url).origin === origin) {
          served.add(new URL(url).pathname);
          return route.continue();
        }
        elsewhere.push(url);
        return route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      return page;
    };

    beforeAll(async () => {
      t = await startTestApp();
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    });
    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    it("renders the document, opens getSpaceById and updateSpaceById, and shows this server's additions", async () => {
      const page = await open();
      await page.goto(`${t.baseUrl}/v1/docs`);
      await page.locator('.swagger-ui .info .title').waitFor({ timeout: 30_000 });
      expect(await page.locator('.swagger-ui .info .title').innerText()).toContain('docs-platform API');

      await page.click('#operations-tag-spaces');
      const get = page.locator('#operations-spaces-getSpaceById');
      await get.locator('.opblock-summary').first().click();
      const getParameters = get.locator('.parameters');
      await getParameters.waitFor();
      const getNames = await getParameters.locator('.parameter__name').allInnerTexts();
      expect(getNames.join(' ')).toMatch(/asOf/);
      expect(getNames.join(' ')).toMatch(/If-None-Match/);
      expect(await get.locator('.responses-table').innerText()).toMatch(/304/);

      const patch = page.locator('#operations-spaces-updateSpaceById');
      await patch.locator('.opblock-summary').first().click();
      await patch.locator('.parameters').waitFor();
      const patchNames = (await patch.locator('.parameter__name').allInnerTexts()).join(' ');
      expect(patchNames).toMatch(/If-Match/);
      expect(patchNames).toMatch(/Idempotency-Key/);
      expect(await patch.locator('.responses-table').innerText()).toMatch(/412/);

      fs.mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'api-reference.png'), fullPage: false });
      // The routing saw the page's own requests (so it would have seen any other), and refused none.
      expect([...served]).toEqual(expect.arrayContaining(['/v1/docs', '/v1/docs/assets/swagger-ui-bundle.js', '/v1/openapi.json']));
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}
