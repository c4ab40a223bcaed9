import { parseSpec, readDocument } from './spec-parser';

const b = (s: string) => Buffer.from(s);
const petstore30 = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  paths: {
    '/pets': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } },
  },
  components: { schemas: { Pet: { type: 'object', properties: { parent: { $ref: '#/components/schemas/Pet' } } } } },
};

describe('spec parser', () => {
  it('accepts OpenAPI 3.0 (JSON), 3.1 and Swagger 2.0 (YAML)', async () => {
    expect(await parseSpec(b(JSON.stringify(petstore30)))).toEqual({ ok: true, format: 'json', document: petstore30 });
    const v31 = await parseSpec(b('openapi: 3.1.0\ninfo:\n  title: T\n  version: "1"\npaths: {}\nwebhooks: {}\n'));
    expect(v31).toMatchObject({ ok: true, format: 'yaml', document: { openapi: '3.1.0' } });
    const v2 = await parseSpec(
      b('swagger: "2.0"\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {description: ok}\n'),
    );
    expect(v2).toMatchObject({ ok: true, format: 'yaml', document: { swagger: '2.0' } });
    // A byte order mark is not part of the document.
    expect(await parseSpec(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), b(JSON.stringify(petstore30))]))).toMatchObject({ ok: true });
  });

  it('reports syntax errors in the format the document looks like', async () => {
    expect(await parseSpec(b('{"openapi": "3.0.3",'))).toEqual({
      ok: false,
      errors: [{ code: 'INVALID_SYNTAX', message: expect.stringMatching(/^not valid JSON: /) }],
    });
    const yaml = await parseSpec(b('openapi: 3.0.3\ninfo: [unclosed\n'));
    expect(yaml).toMatchObject({ ok: false, errors: [{ code: 'INVALID_SYNTAX', message: expect.stringMatching(/^not valid YAML: /) }] });
    expect(await parseSpec(Buffer.from([0xff, 0xfe, 0x00]))).toEqual({
      ok: false,
      errors: [{ code: 'INVALID_SYNTAX', message: 'the document is not UTF-8 text' }],
    });
  });

  it('refuses what is not an API description, and unsupported versions', async () => {
    for (const text of ['<html>hello</html>', '[1,2]', '{"title": "x"}', 'just words'])
      expect(await parseSpec(b(text))).toMatchObject({ ok: false, errors: [{ code: 'NOT_AN_API_DESCRIPTION' }] });
    expect(await parseSpec(b('{"openapi":"4.0.0","info":{"title":"t","version":"1"},"paths":{}}'))).toMatchObject({
      ok: false,
      errors: [{ code: 'UNSUPPORTED_VERSION', message: expect.stringContaining('4.0.0') }],
    });
  });

  it('lists every schema problem with its place, and broken internal references', async () => {
    const bad = { openapi: '3.0.3', info: { title: 't' }, paths: { '/a': { get: { responses: 'x' } } } };
    expect(await parseSpec(b(JSON.stringify(bad)))).toEqual({
      ok: false,
      errors: [
        { code: 'INVALID_SCHEMA', message: "#/info must have required property 'version'" },
        { code: 'INVALID_SCHEMA', message: '#/paths/~1a/get/responses must be object' },
      ],
    });
    const dangling = { ...petstore30, paths: { '/a': { $ref: '#/nowhere' } } };
    expect(await parseSpec(b(JSON.stringify(dangling)))).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_REFERENCE', message: expect.stringContaining('#/nowhere') }],
    });
  });

  it('never reads external references (files of the server, URLs nobody checked)', async () => {
    const external = { ...petstore30, paths: { '/a': { $ref: 'file:///etc/passwd' }, '/b': { $ref: 'http://169.254.169.254/latest' } } };
    const parsed = await parseSpec(b(JSON.stringify(external)));
    expect(parsed).toEqual({ ok: true, format: 'json', document: external });
  });

  it('bounds YAML alias expansion', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    expect(() => readDocument(b(lines.join('\n')))).toThrow();
  });
});
