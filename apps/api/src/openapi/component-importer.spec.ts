import { ComponentImporter, ReferenceSource } from './component-importer';
import type { Components } from './openapi-objects';

const ref = (name: string, kind = 'schemas') => ({ $ref: `#/components/${kind}/${name}` });
const source = (version: string, suffix: string, schemas: Record<string, unknown>, parameters: Record<string, unknown> = {}): ReferenceSource => ({
  version,
  suffix,
  doc: { components: { schemas, parameters } },
});

describe('ComponentImporter', () => {
  const v146 = source(
    '0.146.0',
    '',
    {
      Space: { type: 'object', properties: { id: { type: 'string' }, owner: ref('Owner'), parent: ref('Node') } },
      Owner: { type: 'object', properties: { name: { type: 'string' } } },
      // A cycle: a node's children are nodes.
      Node: { type: 'object', properties: { children: { type: 'array', items: ref('Node') } } },
      Unused: { type: 'string' },
      Label: { type: 'string', maxLength: 10 },
    },
    { spaceId: { name: 'spaceId', in: 'path', required: true, schema: ref('Label') } },
  );
  const v202 = source(
    '0.202.0',
    '_v0_202',
    {
      // Same JSON as 0.146's, but Owner below differs: Space means something else in 0.202.
      Space: { type: 'object', properties: { id: { type: 'string' }, owner: ref('Owner'), parent: ref('Node') } },
      Owner: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' } } },
      Node: { type: 'object', properties: { children: { type: 'array', items: ref('Node') } } },
      Unused: { type: 'number' },
      AuditEvent: { type: 'object', properties: { about: ref('Node'), by: ref('Unused') } },
      Label: { type: 'string', maxLength: 10 },
    },
    { spaceId: { name: 'spaceId', in: 'path', required: true, schema: ref('Label') } },
  );

  it('copies what a fragment refers to, transitively, and rewrites nothing else', () => {
    const target: Components = {};
    const importer = new ComponentImporter(target, v146);
    const fragment = { parameters: [ref('spaceId', 'parameters')], content: { schema: ref('Space') } };
    expect(importer.import(fragment, v146)).toEqual(fragment);
    expect(Object.keys(target.schemas).sort()).toEqual(['Label', 'Node', 'Owner', 'Space']);
    expect(target.parameters.spaceId).toEqual(v146.doc.components!.parameters.spaceId);
    // A deep copy: changing the document does not change the reference.
    (target.schemas.Owner as { type: string }).type = 'changed';
    expect((v146.doc.components!.schemas.Owner as { type: string }).type).toBe('object');
  });

  it("keeps 0.146's components for 0.146 operations and renames 0.202's that differ, also when only what they refer to differs", () => {
    const target: Components = {};
    const importer = new ComponentImporter(target, v146);
    importer.import(ref('Space'), v146);
    const imported = importer.import({ a: ref('Space'), b: ref('AuditEvent') }, v202);
    expect(imported).toEqual({ a: ref('Space_v0_202'), b: ref('AuditEvent') });
    expect(target.schemas.Space).toEqual(v146.doc.components!.schemas.Space);
    expect(target.schemas.Space_v0_202).toEqual({ type: 'object', properties: { id: { type: 'string' }, owner: ref('Owner_v0_202'), parent: ref('Node') } });
    expect(target.schemas.Owner_v0_202).toEqual(v202.doc.components!.schemas.Owner);
    // Node (a cycle of equal components) is shared; Unused differs although 0.146's was never copied.
    expect(target.schemas.AuditEvent).toEqual({ type: 'object', properties: { about: ref('Node'), by: ref('Unused_v0_202') } });
    expect(target.schemas.Unused).toBeUndefined();
    expect(Object.keys(target.schemas).sort()).toEqual(['AuditEvent', 'Node', 'Owner', 'Owner_v0_202', 'Space', 'Space_v0_202', 'Unused_v0_202']);
  });

  it('gives a shared component one copy whichever reference brings it first', () => {
    const target: Components = {};
    const importer = new ComponentImporter(target, v146);
    expect(importer.import(ref('spaceId', 'parameters'), v202)).toEqual(ref('spaceId', 'parameters'));
    expect(importer.import(ref('spaceId', 'parameters'), v146)).toEqual(ref('spaceId', 'parameters'));
    expect(Object.keys(target.parameters)).toEqual(['spaceId']);
    expect(Object.keys(target.schemas)).toEqual(['Label']);
  });

  it('refuses a reference to a component the reference does not have', () => {
    const importer = new ComponentImporter({}, v146);
    expect(() => importer.import(ref('Missing'), v146)).toThrow('The reference 0.146.0 has no component #/components/schemas/Missing');
  });
});
