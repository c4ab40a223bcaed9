import 'reflect-metadata';
import { BadRequestException } from '@nestjs/common';
import { BadRequest, validationPipe } from '@app/platform';
import { ContentChangesBody, contentChangesOf } from './content-changes.body';

/** The reusable-content operations of POST …/content (an extension of the 0.202 batch). */
async function parse(changes: unknown[]) {
  try {
    return await contentChangesOf((await validationPipe().transform({ changes }, { type: 'body', metatype: ContentChangesBody })) as ContentChangesBody);
  } catch (e) {
    if (e instanceof BadRequestException) return (e.getResponse() as { message: string }).message;
    if (e instanceof BadRequest) return e.message;
    throw e;
  }
}

describe('POST …/content body: reusable-content operations', () => {
  it('reads insert, update and delete, a document body becoming markdown', async () => {
    const doc = {
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Hi', marks: [] }] }] }],
    };
    expect(
      await parse([
        { operation: 'insert_reusable_content', title: 'Note', ref: 'n', document: { markdown: 'Careful.' } },
        { operation: 'update_reusable_content', reusableContent: 'r1', document: { document: doc } },
        { operation: 'update_reusable_content', reusableContent: 'r2', title: 'Renamed' },
        { operation: 'delete_reusable_content', reusableContent: 'r3' },
      ]),
    ).toMatchObject({
      changes: [
        { operation: 'insert_reusable_content', title: 'Note', ref: 'n', markdown: 'Careful.' },
        { operation: 'update_reusable_content', reusableContent: 'r1', markdown: 'Hi' },
        { operation: 'update_reusable_content', reusableContent: 'r2', title: 'Renamed' },
        { operation: 'delete_reusable_content', reusableContent: 'r3' },
      ],
    });
  });

  it.each([
    [[{ operation: 'insert_reusable_content', document: {} }], /^changes\[0\]\.title: is required/],
    [[{ operation: 'insert_reusable_content', title: 'T' }], /^changes\[0\]\.document: is required/],
    [[{ operation: 'update_reusable_content', title: 'T' }], /^changes\[0\]\.reusableContent: is required/],
    [[{ operation: 'delete_reusable_content', reusableContent: 'r', into: 'x' }], /^changes\[0\]\.into: unknown field/],
    [
      [
        {
          operation: 'insert_page',
          document: {
            document: {
              object: 'document',
              nodes: [{ object: 'block', type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: 'r', space: 's2' } } }],
            },
          },
        },
      ],
      /^changes\[0\]\.document\.document\.nodes\[0\]\.data\.ref\.space: reusable contents of other spaces are not supported/,
    ],
  ])('%j answers 400 naming the field', async (changes, message) => {
    expect(await parse(changes)).toMatch(message);
  });
});
