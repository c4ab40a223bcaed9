import { addOwnComponents } from './service-document';
import type { Components } from './openapi-objects';

describe('addOwnComponents', () => {
  it("numbers this server's components whose names a reference uses for something else, and its $refs follow", () => {
    const target: Components = { schemas: { Space: { type: 'object', title: 'reference' }, Error: { type: 'object' } } };
    const own: Components = {
      schemas: {
        Space: { type: 'object', title: 'own', properties: { parent: { $ref: '#/components/schemas/Space' } } },
        // The same JSON as the reference's: one copy, no rename.
        Error: { type: 'object' },
        CreateSpaceBody: { type: 'object' },
      },
    };
    const fragment = { schema: { $ref: '#/components/schemas/Space' }, other: { $ref: '#/components/schemas/Error' } };
    addOwnComponents(target, own, [fragment]);
    expect(fragment).toEqual({ schema: { $ref: '#/components/schemas/Space_2' }, other: { $ref: '#/components/schemas/Error' } });
    expect(target.schemas).toEqual({
      Space: { type: 'object', title: 'reference' },
      Error: { type: 'object' },
      Space_2: { type: 'object', title: 'own', properties: { parent: { $ref: '#/components/schemas/Space_2' } } },
      CreateSpaceBody: { type: 'object' },
    });
  });
});
