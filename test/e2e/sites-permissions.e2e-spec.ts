import { callOperation, email, startTestApp, TestApp } from '../support/test-app';

/**
 * Site.permissions tell the truth: for every organization role, each flag the caller is shown
 * is true exactly when the operation it stands for lets them through (403 otherwise), and a
 * flag this server does not serve is false for everyone.
 */
describe('sites: permission flags against the operations they stand for (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let siteId: string;

  const call = (operationId: string, params: Record<string, string>, token: string, opts: { body?: unknown } = {}) =>
    callOperation(t, operationId, params, token, opts);
  const ok = (status: number) => status >= 200 && status < 300;

  /** The operation each flag stands for, as it runs for `token` (each leaves the site as it was). */
  const FLAG_OPERATIONS: Record<string, ((token: string) => Promise<number>) | null> = {
    view: async (token) => (await call('getSiteById', { organizationId: orgId, siteId }, token)).status,
    access: async (token) => (await call('getSiteStructure', { organizationId: orgId, siteId }, token)).status,
    edit: async (token) => (await call('updateSiteById', { organizationId: orgId, siteId }, token, { body: { title: 'Permission Site' } })).status,
    create: async (token) => (await call('createSite', { organizationId: orgId }, token, { body: { title: 'Created by flag' } })).status,
    admin: async (token) => (await call('unpublishSite', { organizationId: orgId, siteId }, token)).status,
    viewAdaptiveSchema: async (token) => {
      const status = (await call('getSiteAdaptiveSchema', { organizationId: orgId, siteId }, token)).status;
      // No schema set yet is a 404 the caller may see: they were let through.
      return status === 404 ? 200 : status;
    },
    editAdaptiveSchema: async (token) =>
      (
        await call('updateSiteAdaptiveSchema', { organizationId: orgId, siteId }, token, {
          body: { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } },
        })
      ).status,
    installIntegration: null,
  };

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Flags Org', email('ada')));
    siteId = (await call('createSite', { organizationId: orgId }, admin, { body: { title: 'Permission Site' } })).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['admin', 'create', 'review', 'edit', 'comment', 'read'])('role %s: every flag agrees with its operation', async (role) => {
    const [{ token }] = await t.cli('user', 'create', '--email', email(role), '--name', role, '--org', orgId, '--role', role);
    const permissions = (await call('getSiteById', { organizationId: orgId, siteId }, token)).body.permissions as Record<string, boolean>;
    expect(Object.keys(permissions).sort()).toEqual(Object.keys(FLAG_OPERATIONS).sort());
    for (const [flag, operation] of Object.entries(FLAG_OPERATIONS)) {
      if (!operation) {
        expect([flag, permissions[flag]]).toEqual([flag, false]);
        continue;
      }
      const status = await operation(token);
      expect([flag, permissions[flag], status]).toEqual([flag, ok(status), permissions[flag] ? status : 403]);
    }
  });
});
