import * as fs from 'fs';
import * as path from 'path';
import { SignJWT } from 'jose';
import { chromium, type Browser, type Page } from 'playwright-core';
import { email, startTestApp, TestApp } from '../support/test-app';
import { publishedSites } from '../e2e/published-site.fixture';

/**
 * A site created through the API, read end to end in a real browser (Debian's headless
 * Chromium driven by playwright-core; `.ci/run` installs it): navigate sections and pages,
 * search, follow a share link, sign in with a visitor JWT, watch adaptive content change with
 * the visitor's claims. Screenshots go to test-artifacts/browser/ (gitignored).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.join(__dirname, '..', '..', 'test-artifacts', 'browser');

if (!fs.existsSync(CHROMIUM)) {
  describe('published sites in a browser', () => {
    it(`SKIPPED — no Chromium at ${CHROMIUM} (install Debian's chromium, or set CHROMIUM_PATH)`, () => {
      console.warn(`published sites in a browser: SKIPPED — no Chromium at ${CHROMIUM}`);
    });
  });
} else {
  describe('published sites in a browser (Chromium)', () => {
    let t: TestApp;
    let browser: Browser;
    let f: ReturnType<typeof publishedSites>;
    let docs: { id: string; url: string };
    let shareUrl: string;
    let members: { id: string; url: string };
    let membersKey: string;

    const shot = async (page: Page, name: string) => {
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    };
    const fresh = async () => (await browser.newContext()).newPage();
    const sidebar = (page: Page) => page.locator('nav.pages a').allTextContents();

    beforeAll(async () => {
      t = await startTestApp();
      const { organizationId, token } = await t.bootstrap('Acme', email('admin'));
      f = publishedSites(t, organizationId, token);
      const guide = await f.space('Guide');
      const api = await f.space('API');
      await f.merged(guide, [
        { operation: 'insert_page', title: 'Introduction', document: { markdown: 'Welcome to **Acme**.\n\n## Concepts\n\nWidgets and gears.' } },
        { operation: 'insert_page', title: 'Installation', document: { markdown: '## Requirements\n\nA toaster.\n\n## Steps\n\nInstall the flux capacitor.' } },
        { operation: 'insert_page', title: 'Beta program', condition: 'visitor.claims.unsigned.beta == true', document: { markdown: 'Early features.' } },
        { operation: 'insert_page', title: 'Pro features', condition: 'visitor.claims.plan == "pro"', document: { markdown: 'For pro members.' } },
      ]);
      await f.merged(api, [{ operation: 'insert_page', title: 'Endpoints', document: { markdown: 'GET /widgets lists widgets.' } }]);

      docs = await f.site('Acme Docs', [guide]);
      await f.adaptiveSchema(docs.id, {
        type: 'object',
        properties: {
          unsigned: {
            type: 'object',
            description: 'Unsigned claims of the site visitor.',
            properties: { beta: { type: 'boolean', description: 'Beta' } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      });
      await f.section(docs.id, { spaceId: api, title: 'API' });
      await f.publish(docs.id);

      const partners = await f.site('Partners', [guide], { visibility: 'share-link' });
      await f.publish(partners.id);
      shareUrl = (await f.shareLink(partners.id, 'Partner link')).urls.published;

      members = await f.site('Members', [guide], { visibility: 'visitor-auth' });
      await f.publish(members.id);
      membersKey = (await f.regenerateKey(members.id)).privateKey;
      await t.engine.drain();
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    });
    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    it('navigates sections, pages, the page outline and previous/next', async () => {
      const page = await fresh();
      await page.goto(docs.url);
      expect(await page.title()).toBe('Introduction | Acme Docs');
      expect(await page.locator('article').innerText()).toContain('Welcome to Acme.');
      await shot(page, '01-home');
      await page.click('nav.sections >> text=API');
      expect(page.url()).toBe(`${docs.url}/api`);
      expect(await page.locator('article h1').innerText()).toBe('Endpoints');
      await page.click('nav.sections >> text=Guide');
      await page.click('nav.pages >> text=Installation');
      expect(page.url()).toBe(`${docs.url}/installation`);
      expect(await page.locator('.page-toc a').allTextContents()).toEqual(['Requirements', 'Steps']);
      await page.click('.page-toc >> text=Steps');
      expect(page.url()).toBe(`${docs.url}/installation#steps`);
      await shot(page, '02-page');
      await page.click('a[rel=prev]');
      expect(page.url()).toBe(`${docs.url}/introduction`);
      expect(await sidebar(page)).toEqual(['Introduction', 'Installation']);
    });

    it('searches from the search box and opens a result', async () => {
      const page = await fresh();
      await page.goto(docs.url);
      await page.fill('input[name=q]', 'flux capacitor');
      await page.press('input[name=q]', 'Enter');
      await page.waitForURL(/~search\?q=flux/);
      expect(await page.locator('h1').innerText()).toBe('Results for “flux capacitor”');
      expect(await page.locator('.search-results mark').count()).toBeGreaterThan(0);
      await shot(page, '03-search');
      await page.click('a.result-page');
      expect(page.url()).toBe(`${docs.url}/installation`);
    });

    it('follows a share link; the key moves to a cookie and other pages open without it', async () => {
      const page = await fresh();
      await page.goto(shareUrl);
      expect(page.url()).not.toContain('shareKey');
      expect(await page.locator('article').innerText()).toContain('Welcome to Acme.');
      await page.click('nav.pages >> text=Installation');
      expect(await page.locator('article').innerText()).toContain('A toaster.');
      await shot(page, '04-share-link');
      const stranger = await fresh();
      expect((await stranger.goto(new URL(shareUrl).origin + new URL(shareUrl).pathname))!.status()).toBe(404);
    });

    it('signs in with a visitor JWT and sees what its claims open', async () => {
      const page = await fresh();
      expect((await page.goto(members.url))!.status()).toBe(401);
      expect(await page.locator('h1').innerText()).toBe('Sign in to read this site');
      const token = await new SignJWT({ plan: 'pro' })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(members.id)
        .setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) + 3600)
        .sign(new TextEncoder().encode(membersKey));
      await page.goto(`${members.url}?jwt_token=${token}`);
      expect(page.url()).toBe(members.url);
      expect(await sidebar(page)).toContain('Pro features');
      await page.click('nav.pages >> text=Pro features');
      expect(await page.locator('article').innerText()).toContain('For pro members.');
      await shot(page, '05-visitor-jwt');
    });

    it('adaptive content changes with the visitor claims', async () => {
      const page = await fresh();
      await page.goto(docs.url);
      expect(await sidebar(page)).not.toContain('Beta program');
      await page.goto(`${docs.url}?visitor.beta=true`);
      expect(await sidebar(page)).toContain('Beta program');
      await page.click('nav.pages >> text=Beta program');
      expect(await page.locator('article').innerText()).toContain('Early features.');
      await shot(page, '06-adaptive');
      expect(await sidebar(await fresh().then(async (p) => (await p.goto(docs.url), p)))).not.toContain('Beta program');
    });
  });
}
