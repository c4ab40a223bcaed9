import { GitBookAPI } from '@gitbook/api';
import { callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

/** A spec with two tags and two models, given as text. */
const SHOP = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '2.1.0', description: 'Buy things.' },
  servers: [{ url: 'https://api.shop.test' }],
  tags: [{ name: 'Orders', description: 'Orders placed.' }, { name: 'Pets' }],
  paths: {
    '/pets': { get: { tags: ['Pets'], responses: { '200': { description: 'ok' } } } },
    '/orders': {
      get: { tags: ['Orders'], responses: { '200': { description: 'ok' } } },
      post: { tags: ['Orders'], responses: { '201': { description: 'made' } } },
    },
  },
  components: { schemas: { Pet: { type: 'object' }, Order: { type: 'object' } } },
};

/**
 * Computed content through the official client and the reference schemas: OpenAPI pages and
 * documents from a spec of the space's organization (processed by the openapi context first),
 * and the sources this server does not compute, refused with the reason.
 */
describe('computed content (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let reader: string;
  let outsider: string;
  let space: string;
  let spaces: GitBookAPI['spaces'];
  const openapi = (props: Record<string, unknown>, spec = 'shop') => ({
    source: { type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec } } }, props },
    seed: 'seed-1',
  });
  const computeDoc = (body: unknown, token = admin) => callOperation(t, 'getComputedDocument', { spaceId: space }, token, { body });
  const computeRevision = (body: unknown, token = admin) => callOperation(t, 'getComputedRevision', { spaceId: space }, token, { body });

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Computed Org', email('admin')));
    [{ token: reader }] = await t.cli('user', 'create', '--email', email('reader'), '--name', 'Reader', '--org', orgId, '--role', 'read');
    let otherOrg: string;
    ({ organizationId: otherOrg, token: outsider } = await t.bootstrap('Other Org', email('outsider')));
    spaces = t.client(admin).spaces;
    space = (await t.client(admin).orgs.createSpace(orgId, { title: 'API' })).data.id;
    await t.client(admin).orgs.createOpenApiSpec(orgId, { slug: 'shop', source: { text: JSON.stringify(SHOP) } });
    await t.client(outsider).orgs.createOpenApiSpec(otherOrg, { slug: 'secret', source: { text: JSON.stringify(SHOP) } });
  });
  afterAll(async () => t?.close());

  it('a spec not processed yet is refused naming the dependency; then its documents are computed', async () => {
    const pending = await computeDoc(openapi({ doc: 'models' }));
    expect(pending.body).toEqual({
      error: { code: 400, message: expect.stringMatching(/^source\.dependencies\.spec\.ref\.spec: .*"shop" has no processed version yet/) },
    });

    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();

    const res = await spaces.getComputedDocument(space, openapi({ doc: 'operations', page: 'Orders' }) as never);
    expectMatchesOperation('getComputedDocument', res.status, res.data);
    const ref = { kind: 'openapi', spec: 'shop' };
    expect(res.data.nodes.slice(1)).toEqual([
      { object: 'block', type: 'openapi-operation', key: expect.any(String), isVoid: true, data: { ref, method: 'get', path: '/orders' } },
      { object: 'block', type: 'openapi-operation', key: expect.any(String), isVoid: true, data: { ref, method: 'post', path: '/orders' } },
    ]);
    expect(JSON.stringify(res.data.nodes[0])).toContain('Orders placed.');

    const models = await computeDoc(openapi({ doc: 'models' }), reader);
    expect(models.status).toBe(200);
    expect(models.body.nodes).toEqual([expect.objectContaining({ type: 'openapi-schemas', data: { ref, schemas: ['Pet', 'Order'], grouped: true } })]);
    const info = await computeDoc(openapi({ doc: 'info', page: 'Shop' }));
    expect(info.status).toBe(200);
    expect(JSON.stringify(info.body)).toMatch(/"text":"Shop".*Buy things\..*https:\/\/api\.shop\.test/);
    // One seed, one document.
    expect((await computeDoc(openapi({ doc: 'info', page: 'Shop' }))).body).toEqual(info.body);
  });

  it('a computed revision: one page per tag and a Models page, each computed from its own source', async () => {
    const res = await computeRevision(openapi({ models: true }));
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual([]);
    expect(res.body.reusableContents).toEqual([]);
    expect(res.body.pages.map((p: any) => [p.title, p.path, p.computed.props])).toEqual([
      ['Orders', 'orders', { doc: 'operations', page: 'Orders' }],
      ['Pets', 'pets', { doc: 'operations', page: 'Pets' }],
      ['Models', 'models', { doc: 'models' }],
    ]);
    const [orders] = res.body.pages;
    expect(orders).toMatchObject({ type: 'document', computedSeed: 'seed-1/orders', urls: { app: expect.stringContaining(`/s/${space}/orders`) } });
    // A page's source is a valid getComputedDocument request.
    const body = await computeDoc({ source: orders.computed, seed: orders.computedSeed });
    expect(body.status).toBe(200);
    expect((await computeRevision(openapi({ models: false }))).body.pages.map((p: any) => p.title)).toEqual(['Orders', 'Pets']);
  });

  it('refusals: unknown spec, another organization’s spec, an unknown tag, bad props, translation and integration sources', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [openapi({ doc: 'models' }, 'nope'), /^source\.dependencies\.spec\.ref\.spec: no OpenAPI specification "nope" in the space's organization/],
      [openapi({ doc: 'models' }, 'secret'), /^source\.dependencies\.spec\.ref\.spec: no OpenAPI specification "secret"/],
      [openapi({ doc: 'operations', page: 'Ghosts' }), /^source\.props\.page: .*no operations tagged "Ghosts"/],
      [openapi({ doc: 'operations' }), /^source\.props\.page: must be a non-empty string/],
      [{ source: { type: 'builtin:translation', props: { space: 's', document: 'd' } }, seed: 's' }, /writes its result as a real space/],
      [{ source: { type: 'integration:a:b', props: {} }, seed: 's' }, /this server runs no integrations/],
    ];
    for (const [body, message] of cases) expect((await computeDoc(body)).body).toEqual({ error: { code: 400, message: expect.stringMatching(message) } });
    const viaClient = await clientError(spaces.getComputedRevision(space, openapi({ models: 'yes' }) as never));
    expect(viaClient.response.status).toBe(400);
    expect(viaClient.message).toMatch(/source\.props\.models: must be a boolean/);
    // Someone who cannot see the space learns nothing about specs.
    expect((await computeDoc(openapi({ doc: 'models' }), outsider)).status).toBe(404);
  });
});
