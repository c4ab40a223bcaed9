import { generateKeyPairSync } from 'crypto';
import { BadRequest } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { selfSignedCertificate } from '../../../../test/support/saml-idp';
import { providerStatus, samlProvider, SamlProviderCreated, SamlProviderEvent, SamlProviderNotFound } from './saml-provider';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const cert = selfSignedCertificate(generateKeyPairSync('rsa', { modulusLength: 2048 }), new Date('2026-01-01'), new Date('2027-01-01'));
const ids = { providerId: 'p1', organizationId: 'o1' };
const create = (fields: object) => ({ type: 'CreateSamlProvider' as const, ...ids, actorId: 'ada', fields: { label: 'Okta', ...fields } });
const update = (changes: object, organizationId = 'o1') => ({ type: 'UpdateSamlProvider' as const, providerId: 'p1', organizationId, changes });
const del = (organizationId = 'o1') => ({ type: 'DeleteSamlProvider' as const, providerId: 'p1', organizationId });
const data: SamlProviderCreated = {
  ...ids,
  label: 'Okta',
  entityID: null,
  ssoURL: null,
  certificate: null,
  defaultTeam: null,
  defaultRole: null,
  createdAt: NOW.toISOString(),
  createdBy: 'ada',
};
const created: SamlProviderEvent = { type: 'SamlProviderCreated', data };
const updated = (changes: object): SamlProviderEvent => ({ type: 'SamlProviderUpdated', data: { ...ids, changes, updatedAt: NOW.toISOString() } });

describe('SAML provider decider', () => {
  it('creates once with a label only (pending), the rest defaulting to null', () => {
    given(samlProvider)
      .whenCommand(create({ label: ' Okta ' }), NOW)
      .then([created]);
    given(samlProvider, created).whenCommand(create({}), NOW).thenNothing();
    expect(providerStatus(data)).toBe('pending');
  });

  it('creates a complete provider (active), its certificate kept as PEM', () => {
    const full = { entityID: 'https://idp.test', ssoURL: 'https://idp.test/sso', certificate: cert, defaultTeam: 't1', defaultRole: 'edit' as const };
    given(samlProvider)
      .whenCommand(create(full), NOW)
      .then([{ type: 'SamlProviderCreated', data: { ...data, ...full } }]);
    expect(providerStatus(full)).toBe('active');
  });

  it('refuses a label out of 1..30, an entity ID over 1024, a sign-in URL that is not http(s), an invalid certificate (400)', () => {
    for (const fields of [{ label: ' ' }, { label: 'x'.repeat(31) }, { entityID: 'x'.repeat(1025) }, { ssoURL: 'ftp://idp.test' }, { certificate: 'nope' }]) {
      given(samlProvider).whenCommand(create(fields), NOW).thenThrows(BadRequest);
      given(samlProvider, created).whenCommand(update(fields), NOW).thenThrows(BadRequest);
    }
  });

  it('an expired certificate is a 400', () => {
    given(samlProvider)
      .whenCommand(create({ certificate: cert }), new Date('2027-02-01'))
      .thenThrows(BadRequest);
  });

  it('updates only what changed; the same values again are a no-op', () => {
    given(samlProvider, created)
      .whenCommand(update({ label: 'Okta', ssoURL: 'https://idp.test/sso', defaultRole: null }), NOW)
      .then([updated({ ssoURL: 'https://idp.test/sso' })]);
    given(samlProvider, created, updated({ defaultTeam: 't1' }))
      .whenCommand(update({ defaultTeam: 't1' }), NOW)
      .thenNothing();
    given(samlProvider, created, updated({ defaultTeam: 't1' }))
      .whenCommand(update({ defaultTeam: null }), NOW)
      .then([updated({ defaultTeam: null })]);
  });

  it('a provider of another organization, or a deleted or unknown one, is 404 to update', () => {
    given(samlProvider, created)
      .whenCommand(update({ label: 'X' }, 'o2'))
      .thenThrows(SamlProviderNotFound);
    given(samlProvider)
      .whenCommand(update({ label: 'X' }))
      .thenThrows(SamlProviderNotFound);
    given(samlProvider, created, { type: 'SamlProviderDeleted', data: { ...ids, deletedAt: NOW.toISOString() } })
      .whenCommand(update({ label: 'X' }))
      .thenThrows(SamlProviderNotFound);
  });

  it('deletes once (205), then there is nothing to delete (204); another organization’s is not deleted', () => {
    const deleted: SamlProviderEvent = { type: 'SamlProviderDeleted', data: { ...ids, deletedAt: NOW.toISOString() } };
    given(samlProvider, created).whenCommand(del(), NOW).then([deleted]);
    given(samlProvider, created, deleted).whenCommand(del(), NOW).thenNothing();
    given(samlProvider, created).whenCommand(del('o2'), NOW).thenNothing();
    given(samlProvider).whenCommand(del(), NOW).thenNothing();
  });
});
