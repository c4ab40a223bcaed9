import { projectionOf } from '@app/platform/testing/projection-spec';
import { SAML_PROVIDERS, samlProvidersProjection } from './saml-provider.projection';

const AT = '2026-01-01T00:00:00.000Z';
const created = (providerId: string, organizationId = 'o1') => ({
  type: 'SamlProviderCreated',
  data: {
    providerId,
    organizationId,
    label: 'Okta',
    entityID: null,
    ssoURL: null,
    certificate: null,
    defaultTeam: null,
    defaultRole: 'read',
    createdAt: AT,
    createdBy: 'ada',
  },
});

describe('SAML providers projection', () => {
  it('one document per live provider, in creation order, with its changes merged in', async () => {
    const docs = await projectionOf(samlProvidersProjection, [
      created('p1'),
      created('p2', 'o2'),
      created('p3'),
      { type: 'SamlProviderUpdated', data: { providerId: 'p1', organizationId: 'o1', changes: { label: 'Azure', defaultTeam: 't1' }, updatedAt: AT } },
      { type: 'SamlProviderDeleted', data: { providerId: 'p3', organizationId: 'o1', deletedAt: AT } },
      { type: 'SamlProviderUpdated', data: { providerId: 'p3', organizationId: 'o1', changes: { label: 'Gone' }, updatedAt: AT } },
    ]);
    const base = { entityID: null, ssoURL: null, certificate: null, defaultRole: 'read', createdAt: AT };
    expect(docs[SAML_PROVIDERS]).toEqual([
      { id: 'p1', organizationId: 'o1', ...base, label: 'Azure', defaultTeam: 't1', seq: 1 },
      { id: 'p2', organizationId: 'o2', ...base, label: 'Okta', defaultTeam: null, seq: 2 },
    ]);
  });
});
