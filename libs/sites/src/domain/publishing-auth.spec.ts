import { given } from '@app/platform/testing/given';
import { BadRequest } from '@app/platform';
import { jwksUrlProblem, publishingAuth, PublishingAuthCommand, PublishingAuthEvent, publishingAuthProblem } from './publishing-auth';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const at = (iso: string) => new Date(iso);
const ids = { siteId: 's1', organizationId: 'o1' };
const update = (changes: object): PublishingAuthCommand => ({ type: 'UpdatePublishingAuth', ...ids, changes });
const updated = (changes: object, updatedAt = T0): PublishingAuthEvent => ({ type: 'SitePublishingAuthUpdated', data: { ...ids, changes, updatedAt } });
const regenerate = (keyId: string): PublishingAuthCommand => ({ type: 'RegeneratePublishingAuthKey', ...ids, keyId, sealedKey: `sealed-${keyId}` });
const regenerated = (keyId: string, regeneratedAt = T0): PublishingAuthEvent => ({
  type: 'SitePublishingAuthKeyRegenerated',
  data: { ...ids, keyId, sealedKey: `sealed-${keyId}`, regeneratedAt },
});

describe('site publishing auth decider', () => {
  it('starts with the custom backend, no URLs and no key', () => {
    expect(given(publishingAuth).state).toEqual({ backend: 'custom', fallbackURL: null, jwksURL: null, key: null });
  });

  it('records only the settings that change; null removes a URL', () => {
    given(publishingAuth)
      .whenCommand(update({ backend: 'custom', fallbackURL: 'https://example.com/login' }), at(T0))
      .then([updated({ fallbackURL: 'https://example.com/login' })]);
    given(publishingAuth, updated({ fallbackURL: 'https://example.com/login' }))
      .whenCommand(update({ backend: 'custom', fallbackURL: 'https://example.com/login' }))
      .thenNothing();
    given(publishingAuth, updated({ fallbackURL: 'https://example.com/login', jwksURL: 'https://idp.example.com/jwks' }))
      .whenCommand(update({ fallbackURL: null, jwksURL: 'https://idp.example.com/jwks' }), at(T1))
      .then([updated({ fallbackURL: null }, T1)]);
    expect(given(publishingAuth, updated({ jwksURL: 'https://idp.example.com/jwks' }), updated({ jwksURL: null })).state.jwksURL).toBeNull();
  });

  it('refuses the integration backend (none can be installed), unknown backends and bad URLs, naming the field', () => {
    for (const bad of [
      { backend: 'integration' },
      { backend: 'saml' },
      { fallbackURL: 'javascript:alert(1)' },
      { fallbackURL: 'not a url' },
      { jwksURL: 'http://idp.example.com/jwks' },
      { jwksURL: 'ftp://idp.example.com/jwks' },
    ]) {
      given(publishingAuth).whenCommand(update(bad)).thenThrows(BadRequest);
    }
    expect(publishingAuthProblem({ backend: 'integration' })).toMatch(/^backend: /);
    expect(publishingAuthProblem({ fallbackURL: 'x' })).toMatch(/^fallbackURL: /);
    expect(publishingAuthProblem({ jwksURL: 'http://idp.example.com/jwks' })).toBe('jwksURL: must be an https URL (plain http only on localhost)');
  });

  it('takes plain http JWKS URLs on loopback hosts only', () => {
    for (const ok of ['https://idp.example.com/.well-known/jwks.json', 'http://localhost:8080/jwks', 'http://127.0.0.1:9/jwks', 'http://[::1]:9/jwks'])
      expect(jwksUrlProblem(ok, 'jwksURL')).toBeNull();
    expect(jwksUrlProblem('http://10.0.0.1/jwks', 'jwksURL')).not.toBeNull();
  });

  it('every regeneration replaces the key; replaying one (same key id) writes nothing', () => {
    given(publishingAuth)
      .whenCommand(regenerate('k1'), at(T0))
      .then([regenerated('k1')]);
    given(publishingAuth, regenerated('k1'))
      .whenCommand(regenerate('k2'), at(T1))
      .then([regenerated('k2', T1)]);
    given(publishingAuth, regenerated('k1')).whenCommand(regenerate('k1')).thenNothing();
    expect(given(publishingAuth, regenerated('k1'), regenerated('k2')).state.key).toEqual({ keyId: 'k2', sealedKey: 'sealed-k2' });
  });

  it('a key regeneration keeps the settings, and settings keep the key', () => {
    const s = given(
      publishingAuth,
      updated({ fallbackURL: 'https://example.com/login' }),
      regenerated('k1'),
      updated({ jwksURL: 'https://idp.example.com/jwks' }),
    ).state;
    expect(s).toEqual({
      backend: 'custom',
      fallbackURL: 'https://example.com/login',
      jwksURL: 'https://idp.example.com/jwks',
      key: { keyId: 'k1', sealedKey: 'sealed-k1' },
    });
  });
});
