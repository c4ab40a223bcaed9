import { callOperation, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

/** A site's structure: site spaces, sections, section groups, moves and defaults, getSiteStructure. */
describe('sites: structure (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let editor: string;
  const spaces: Record<string, string> = {};

  const call = (operationId: string, params: Record<string, string>, token = admin, opts: { body?: unknown; query?: Record<string, unknown> } = {}) =>
    callOperation(t, operationId, params, token, opts);
  const newSite = async (title: string, spaceIds: string[] = []) => {
    const res = await call('createSite', { organizationId: orgId }, admin, { body: { title, spaces: spaceIds } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const siteSpaces = async (siteId: string, query: Record<string, unknown> = {}) =>
    (await call('listSiteSpaces', { organizationId: orgId, siteId }, admin, { query: { limit: 1000, ...query } })).body.items;
  const structure = async (siteId: string) => (await call('getSiteStructure', { organizationId: orgId, siteId })).body;
  /** The structure as ids (groups as [id, children]) and the default of each level marked with '*'. */
  const outline = async (siteId: string): Promise<unknown[]> => {
    const mark = (x: { id: string; default?: boolean }) => `${x.id}${x.default ? '*' : ''}`;
    const item = (x: any): unknown =>
      x.object === 'site-section-group' ? [x.id, x.children.map(item)] : x.object === 'site-section' ? [mark(x), x.siteSpaces.map(mark)] : mark(x);
    return (await structure(siteId)).structure.map(item);
  };

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Structure Org', email('ada')));
    [{ token: editor }] = await t.cli('user', 'create', '--email', email('eddie'), '--name', 'Eddie', '--org', orgId, '--role', 'edit');
    for (const title of ['Guide', 'API', 'SDK', 'Changelog']) {
      spaces[title] = (await call('createSpace', { organizationId: orgId }, admin, { body: { title } })).body.id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('site spaces', () => {
    let siteId: string;
    let ids: string[];

    beforeAll(async () => {
      siteId = await newSite('Spaces Site', [spaces.Guide, spaces.API]);
      ids = (await siteSpaces(siteId)).map((s: { id: string }) => s.id);
    });

    it('addSpaceToSite (official client) at the end, path from the space title made unique; the first is the default', async () => {
      const added = await t.client(admin).orgs.addSpaceToSite(orgId, siteId, { spaceId: spaces.Guide });
      expectMatchesOperation('addSpaceToSite', 201, added.data);
      expect(added.data).toMatchObject({ object: 'site-space', path: 'guide-2', default: false, title: 'Guide', hidden: false, space: { id: spaces.Guide } });
      ids.push(added.data.id);
      const listed = await t.client(admin).orgs.listSiteSpaces(orgId, siteId);
      expectMatchesOperation('listSiteSpaces', 200, listed.data);
      expect(listed.data.items.map((s) => [s.path, s.default])).toEqual([
        ['guide', true],
        ['api', false],
        ['guide-2', false],
      ]);
      expect((await siteSpaces(siteId, { default: true })).map((s: { id: string }) => s.id)).toEqual([ids[0]]);
      expect((await call('getSiteById', { organizationId: orgId, siteId })).body.siteSpaces).toBe(3);
    });

    it('updateSiteSpaceById: path (unique per level), hidden, condition (null removes it), swapping the space', async () => {
      const res = await call('updateSiteSpaceById', { organizationId: orgId, siteId, siteSpaceId: ids[2] }, admin, {
        body: { path: 'sdk', hidden: true, condition: 'true', spaceId: spaces.SDK },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ path: 'sdk', hidden: true, condition: 'true', space: { id: spaces.SDK }, title: 'SDK' });
      const cleared = await call('updateSiteSpaceById', { organizationId: orgId, siteId, siteSpaceId: ids[2] }, admin, { body: { condition: null } });
      expect(cleared.body.condition).toBeUndefined();
      for (const [body, field] of [
        [{ path: 'api' }, 'path'],
        [{ path: 'has space' }, 'path'],
        [{ spaceId: 'nope' }, 'spaceId'],
        [{ condition: 'visitor.claims.(' }, 'condition'],
        [{ hidden: 'yes' }, 'hidden'],
      ] as const) {
        const bad = await call('updateSiteSpaceById', { organizationId: orgId, siteId, siteSpaceId: ids[2] }, admin, { body });
        expect(bad.status).toBe(400);
        expect(bad.body.error.message).toContain(field);
      }
      expect((await call('updateSiteSpaceById', { organizationId: orgId, siteId, siteSpaceId: 'nope' }, admin, { body: { hidden: false } })).status).toBe(404);
    });

    it('moveSiteSpace (official client): before/after; 400 on an invalid position; 404 on an unknown target; 409 when nothing changes', async () => {
      const moved = await t.client(admin).orgs.moveSiteSpace(orgId, siteId, ids[2], { position: { before: { type: 'site-space', siteSpace: ids[0] } } });
      expectMatchesOperation('moveSiteSpace', 200, moved.data);
      expect(await outline(siteId)).toEqual([ids[2], `${ids[0]}*`, ids[1]]);
      const move = (siteSpaceId: string, position: unknown) =>
        call('moveSiteSpace', { organizationId: orgId, siteId, siteSpaceId }, admin, { body: { position } });
      expect((await move(ids[2], { after: { type: 'site-space', siteSpace: ids[1] } })).status).toBe(200);
      expect(await outline(siteId)).toEqual([`${ids[0]}*`, ids[1], ids[2]]);
      for (const position of [
        undefined,
        {},
        { before: { type: 'site-space', siteSpace: ids[0] }, after: { type: 'site-space', siteSpace: ids[1] } },
        { before: { type: 'site-section', siteSpace: ids[0] } },
        { after: { type: 'site-space', siteSpace: ids[2] } },
      ]) {
        const res = await move(ids[2], position);
        expect([res.status, res.body.error.message]).toEqual([400, expect.stringContaining('position')]);
      }
      expect((await move(ids[2], { after: { type: 'site-space', siteSpace: 'nope' } })).status).toBe(404);
      expect((await move('nope', { after: { type: 'site-space', siteSpace: ids[0] } })).status).toBe(404);
      expect((await move(ids[2], { after: { type: 'site-space', siteSpace: ids[1] } })).status).toBe(409);
    });

    it('deleting the default site space makes the next one default; PATCH defaultSiteSpace sets it; 205 then 204', async () => {
      const del = (siteSpaceId: string) => call('deleteSiteSpaceById', { organizationId: orgId, siteId, siteSpaceId });
      expect((await del(ids[0])).status).toBe(205);
      expect((await del(ids[0])).status).toBe(204);
      expect(await outline(siteId)).toEqual([`${ids[1]}*`, ids[2]]);
      const patched = await call('updateSiteById', { organizationId: orgId, siteId }, admin, { body: { defaultSiteSpace: ids[2] } });
      expect(patched.status).toBe(200);
      expect(await outline(siteId)).toEqual([ids[1], `${ids[2]}*`]);
    });

    it("conditions are checked against the site's adaptive schema: a claim it does not define is 400 naming it", async () => {
      const claim = (condition: string, siteSpaceId = ids[1]) =>
        call('updateSiteSpaceById', { organizationId: orgId, siteId, siteSpaceId }, admin, { body: { condition } });
      expect((await claim('visitor.claims.isBetaUser')).status).toBe(400);
      const jsonSchema = { type: 'object', additionalProperties: false, properties: { isBetaUser: { type: 'boolean', description: 'In the beta' } } };
      expect((await call('updateSiteAdaptiveSchema', { organizationId: orgId, siteId }, admin, { body: { jsonSchema } })).status).toBe(200);
      const ok = await claim('visitor.claims.isBetaUser');
      expect([ok.status, ok.body.condition]).toEqual([200, 'visitor.claims.isBetaUser']);
      const unknown = await claim('visitor.claims.isAdmin === true');
      expect([unknown.status, unknown.body.error.message]).toEqual([400, expect.stringContaining('visitor.claims.isAdmin')]);
    });

    it('members read the structure; only admins change it (403)', async () => {
      expect((await call('listSiteSpaces', { organizationId: orgId, siteId }, editor)).status).toBe(200);
      expect((await call('addSpaceToSite', { organizationId: orgId, siteId }, editor, { body: { spaceId: spaces.API } })).status).toBe(403);
      expect((await call('deleteSiteSpaceById', { organizationId: orgId, siteId, siteSpaceId: ids[1] }, editor)).status).toBe(403);
    });
  });

  describe('sections and section groups', () => {
    let siteId: string;
    let root: string[];
    let first: string;
    let api: string;
    let sdk: string;

    beforeAll(async () => {
      siteId = await newSite('Sections Site', [spaces.Guide, spaces.Changelog]);
      root = (await siteSpaces(siteId)).map((s: { id: string }) => s.id);
    });

    it("addSectionToSite (official client): the site's first section takes in its site spaces and stays the default", async () => {
      const added = await t.client(admin).orgs.addSectionToSite(orgId, siteId, { spaceId: spaces.API, icon: 'code' });
      expectMatchesOperation('addSectionToSite', 201, added.data);
      expect(added.data).toMatchObject({ object: 'site-section', title: 'API', path: 'api', default: false, icon: 'code' });
      api = added.data.id;
      const listed = await t.client(admin).orgs.listSiteSections(orgId, siteId);
      expectMatchesOperation('listSiteSections', 200, listed.data);
      first = listed.data.items[0].id;
      expect(listed.data.items.map((s) => [s.title, s.default, s.siteSpaces.length])).toEqual([
        ['Guide', true, 2],
        ['API', false, 1],
      ]);
      expect(await outline(siteId)).toEqual([
        [`${first}*`, [`${root[0]}*`, root[1]]],
        [api, [`${added.data.siteSpaces[0].id}*`]],
      ]);
      const tree = await t.client(admin).orgs.getSiteStructure(orgId, siteId);
      expectMatchesOperation('getSiteStructure', 200, tree.data);
      expect(tree.data.type).toBe('sections');
    });

    it('addSpaceToSite goes to the default section, or to the section given (400 for an unknown one)', async () => {
      const inDefault = await call('addSpaceToSite', { organizationId: orgId, siteId }, admin, { body: { spaceId: spaces.SDK } });
      expect(inDefault.body.section).toBe(first);
      const inApi = await call('addSpaceToSite', { organizationId: orgId, siteId }, admin, { body: { spaceId: spaces.SDK, sectionId: api } });
      expect([inApi.body.section, inApi.body.path]).toEqual([api, 'sdk']);
      const unknown = await call('addSpaceToSite', { organizationId: orgId, siteId }, admin, { body: { spaceId: spaces.SDK, sectionId: 'nope' } });
      expect([unknown.status, unknown.body.error.message]).toEqual([400, expect.stringContaining('sectionId')]);
    });

    it('updateSiteSectionById: title, path (unique in the site), description, icon, condition and its default site space', async () => {
      const section = await call('listSiteSections', { organizationId: orgId, siteId });
      const apiSpaces = section.body.items[1].siteSpaces.map((s: { id: string }) => s.id);
      const res = await call('updateSiteSectionById', { organizationId: orgId, siteId, siteSectionId: api }, admin, {
        body: { title: 'API Reference', path: 'reference', description: 'Every endpoint', icon: null, condition: 'true', defaultSiteSpace: apiSpaces[1] },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'API Reference', path: 'reference', description: 'Every endpoint', condition: 'true' });
      expect(res.body.icon).toBeUndefined();
      expect(res.body.siteSpaces.map((s: { default: boolean }) => s.default)).toEqual([false, true]);
      const taken = await call('updateSiteSectionById', { organizationId: orgId, siteId, siteSectionId: api }, admin, { body: { path: 'guide' } });
      expect([taken.status, taken.body.error.message]).toEqual([400, expect.stringContaining('path')]);
      const foreign = await call('updateSiteSectionById', { organizationId: orgId, siteId, siteSectionId: api }, admin, {
        body: { defaultSiteSpace: root[0] },
      });
      expect([foreign.status, foreign.body.error.message]).toEqual([400, expect.stringContaining('defaultSiteSpace')]);
      expect((await call('updateSiteSectionById', { organizationId: orgId, siteId, siteSectionId: api }, admin, { body: { title: 'A' } })).status).toBe(400);
    });

    it('moveSiteSection; PATCH defaultSiteSection; deleting the default section passes the default on and takes its site spaces', async () => {
      sdk = (await call('addSectionToSite', { organizationId: orgId, siteId }, admin, { body: { spaceId: spaces.SDK, title: 'SDKs' } })).body.id;
      const moved = await t.client(admin).orgs.moveSiteSection(orgId, siteId, sdk, { position: { before: { type: 'site-section', siteSection: first } } });
      expectMatchesOperation('moveSiteSection', 200, moved.data);
      const move = (position: unknown) => call('moveSiteSection', { organizationId: orgId, siteId, siteSectionId: sdk }, admin, { body: { position } });
      expect((await move({ before: { type: 'site-section', siteSection: first } })).status).toBe(409);
      expect((await move({ before: { type: 'site-section', siteSection: sdk } })).status).toBe(400);
      expect((await move({ before: { type: 'site-section', siteSection: 'nope' } })).status).toBe(404);
      expect((await structure(siteId)).structure.map((s: { id: string }) => s.id)).toEqual([sdk, first, api]);
      await call('updateSiteById', { organizationId: orgId, siteId }, admin, { body: { defaultSiteSection: api } });
      expect((await call('listSiteSections', { organizationId: orgId, siteId })).body.items.find((s: { default: boolean }) => s.default).id).toBe(api);
      const before = (await call('getSiteById', { organizationId: orgId, siteId })).body.siteSpaces;
      expect((await call('deleteSiteSectionById', { organizationId: orgId, siteId, siteSectionId: api })).status).toBe(205);
      expect((await call('deleteSiteSectionById', { organizationId: orgId, siteId, siteSectionId: api })).status).toBe(204);
      const sections = (await call('listSiteSections', { organizationId: orgId, siteId })).body.items;
      // api was last in reading order: the one before it (first) becomes the default.
      expect(sections.map((s: { id: string; default: boolean }) => [s.id, s.default])).toEqual([
        [first, true],
        [sdk, false],
      ]);
      expect((await call('getSiteById', { organizationId: orgId, siteId })).body.siteSpaces).toBe(before - 2);
    });

    it('section groups (official client): add with sections, rename, add/remove a section, move, delete dissolves it', async () => {
      const group = await t.client(admin).orgs.addSectionGroupToSite(orgId, siteId, { title: 'Developers', sections: [sdk] });
      expectMatchesOperation('addSectionGroupToSite', 201, group.data);
      const g = group.data.id;
      expect(group.data).toMatchObject({ object: 'site-section-group', title: 'Developers', sections: [{ id: sdk }], children: [{ id: sdk }] });
      const listed = await t.client(admin).orgs.listSiteSectionGroups(orgId, siteId);
      expectMatchesOperation('listSiteSectionGroups', 200, listed.data);
      const renamed = await t.client(admin).orgs.updateSiteSectionGroupById(orgId, siteId, g, { title: 'Devs', icon: 'code' });
      expectMatchesOperation('updateSiteSectionGroupById', 200, renamed.data);
      const withFirst = await t.client(admin).orgs.addSectionToGroup(orgId, siteId, g, { sectionId: first });
      expectMatchesOperation('addSectionToGroup', 201, withFirst.data);
      expect(withFirst.data.children.map((c) => c.id)).toEqual([sdk, first]);
      expect((await call('listSiteSections', { organizationId: orgId, siteId })).body.items[0].sectionGroup).toBe(g);
      expect((await call('removeSectionFromGroup', { organizationId: orgId, siteId, siteSectionGroupId: g, siteSectionId: first })).status).toBe(205);
      expect((await call('removeSectionFromGroup', { organizationId: orgId, siteId, siteSectionGroupId: g, siteSectionId: first })).status).toBe(204);
      expect(await outline(siteId)).toEqual([
        [g, [[sdk, expect.any(Array)]]],
        [`${first}*`, expect.any(Array)],
      ]);
      const moved = await t.client(admin).orgs.moveSiteSectionGroup(orgId, siteId, g, { position: { after: { type: 'site-section', id: first } } });
      expectMatchesOperation('moveSiteSectionGroup', 200, moved.data);
      const move = (position: unknown) => call('moveSiteSectionGroup', { organizationId: orgId, siteId, siteSectionGroupId: g }, admin, { body: { position } });
      expect((await move({ after: { type: 'site-section', id: first } })).status).toBe(409);
      expect((await move({ after: { type: 'site-section', id: sdk } })).status).toBe(400);
      expect((await move({ after: { type: 'site-section-group', id: 'nope' } })).status).toBe(404);
      expect((await structure(siteId)).structure.map((s: { id: string }) => s.id)).toEqual([first, g]);
      expect((await call('deleteSiteSectionGroupById', { organizationId: orgId, siteId, siteSectionGroupId: g })).status).toBe(205);
      expect((await call('deleteSiteSectionGroupById', { organizationId: orgId, siteId, siteSectionGroupId: g })).status).toBe(204);
      expect((await structure(siteId)).structure.map((s: { id: string }) => s.id)).toEqual([first, sdk]);
      const bad = await call('addSectionGroupToSite', { organizationId: orgId, siteId }, admin, { body: { title: 'X', sections: ['nope'] } });
      expect([bad.status, bad.body.error.message]).toEqual([400, expect.stringContaining('sections[0]')]);
    });

    it('deleting the last section leaves a site without structure', async () => {
      const s = await newSite('One Section');
      const only = (await call('addSectionToSite', { organizationId: orgId, siteId: s }, admin, { body: { spaceId: spaces.Guide } })).body.id;
      await call('deleteSiteSectionById', { organizationId: orgId, siteId: s, siteSectionId: only });
      expect(await structure(s)).toEqual({ type: 'siteSpaces', structure: [] });
    });
  });
});
