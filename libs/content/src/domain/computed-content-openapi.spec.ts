import { BadRequest } from '@app/platform';
import { expectMatchesSchema } from '../../../../test/support/reference-schema';
import { OpenAPIDocumentSource, OpenAPIRevisionSource } from './computed-content';
import { openAPIDocument, openAPIPages } from './computed-content-openapi';

/** A small API: two declared tags (one without operations), an undeclared one, an untagged operation, two models. */
const api = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '2.1.0', description: 'Buy **things**.' },
  servers: [{ url: 'https://api.shop.test/v2', description: 'Production' }, { url: 'https://sandbox.shop.test' }],
  tags: [{ name: 'Orders', description: 'Orders placed by *customers*.' }, { name: 'Pets' }, { name: 'Unused' }],
  paths: {
    '/pets': { get: { tags: ['Pets'], responses: {} }, post: { tags: ['Pets', 'Orders'], responses: {} } },
    '/orders/{id}': { parameters: [], delete: { tags: ['Orders'], responses: {} }, get: { tags: ['Orders'], responses: {} } },
    '/health': { get: { responses: {} } },
    '/stock': { put: { tags: ['Inventory'], responses: {} } },
  },
  components: { schemas: { Pet: { type: 'object' }, Order: { type: 'object' } } },
};
const ref = { kind: 'openapi' as const, spec: 'shop' };
const doc = (props: OpenAPIDocumentSource['props'], seed = 's1') =>
  openAPIDocument(api, { type: 'builtin:openapi', dependencies: { spec: { ref } }, props }, seed);
const plain = (nodes: unknown[]): string[] =>
  (nodes as Array<{ type: string; nodes?: unknown[]; leaves?: Array<{ text: string }>; data?: { method?: string; path?: string } }>).map((n) =>
    n.leaves
      ? n.leaves.map((l) => l.text).join('')
      : n.data?.method
        ? `${n.type} ${n.data.method} ${n.data.path}`
        : `${n.type}: ${plain(n.nodes ?? []).join(' | ')}`,
  );

describe('OpenAPI → computed documents', () => {
  it('operations: the tag description, then one reference openapi-operation block per operation of the tag, in document order', () => {
    const orders = doc({ doc: 'operations', page: 'Orders' });
    expectMatchesSchema('JSONDocument', orders);
    expect(plain(orders.nodes)).toEqual([
      'paragraph: Orders placed by customers.',
      'openapi-operation post /pets',
      'openapi-operation delete /orders/{id}',
      'openapi-operation get /orders/{id}',
    ]);
    expect(orders.nodes[1]).toMatchObject({ object: 'block', isVoid: true, data: { ref, method: 'post', path: '/pets' } });
    expect(plain(doc({ doc: 'operations', page: 'Pets' }).nodes)).toEqual(['openapi-operation get /pets', 'openapi-operation post /pets']);
    expect(plain(doc({ doc: 'operations', page: 'default' }).nodes)).toEqual(['openapi-operation get /health']);
  });

  it('models: one openapi-schemas block naming every component schema', () => {
    const models = doc({ doc: 'models' });
    expectMatchesSchema('JSONDocument', models);
    expect(models.nodes).toEqual([
      { object: 'block', type: 'openapi-schemas', key: expect.any(String), isVoid: true, data: { ref, schemas: ['Pet', 'Order'], grouped: true } },
    ]);
  });

  it('info: the title, version, description and servers as heading and paragraphs', () => {
    const info = doc({ doc: 'info', page: 'Shop' });
    expectMatchesSchema('JSONDocument', info);
    expect(plain(info.nodes)).toEqual([
      'heading-1: Shop',
      'paragraph: Version 2.1.0',
      'paragraph: Buy things.',
      'heading-2: Servers',
      'list-unordered: list-item: paragraph: https://api.shop.test/v2 — Production | list-item: paragraph: https://sandbox.shop.test',
    ]);
  });

  it('keys come from the seed: the same seed gives the same document, another seed other keys', () => {
    const keys = (d: { nodes: Array<{ key?: string }> }) => d.nodes.map((n) => n.key);
    expect(doc({ doc: 'info', page: 'x' }, 'a')).toEqual(doc({ doc: 'info', page: 'x' }, 'a'));
    const [a, b] = [keys(doc({ doc: 'info', page: 'x' }, 'a')), keys(doc({ doc: 'info', page: 'x' }, 'b'))];
    expect(new Set(a).size).toBe(a.length);
    expect(a.filter((k) => b.includes(k))).toEqual([]);
  });

  it('refuses a tag with no operations and a spec without models (400 naming the field)', () => {
    expect(() => doc({ doc: 'operations', page: 'Unused' })).toThrow(BadRequest);
    expect(() => doc({ doc: 'operations', page: 'Unused' })).toThrow(/^source\.props\.page: OpenAPI specification "shop" has no operations tagged "Unused"/);
    const bare = { openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} };
    expect(() => openAPIDocument(bare, { type: 'builtin:openapi', dependencies: { spec: { ref } }, props: { doc: 'models' } }, 's')).toThrow(
      /^source\.props\.doc: .* defines no models/,
    );
  });

  it('Swagger 2.0: definitions are the models, schemes × host + basePath the servers', () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 'Old', version: '1' },
      host: 'old.test',
      basePath: '/v1',
      schemes: ['http'],
      paths: {},
      definitions: { A: {} },
    };
    const source = (props: OpenAPIDocumentSource['props']) => ({ type: 'builtin:openapi' as const, dependencies: { spec: { ref } }, props });
    expect(openAPIDocument(swagger, source({ doc: 'models' }), 's').nodes[0]).toMatchObject({ data: { schemas: ['A'] } });
    expect(plain(openAPIDocument(swagger, source({ doc: 'info', page: 'x' }), 's').nodes)).toContain(
      'list-unordered: list-item: paragraph: http://old.test/v1',
    );
  });
});

describe('OpenAPI → computed revision pages', () => {
  const revision = (models: boolean): OpenAPIRevisionSource => ({ type: 'builtin:openapi', dependencies: { spec: { ref } }, props: { models } });
  it('one page per tag with operations (declared first, then by first use, untagged as "default"), then Models', () => {
    const pages = openAPIPages(api, revision(true), 'seed');
    expect(pages.map((p) => [p.title, p.slug])).toEqual([
      ['Orders', 'orders'],
      ['Pets', 'pets'],
      ['default', 'default'],
      ['Inventory', 'inventory'],
      ['Models', 'models'],
    ]);
    expect(pages[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{20}$/),
      title: 'Orders',
      slug: 'orders',
      computed: { type: 'builtin:openapi', dependencies: { spec: { ref } }, props: { doc: 'operations', page: 'Orders' } },
      computedSeed: 'seed/orders',
    });
    expect(pages[4].computed.props).toEqual({ doc: 'models' });
    expect(openAPIPages(api, revision(false), 'seed').map((p) => p.title)).not.toContain('Models');
    expect(openAPIPages(api, revision(true), 'seed')).toEqual(pages);
    expect(new Set([...pages, ...openAPIPages(api, revision(true), 'other')].map((p) => p.id)).size).toBe(10);
  });

  it('tags whose slugs collide get distinct slugs', () => {
    const twins = { ...api, tags: [], paths: { '/a': { get: { tags: ['Café'] } }, '/b': { get: { tags: ['cafe'] } } }, components: {} };
    expect(openAPIPages(twins, revision(true), 's').map((p) => p.slug)).toEqual(['cafe', 'cafe-2']);
  });
});
