import { BadRequest } from '@app/platform';
import { readComputedSource } from './computed-content';

const spec = { spec: { ref: { kind: 'openapi', spec: 'petstore' } } };

describe('computed content sources', () => {
  it.each([
    [{ type: 'builtin:translation', props: {} }, /^source\.type: builtin:translation .*writes its result as a real space/],
    [{ type: 'integration:acme:reference', props: {} }, /^source\.type: integration:acme:reference is computed by an integration/],
    [{ type: 'builtin:magic' }, /^source\.type: unknown computed revision source "builtin:magic"/],
    [{ props: {} }, /^source\.type: must be a string/],
    [{ type: 'builtin:openapi', props: { models: true } }, /^source\.dependencies\.spec\.ref: must be/],
    [{ type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'url', spec: 'x' } } }, props: { models: true } }, /^source\.dependencies\.spec\.ref: /],
    [{ type: 'builtin:openapi', dependencies: spec }, /^source\.props: must be an object/],
    [{ type: 'builtin:openapi', dependencies: spec, props: {} }, /^source\.props\.models: must be a boolean/],
  ])('refuses %j with a 400 saying why, never a made-up result', (source, message) => {
    expect(() => readComputedSource(source, 'revision')).toThrow(BadRequest);
    expect(() => readComputedSource(source, 'revision')).toThrow(message);
  });

  it.each([
    [{ doc: 'everything' }, /^source\.props\.doc: must be one of models, operations, info/],
    [{ doc: 'operations' }, /^source\.props\.page: must be a non-empty string/],
    [{ doc: 'info', page: ' ' }, /^source\.props\.page: /],
  ])('refuses document props %j', (props, message) => {
    expect(() => readComputedSource({ type: 'builtin:openapi', dependencies: spec, props }, 'document')).toThrow(message);
  });

  it('keeps only the reference of the dependency (a resolved value sent along is read again, not trusted)', () => {
    const source = {
      type: 'builtin:openapi',
      dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' }, value: { object: 'openapi-spec', id: 'forged', slug: 'petstore' } } },
      props: { doc: 'operations', page: 'pets', extra: 1 },
    };
    expect(readComputedSource(source, 'document')).toEqual({
      type: 'builtin:openapi',
      dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } },
      props: { doc: 'operations', page: 'pets' },
    });
    expect(readComputedSource({ ...source, props: { doc: 'models' } }, 'document').props).toEqual({ doc: 'models' });
    expect(readComputedSource({ ...source, props: { models: false } }, 'revision').props).toEqual({ models: false });
  });
});
