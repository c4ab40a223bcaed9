import { BadRequest } from '@app/platform';
import { assertComputable } from './computed-content';

describe('computed content sources', () => {
  it.each([
    [
      { type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } }, props: { models: true } },
      /stores no OpenAPI specifications \(asked for spec "petstore"\)/,
    ],
    [{ type: 'builtin:translation', props: {} }, /has no translation engine/],
    [{ type: 'integration:acme:reference', props: {} }, /^source\.type: integration:acme:reference is computed by an integration/],
    [{ type: 'builtin:magic' }, /^source\.type: unknown computed revision source "builtin:magic"/],
    [{ props: {} }, /^source\.type: must be a string/],
  ])('refuses %j with a 400 saying why, never a made-up result', (source, message) => {
    expect(() => assertComputable(source, 'revision')).toThrow(BadRequest);
    expect(() => assertComputable(source, 'revision')).toThrow(message);
  });
});
