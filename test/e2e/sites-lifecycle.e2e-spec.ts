import { CommandBus } from '@nestjs/cqrs';
import { AddOrganizationMemberCommand } from '@app/organizations';
import { callOperation, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

const DAY = 24 * 60 * 60 * 1000;

/** Sites follow their spaces (sagas on the spaces context's events): deleted, restored, purged, transferred. */
describe('sites: the life of their spaces (e2e)', () => {
  let t: TestApp;
  let orgA: string;
  let orgB: string;
  let admin: string;

  const call = (operationId: string, params: Record<string, string>, token = admin, opts: { body?: unknown; query?: Record<string, unknown> } = {}) =>
    callOperation(t, operationId, params, token, opts);
  const space = async (title: string) => (await call('createSpace', { organizationId: orgA }, admin, { body: { title } })).body.id as string;
  const newSite = async (title: string, spaces: string[]) =>
    (await call('createSite', { organizationId: orgA }, admin, { body: { title, spaces } })).body.id as string;
  /** The site's site spaces as [space id, default] once every saga has run. */
  const held = async (siteId: string) => {
    await t.engine.drain();
    const res = await call('listSiteSpaces', { organizationId: orgA, siteId }, admin, { query: { limit: 1000 } });
    expectMatchesOperation('listSiteSpaces', 200, res.body);
    const order = (await call('getSiteStructure', { organizationId: orgA, siteId })).body;
    const flat = order.type === 'sections' ? order.structure.flatMap((s: { siteSpaces: unknown[] }) => s.siteSpaces) : order.structure;
    return flat.map((s: { space: { id: string }; default: boolean }) => [s.space.id, s.default]);
  };

  beforeAll(async () => {
    t = await startTestApp();
    let adminId: string;
    ({ organizationId: orgA, token: admin, userId: adminId } = await t.bootstrap('Org A', email('ada')));
    ({ organizationId: orgB } = await t.bootstrap('Org B', email('bob')));
    await t.app.get(CommandBus).execute(new AddOrganizationMemberCommand(orgB, adminId, 'admin'));
    await t.engine.waitForHead();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a deleted space leaves every site holding it (the default passes on) and comes back where it was when restored', async () => {
    const [a, b, c] = [await space('Alpha'), await space('Beta'), await space('Gamma')];
    const one = await newSite('First', [a, b, c]);
    const two = await newSite('Second', [b]);
    expect(await held(one)).toEqual([
      [a, true],
      [b, false],
      [c, false],
    ]);
    await call('updateSiteById', { organizationId: orgA, siteId: one }, admin, {
      body: { defaultSiteSpace: (await call('listSiteSpaces', { organizationId: orgA, siteId: one })).body.items[1].id },
    });
    expect((await call('deleteSpaceById', { spaceId: b })).status).toBe(205);
    expect(await held(one)).toEqual([
      [a, false],
      [c, true],
    ]);
    expect(await held(two)).toEqual([]);
    expect((await call('getSiteById', { organizationId: orgA, siteId: two })).body.siteSpaces).toBe(0);
    expect((await call('listSites', { organizationId: orgA }, admin, { query: { space: b } })).body.items).toEqual([]);
    expect((await call('restoreSpace', { spaceId: b })).status).toBe(200);
    expect(await held(one)).toEqual([
      [a, false],
      [b, false],
      [c, true],
    ]);
    expect(await held(two)).toEqual([[b, true]]);
  });

  it('a restore right after the delete finds its site spaces too', async () => {
    const d = await space('Delta');
    const s = await newSite('Quick', [d]);
    await call('deleteSpaceById', { spaceId: d });
    await call('restoreSpace', { spaceId: d });
    expect(await held(s)).toEqual([[d, true]]);
  });

  it('a site space of a deleted space in a deleted section comes back into the default section', async () => {
    const [e, f] = [await space('Epsilon'), await space('Zeta')];
    const s = await newSite('Sectioned', [e]);
    const section = (await call('addSectionToSite', { organizationId: orgA, siteId: s }, admin, { body: { spaceId: f } })).body.id;
    await call('deleteSpaceById', { spaceId: f });
    await t.engine.drain();
    await call('deleteSiteSectionById', { organizationId: orgA, siteId: s, siteSectionId: section });
    await call('restoreSpace', { spaceId: f });
    expect(await held(s)).toEqual([
      [e, true],
      [f, false],
    ]);
  });

  it('a space purged after the restore window is gone from its sites for good', async () => {
    const g = await space('Eta');
    const s = await newSite('Purged', [g]);
    await call('deleteSpaceById', { spaceId: g });
    await t.engine.drain();
    t.clock.advance(7 * DAY);
    expect(await t.scheduler.runDue()).toBeGreaterThan(0);
    expect(await held(s)).toEqual([]);
    const events = (await t.cli('events', '--stream', `sites.site-${s}`)).map((x) => x.type);
    expect(events).toEqual(['SiteCreated', 'SiteSpaceAdded', 'SiteSpaceRemoved', 'SiteSpaceDiscarded']);
  });

  it("a space transferred to another organization leaves the first organization's sites", async () => {
    const h = await space('Theta');
    const keep = await space('Iota');
    const s = await newSite('Transfer', [h, keep]);
    const moved = await call('transferSpace', { spaceId: h }, admin, { body: { organization: orgB } });
    expect([moved.status, moved.body.error?.message]).toEqual([200, undefined]);
    expect(await held(s)).toEqual([[keep, true]]);
    const events = (await t.cli('events', '--stream', `sites.site-${s}`)).map((x) => x.type);
    expect(events.slice(-1)).toEqual(['SiteSpaceRemoved']);
  });

  it('deleting a site removes it and everything of it; later space events leave it alone', async () => {
    const k = await space('Kappa');
    const s = await newSite('Short-lived', [k]);
    expect((await call('deleteSiteById', { organizationId: orgA, siteId: s })).status).toBe(205);
    await call('deleteSpaceById', { spaceId: k });
    await t.engine.drain();
    expect((await call('listSiteSpaces', { organizationId: orgA, siteId: s })).status).toBe(404);
    expect((await t.cli('events', '--stream', `sites.site-${s}`)).map((x) => x.type)).toEqual(['SiteCreated', 'SiteSpaceAdded', 'SiteDeleted']);
  });
});
