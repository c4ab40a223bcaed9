import { createHash } from 'crypto';
import { EventStore } from '@app/platform';
import { McpServerSecrets } from '../../libs/sites/src/application/mcp-server-secrets';
import { expectMatchesOperation } from '../support/reference-schema';
import { callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';

/**
 * Share links, MCP servers and the adaptive schema of a site, through the official client and
 * the reference operations (every body validated against the reference schema), with the
 * secrets they hold checked against what the event store and the read models keep.
 */
describe('site services: share links, MCP servers, adaptive schema (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let editor: string;
  let outsider: string;
  let siteId: string;

  const call = (operationId: string, params: Record<string, string>, token = admin, opts: { body?: unknown; query?: Record<string, unknown> } = {}) =>
    callOperation(t, operationId, params, token, opts);
  const site = () => ({ organizationId: orgId, siteId });
  const everything = async () => JSON.stringify(await t.app.get(EventStore).readAll());
  const readModels = async (projection: string) => JSON.stringify(await t.engine.dump(projection));

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme Docs', email('ada')));
    [{ token: editor }] = await t.cli('user', 'create', '--email', email('eve'), '--name', 'Eve', '--org', orgId, '--role', 'edit');
    ({ token: outsider } = await t.bootstrap('Other Org', email('otto')));
    siteId = (await t.client(admin).orgs.createSite(orgId, { title: 'Handbook', visibility: 'share-link' as never })).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('share links', () => {
    let linkId: string;
    let key: string;

    it('creates a link with a CSPRNG key shown only in urls.published; events and read models hold its hash, never the key', async () => {
      const res = await t.client(admin).orgs.createSiteShareLink(orgId, siteId, { name: 'Reviewers' });
      expect(res.status).toBe(201);
      expectMatchesOperation('createSiteShareLink', 201, res.data);
      linkId = res.data.id;
      expect(res.data).toMatchObject({ object: 'share-link', name: 'Reviewers', active: true, createdAt: t.clock.now().toISOString() });
      expect(res.headers.get('location')).toBe(`${t.baseUrl}/v1/orgs/${orgId}/sites/${siteId}/share-links/${linkId}`);
      key = new URL(res.data.urls.published!).searchParams.get('shareKey')!;
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const other = (await t.client(admin).orgs.createSiteShareLink(orgId, siteId, { name: 'Partners' })).data;
      expect(new URL(other.urls.published!).searchParams.get('shareKey')).not.toBe(key);
      for (const stored of [await everything(), await readModels('site-share-links')]) {
        expect(stored).not.toContain(key);
        expect(stored).toContain(createHash('sha256').update(key).digest('hex'));
      }
    });

    it('lists the links oldest first and searches by name or by the whole key (reference `search`)', async () => {
      const all = await call('listSiteShareLinks', site());
      expect(all.body.items.map((l: { name: string }) => l.name)).toEqual(['Reviewers', 'Partners']);
      expect(all.body.items[0].urls.published).toContain(`shareKey=${key}`);
      const byName = await call('listSiteShareLinks', site(), admin, { query: { search: 'partn' } });
      expect(byName.body.items.map((l: { name: string }) => l.name)).toEqual(['Partners']);
      const byKey = await call('listSiteShareLinks', site(), admin, { query: { search: key } });
      expect(byKey.body).toMatchObject({ count: 1, items: [{ id: linkId }] });
      expect((await call('listSiteShareLinks', site(), admin, { query: { search: key.slice(0, 20) } })).body.count).toBe(0);
    });

    it('deactivates, activates and renames; refuses an empty change or a long name naming the field', async () => {
      const off = await call('updateSiteShareLinkById', { ...site(), shareLinkId: linkId }, admin, { body: { active: false } });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ id: linkId, active: false, name: 'Reviewers' });
      const renamed = (await t.client(admin).orgs.updateSiteShareLinkById(orgId, siteId, linkId, { name: 'Board', active: true })).data;
      expect(renamed).toMatchObject({ name: 'Board', active: true });
      expect(renamed.urls.published).toContain(`shareKey=${key}`);
      const empty = await call('updateSiteShareLinkById', { ...site(), shareLinkId: linkId }, admin, { body: {} });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toMatch(/active, name/);
      const long = await call('updateSiteShareLinkById', { ...site(), shareLinkId: linkId }, admin, { body: { name: 'x'.repeat(51) } });
      expect([long.status, long.body.error.message]).toEqual([400, 'name: at most 50 characters']);
      expect((await call('updateSiteShareLinkById', { ...site(), shareLinkId: 'nope' }, admin, { body: { active: true } })).status).toBe(404);
    });

    it('share links are for admins: a member without admin gets 403, another organization 404', async () => {
      expect((await clientError(t.client(editor).orgs.listSiteShareLinks(orgId, siteId))).code).toBe(403);
      expect((await clientError(t.client(editor).orgs.createSiteShareLink(orgId, siteId, { name: 'x' }))).code).toBe(403);
      expect((await clientError(t.client(outsider).orgs.listSiteShareLinks(orgId, siteId))).code).toBe(404);
    });

    it('deletes with 205, then 204; the link leaves the list', async () => {
      expect((await call('deleteSiteShareLinkById', { ...site(), shareLinkId: linkId })).status).toBe(205);
      expect((await call('deleteSiteShareLinkById', { ...site(), shareLinkId: linkId })).status).toBe(204);
      expect((await call('listSiteShareLinks', site())).body.items.map((l: { name: string }) => l.name)).toEqual(['Partners']);
    });
  });

  describe('MCP servers', () => {
    let serverId: string;
    const SECRET = 'Bearer mcp-secret-7f3a';

    it('creates a server; header values answer masked and never reach events or read models', async () => {
      const res = await t.client(admin).orgs.createSiteMcpServer(orgId, siteId, {
        name: 'Search',
        url: 'https://mcp.example.com/sse',
        headers: { Authorization: SECRET, 'X-Team': 'docs' },
      });
      expect(res.status).toBe(201);
      expectMatchesOperation('createSiteMcpServer', 201, res.data);
      serverId = res.data.id;
      expect(res.data).toEqual({
        object: 'site-mcp-server',
        id: serverId,
        name: 'Search',
        url: 'https://mcp.example.com/sse',
        headers: { Authorization: '********', 'X-Team': '********' },
        urls: { location: `${t.baseUrl}/v1/orgs/${orgId}/sites/${siteId}/mcp-servers/${serverId}` },
      });
      expect(res.headers.get('location')).toBe(res.data.urls.location);
      for (const stored of [await everything(), await readModels('site-mcp-servers')]) {
        expect(stored).not.toContain('mcp-secret-7f3a');
        expect(stored).not.toContain('"docs"');
      }
      expect(t.app.get(McpServerSecrets, { strict: false }).open(serverId, await sealedOf(serverId))).toEqual({ Authorization: SECRET, 'X-Team': 'docs' });
    });

    const sealedOf = async (id: string) => (await t.engine.dump('site-mcp-servers')).site_mcp_servers.find((d) => d.id === id)!.sealedHeaders as string;

    it('GET and the list answer the same masked server; members may read', async () => {
      const one = await call('getSiteMcpServerById', { ...site(), siteMcpServerId: serverId }, editor);
      expect(one.status).toBe(200);
      expect(one.headers.etag).toBeDefined();
      const list = await call('listSiteMcpServers', site(), editor);
      expect(list.body).toEqual({ items: [one.body], count: 1 });
    });

    it('PATCH: a masked value keeps the stored secret, a new value replaces it, the map replaces the headers', async () => {
      const secrets = t.app.get(McpServerSecrets, { strict: false });
      const kept = await call('updateSiteMcpServerById', { ...site(), siteMcpServerId: serverId }, admin, {
        body: { name: 'Docs search', headers: { Authorization: '********' } },
      });
      expect(kept.body).toMatchObject({ name: 'Docs search', headers: { Authorization: '********' } });
      expect(secrets.open(serverId, await sealedOf(serverId))).toEqual({ Authorization: SECRET });
      await t.client(admin).orgs.updateSiteMcpServerById(orgId, siteId, serverId, { headers: { Authorization: 'Bearer rotated' } });
      expect(secrets.open(serverId, await sealedOf(serverId))).toEqual({ Authorization: 'Bearer rotated' });
      const cleared = (await t.client(admin).orgs.updateSiteMcpServerById(orgId, siteId, serverId, { headers: {} })).data;
      expect(cleared.headers).toEqual({});
      expect(await everything()).not.toContain('rotated');
    });

    it('refuses bad input naming the field and the rule; writes need admin', async () => {
      const bad = async (body: unknown) => (await call('createSiteMcpServer', site(), admin, { body })).body.error.message;
      expect(await bad({ name: '', url: 'https://a.example.com' })).toBe('name: must be 1 to 100 characters');
      expect(await bad({ name: 'x', url: 'ftp://a.example.com' })).toBe('url: must be an absolute http(s) URL');
      expect(await bad({ name: 'x', url: 'https://a.example.com', headers: { 'X-A': 'a\r\nInjected: 1' } })).toMatch(
        /^headers\.X-A: must not contain line breaks/,
      );
      expect(await bad({ name: 'x', url: 'https://a.example.com', headers: { 'X-A': '********' } })).toMatch(/^headers: "\*{8}" stands for a stored value/);
      expect((await clientError(t.client(editor).orgs.createSiteMcpServer(orgId, siteId, { name: 'x', url: 'https://a.example.com', headers: {} }))).code).toBe(
        403,
      );
      expect((await clientError(t.client(outsider).orgs.getSiteMcpServerById(orgId, siteId, serverId))).code).toBe(404);
    });

    it('deletes with 205, then 204, and GET answers 404', async () => {
      expect((await call('deleteSiteMcpServerById', { ...site(), siteMcpServerId: serverId })).status).toBe(205);
      expect((await call('deleteSiteMcpServerById', { ...site(), siteMcpServerId: serverId })).status).toBe(204);
      expect((await call('getSiteMcpServerById', { ...site(), siteMcpServerId: serverId })).status).toBe(404);
    });
  });

  describe('adaptive schema', () => {
    const jsonSchema = {
      type: 'object',
      properties: {
        isBetaUser: { type: 'boolean', description: 'In the beta program' },
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };

    it('answers 404 before a schema is set, and no template conditions', async () => {
      const res = await call('getSiteAdaptiveSchema', site());
      expect(res.status).toBe(404);
      expect((await call('listSiteAdaptiveTemplateConditions', site())).body).toEqual({ items: [] });
    });

    it('PUT refuses a schema against the draft-07 rules, naming the field', async () => {
      const put = (schema: unknown) => call('updateSiteAdaptiveSchema', site(), admin, { body: { jsonSchema: schema } });
      const noDescription = await put({ ...jsonSchema, properties: { isBetaUser: { type: 'boolean' } } });
      expect([noDescription.status, noDescription.body.error.message]).toEqual([
        400,
        'jsonSchema.properties.isBetaUser.description: is required (isAdaptiveJsonSchema)',
      ]);
      expect((await put({ ...jsonSchema, additionalProperties: true })).body.error.message).toMatch(/^jsonSchema\.additionalProperties: must be false/);
      expect((await put({ ...jsonSchema, properties: { plan: { type: 'string', description: 'p' } } })).body.error.message).toMatch(
        /^jsonSchema\.properties\.plan\.type: must be "boolean"/,
      );
      expect((await call('updateSiteAdaptiveSchema', site(), admin, { body: {} })).status).toBe(400);
      expect((await call('getSiteAdaptiveSchema', site())).status).toBe(404);
    });

    it('PUT sets it; GET answers it; template conditions are derived from it; members read, admins write', async () => {
      const res = await t.client(admin).orgs.updateSiteAdaptiveSchema(orgId, siteId, { jsonSchema: jsonSchema as never });
      expect(res.data).toEqual({ object: 'site-adaptive-schema', jsonSchema, updatedAt: t.clock.now().toISOString() });
      expectMatchesOperation('updateSiteAdaptiveSchema', 200, res.data);
      expect((await call('getSiteAdaptiveSchema', site(), editor)).body).toEqual(res.data);
      expect((await call('listSiteAdaptiveTemplateConditions', site(), editor)).body).toEqual({
        items: [
          { description: 'In the beta program', condition: 'visitor.claims.isBetaUser' },
          { description: 'Plan: free', condition: 'visitor.claims.unsigned.plan === "free"' },
          { description: 'Plan: pro', condition: 'visitor.claims.unsigned.plan === "pro"' },
        ],
      });
      expect((await clientError(t.client(editor).orgs.updateSiteAdaptiveSchema(orgId, siteId, { jsonSchema: jsonSchema as never }))).code).toBe(403);
      expect((await clientError(t.client(outsider).orgs.getSiteAdaptiveSchema(orgId, siteId))).code).toBe(404);
    });
  });

  it('deleting the site takes its share links, MCP servers and schema with it', async () => {
    const doomed = (await t.client(admin).orgs.createSite(orgId, { title: 'Doomed' })).data.id;
    const at = { organizationId: orgId, siteId: doomed };
    await call('createSiteShareLink', at, admin, { body: { name: 'gone' } });
    await call('createSiteMcpServer', at, admin, { body: { name: 'gone', url: 'https://mcp.example.com' } });
    await call('updateSiteAdaptiveSchema', at, admin, { body: { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } } });
    const before = (p: string) => readModels(p).then((s) => s.includes(doomed));
    expect(await Promise.all(['site-share-links', 'site-mcp-servers', 'site-adaptive-schemas'].map(before))).toEqual([true, true, true]);
    expect((await call('deleteSiteById', at)).status).toBe(205);
    await t.engine.drain();
    expect(await Promise.all(['site-share-links', 'site-mcp-servers', 'site-adaptive-schemas'].map(before))).toEqual([false, false, false]);
    expect((await call('listSiteShareLinks', at)).status).toBe(404);
  });
});
