import { callOperation, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

/** Site customization in the reference shape with defaults, and per-site-space overrides that fall back to the site's. */
describe('sites: customization (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let editor: string;
  let siteId: string;
  let siteSpaceId: string;

  const call = (operationId: string, params: Record<string, string>, token = admin, opts: { body?: unknown; query?: Record<string, unknown> } = {}) =>
    callOperation(t, operationId, params, token, opts);
  const site = () => ({ organizationId: orgId, siteId });
  const siteSpace = () => ({ organizationId: orgId, siteId, siteSpaceId });

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Custom Org', email('ada')));
    [{ token: editor }] = await t.cli('user', 'create', '--email', email('eddie'), '--name', 'Eddie', '--org', orgId, '--role', 'edit');
    const space = (await call('createSpace', { organizationId: orgId }, admin, { body: { title: 'Guide' } })).body.id;
    siteId = (await call('createSite', { organizationId: orgId }, admin, { body: { title: 'Custom Site', spaces: [space] } })).body.id;
    siteSpaceId = (await call('listSiteSpaces', site())).body.items[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a new site answers the defaults in the reference shape (official client)', async () => {
    const res = await t.client(admin).orgs.getSiteCustomizationById(orgId, siteId);
    expectMatchesOperation('getSiteCustomizationById', 200, res.data);
    expect(res.data).toMatchObject({
      styling: { theme: 'clean', corners: 'rounded', font: 'Inter' },
      themes: { default: 'light', toggeable: true },
      favicon: {},
    });
    expect((await call('getSiteCustomizationById', site(), editor)).status).toBe(200);
  });

  it('PUT keeps what it is given over the defaults; the site space follows the site until it overrides', async () => {
    const body = {
      title: 'Custom Docs',
      styling: { theme: 'bold', primaryColor: { light: '#ff0000', dark: '#00ff00' }, corners: 'straight' },
      favicon: { emoji: '📘' },
      header: { preset: 'custom', links: [{ title: 'Home', to: { kind: 'url', url: 'https://example.com' }, links: [] }] },
      announcement: { enabled: true, message: 'New release', style: 'info' },
    };
    const res = await t.client(admin).orgs.updateSiteCustomizationById(orgId, siteId, body as never);
    expectMatchesOperation('updateSiteCustomizationById', 200, res.data);
    expect(res.data).toMatchObject({ ...body, styling: { ...body.styling, depth: 'subtle', font: 'Inter' }, pdf: { enabled: true } });
    const inherited = await t.client(admin).orgs.getSiteSpaceCustomizationById(orgId, siteId, siteSpaceId);
    expectMatchesOperation('getSiteSpaceCustomizationById', 200, inherited.data);
    expect(inherited.data).toEqual(res.data);
  });

  it('overrides (official client): fields override, null stops overriding; DELETE removes them all (205, then 204)', async () => {
    const res = await t
      .client(admin)
      .orgs.overrideSiteSpaceCustomizationById(orgId, siteId, siteSpaceId, { title: 'Guide Docs', styling: { corners: 'circular' } } as never);
    expectMatchesOperation('overrideSiteSpaceCustomizationById', 200, res.data);
    expect(res.data).toMatchObject({ title: 'Guide Docs', styling: { theme: 'bold', corners: 'circular' } });
    // A later change of the site shows through where the site space does not override.
    await call('updateSiteCustomizationById', site(), admin, { body: { styling: { theme: 'muted', corners: 'straight' } } });
    expect((await call('getSiteSpaceCustomizationById', siteSpace())).body).toMatchObject({
      title: 'Guide Docs',
      styling: { theme: 'muted', corners: 'circular' },
    });
    const partly = await call('overrideSiteSpaceCustomizationById', siteSpace(), admin, { body: { styling: { corners: null } } });
    expect(partly.body).toMatchObject({ title: 'Guide Docs', styling: { corners: 'straight' } });
    expect((await call('deleteSiteSpaceCustomizationById', siteSpace())).status).toBe(205);
    expect((await call('deleteSiteSpaceCustomizationById', siteSpace())).status).toBe(204);
    expect((await call('getSiteSpaceCustomizationById', siteSpace())).body).toEqual((await call('getSiteCustomizationById', site())).body);
  });

  it.each([
    [{ styling: { theme: 'neon' } }, 'styling.theme'],
    [{ styling: { primaryColor: { light: 'red', dark: '#000' } } }, 'styling.primaryColor.light'],
    [{ favicon: { emoji: '📘', icon: { light: 'https://x.test/a.png', dark: 'https://x.test/b.png' } } }, 'favicon'],
    [{ header: { links: [{ title: 'Home', to: { kind: 'nowhere' }, links: [] }] } }, 'header.links[0].to'],
    [{ announcement: { enabled: true, message: 'x', style: 'info' } }, 'announcement.message'],
    [{ title: 'x' }, 'title'],
    [{ colours: {} }, 'body.colours'],
    [{ styling: { hue: 3 } }, 'styling.hue'],
  ])('PUT refuses %j naming %s (400)', async (body, field) => {
    const res = await call('updateSiteCustomizationById', site(), admin, { body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('overrides refuse what a site space cannot override or a bad value (400); an unknown site space is 404', async () => {
    for (const [body, field] of [
      [{ styling: { font: 'Inter' } }, 'styling.font'],
      [{ ai: { mode: 'none' } }, 'body.ai'],
      [{ themes: { default: 'dim' } }, 'themes.default'],
    ] as const) {
      const res = await call('overrideSiteSpaceCustomizationById', siteSpace(), admin, { body });
      expect([res.status, res.body.error.message]).toEqual([400, expect.stringContaining(field)]);
    }
    expect((await call('getSiteSpaceCustomizationById', { ...siteSpace(), siteSpaceId: 'nope' })).status).toBe(404);
    expect((await call('overrideSiteSpaceCustomizationById', { ...siteSpace(), siteSpaceId: 'nope' }, admin, { body: { title: 'Nope' } })).status).toBe(404);
  });

  it('only admins change customization (403)', async () => {
    expect((await call('updateSiteCustomizationById', site(), editor, { body: { title: 'Mine' } })).status).toBe(403);
    expect((await call('overrideSiteSpaceCustomizationById', siteSpace(), editor, { body: { title: 'Mine' } })).status).toBe(403);
    expect((await call('deleteSiteSpaceCustomizationById', siteSpace(), editor)).status).toBe(403);
  });
});
