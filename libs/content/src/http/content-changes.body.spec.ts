import 'reflect-metadata';
import { BadRequestException } from '@nestjs/common';
import * as fc from 'fast-check';
import { BadRequest, validationPipe } from '@app/platform';
import { ContentChangesBody, contentChangesOf } from './content-changes.body';

async function parse(body: unknown) {
  try {
    return await contentChangesOf((await validationPipe().transform(body, { type: 'body', metatype: ContentChangesBody })) as ContentChangesBody);
  } catch (e) {
    if (e instanceof BadRequestException) return (e.getResponse() as { message: string }).message;
    if (e instanceof BadRequest) return e.message;
    throw e;
  }
}
const problem = async (changes: unknown) => parse({ changes }) as Promise<string>;

describe('POST …/content body (ContentChangesBody)', () => {
  it('reads each operation as its change, with the page fields it sets', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000030000000208060000009d74666b', 'hex').toString('base64');
    const parsed = await parse({
      changes: [
        { operation: 'insert_page', title: 'A', hidden: true, document: { markdown: '# A' }, into: 'p1', at: 0, ref: 'a' },
        { operation: 'update_page', page: 'p2', into: null, description: '', document: {} },
        { operation: 'update_page', page: 'p3', emoji: '1f389' },
        { operation: 'delete_page', page: 'p4' },
        { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: png, ref: 'logo' }] },
      ],
    });
    if (typeof parsed === 'string') throw new Error(parsed);
    expect(parsed.changes.slice(0, 4)).toEqual([
      { operation: 'insert_page', fields: { title: 'A', hidden: true }, markdown: '# A', into: 'p1', at: 0, ref: 'a' },
      { operation: 'update_page', page: 'p2', fields: { description: '' }, markdown: '', into: null },
      { operation: 'update_page', page: 'p3', fields: { emoji: '1f389' } },
      { operation: 'delete_page', page: 'p4' },
    ]);
    expect(parsed.changes[4]).toEqual({
      operation: 'insert_files',
      files: [expect.objectContaining({ ref: 'logo', name: 'logo.png', size: 33, dimensions: { width: 3, height: 2 } })],
    });
    expect([...parsed.blobs.values()]).toEqual([png]);
  });

  it.each([
    [[{ operation: 'update_page', page: 'x', into: 7 }], /^changes\[0\]\.into: must be a string/],
    [[{ operation: 'insert_page', title: 'D' }], /^changes\[0\]\.document: is required/],
    [[{ operation: 'insert_page', title: 'D', document: {}, at: -1 }], /^changes\[0\]\.at: must be an integer >= 0/],
    [[{ operation: 'rename_page' }], /^changes\[0\]\.operation: must be one of insert_page, update_page, delete_page, revert_page, insert_files/],
    [[{ operation: 'revert_page', page: 'p' }], /^changes\[0\]\.operation: revert_page is not supported by this server/],
    [[{ operation: 'insert_page', title: 'E', document: {}, colour: 'red' }], /^changes\[0\]\.colour: unknown field/],
    [[{ operation: 'insert_page', title: '', document: {} }], /^changes\[0\]\.title: must be at least 1 characters/],
    [[{ operation: 'insert_page', slug: 'x'.repeat(101), document: {} }], /^changes\[0\]\.slug: must be at most 100 characters/],
    [[{ operation: 'insert_page', hidden: 'yes', document: {} }], /^changes\[0\]\.hidden: must be a boolean/],
    [[{ operation: 'insert_page', document: { markdown: 'a', document: {} } }], /^changes\[0\]\.document: must have exactly one of markdown or document/],
    [[{ operation: 'insert_page', document: { html: '<p>' } }], /^changes\[0\]\.document\.html: unknown field \(expected markdown or document\)/],
    [[{ operation: 'insert_page', document: { markdown: 3 } }], /^changes\[0\]\.document\.markdown: must be a string/],
    [
      [{ operation: 'insert_page', document: { document: { object: 'document', nodes: [{ object: 'block', type: 'mystery', nodes: [] }] } } }],
      /^changes\[0\]\.document\.document\.nodes\[0\]\.type: unsupported block type "mystery"/,
    ],
    [[{ operation: 'delete_page' }], /^changes\[0\]\.page: is required/],
    [[{ operation: 'insert_files', files: [] }], /^changes\[0\]\.files: must be an array of 1 to 20 files/],
    [[{ operation: 'insert_files', files: ['x'] }], /^changes\[0\]\.files\[0\]: must be an object/],
    [
      [{ operation: 'insert_files', files: [{ name: 'x.png', url: 'https://example.com/x.png' }] }],
      /^changes\[0\]\.files\[0\]\.url: this server does not fetch remote files/,
    ],
    [[{ operation: 'insert_files', files: [{ name: 'x.png', url: 'ftp://x' }] }], /^changes\[0\]\.files\[0\]\.url: must be an absolute http\(s\) URL/],
    [[{ operation: 'insert_files', files: [{ name: 'x' }] }], /^changes\[0\]\.files\[0\]\.base64: is required \(set exactly one of url or base64\)/],
    [
      [{ operation: 'insert_files', files: [{ name: 'x', base64: '!!', contentType: 'text/plain' }] }],
      /^changes\[0\]\.files\[0\]\.base64: must be base64-encoded bytes/,
    ],
    [[{ operation: 'insert_files', files: [{ name: 'x', base64: 'eA==' }] }], /^changes\[0\]\.files\[0\]\.contentType: is required with base64/],
    [
      [{ operation: 'insert_files', files: [{ name: '', base64: 'eA==', contentType: 'text/plain' }] }],
      /^changes\[0\]\.files\[0\]\.name: must be at least 1 characters/,
    ],
    [[{ operation: 'delete_page', page: 'a' }, 5], /^changes\[1\]: must be an object/],
    [Array.from({ length: 51 }, () => ({ operation: 'delete_page', page: 'x' })), /^changes: must contain between 1 and 50 changes/],
    [[], /^changes: must contain between 1 and 50 changes/],
    ['all', /^changes: must be an array/],
  ])('%j answers 400 naming the field and the rule', async (changes, message) => {
    expect(await problem(changes)).toMatch(message);
  });

  it('names unknown body fields and a missing body as body errors', async () => {
    expect(await parse({ changes: [{ operation: 'delete_page', page: 'x' }], extra: 1 })).toMatch(/^body\.extra: unknown field/);
    expect(await parse(undefined)).toMatch(/^changes: must be an array/);
  });

  it('any malformed change answers a 400 naming changes (never an exception)', async () => {
    const value = fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -2, max: 3 }), fc.constant(null), fc.boolean(), fc.constant({}), fc.constant([]));
    const change = fc.record(
      {
        operation: fc.constantFrom('insert_page', 'update_page', 'delete_page', 'insert_files', 'revert_page', 'nope'),
        page: value,
        into: value,
        at: value,
        title: value,
        slug: value,
        emoji: value,
        ref: value,
        hidden: value,
        document: fc.oneof(fc.constant({ markdown: 3 }), fc.constant({ document: { object: 'document', nodes: 'x' } }), value),
        files: fc.oneof(value, fc.constant([{ name: 'f', contentType: 'text/plain', base64: '!!' }]), fc.constant([{ name: '', base64: 'eA==' }])),
      },
      { requiredKeys: ['operation'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 4 }), async (changes) => {
        const result = await parse({ changes: [...changes, { operation: 'revert_page' }] });
        expect(result).toEqual(expect.stringMatching(/^changes/));
      }),
      { numRuns: 200 },
    );
  });
});
