import { projectionOf } from '@app/platform/testing/projection-spec';
import { SUBDOMAINS, subdomainsProjection } from './subdomain.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const updated = (organizationId: string, changes: object) => ({ type: 'OrganizationUpdated', data: { organizationId, changes, updatedAt: T0 } });

describe('subdomains projection', () => {
  it('follows each organization’s hostname; other settings change nothing; the first holder keeps a subdomain', async () => {
    const docs = await projectionOf(subdomainsProjection, [
      updated('o1', { hostname: 'acme' }),
      updated('o1', { title: 'Acme Docs' }),
      updated('o2', { hostname: 'globex' }),
      updated('o2', { hostname: 'globex-docs' }),
      updated('o3', { hostname: 'acme' }),
    ]);
    expect(docs[SUBDOMAINS]).toEqual([
      { id: 'acme', organizationId: 'o1' },
      { id: 'globex-docs', organizationId: 'o2' },
    ]);
  });

  it('a released subdomain can be taken by another organization', async () => {
    const docs = await projectionOf(subdomainsProjection, [
      updated('o1', { hostname: 'acme' }),
      updated('o1', { hostname: 'acme-old' }),
      updated('o2', { hostname: 'acme' }),
    ]);
    expect(docs[SUBDOMAINS]).toEqual([
      { id: 'acme', organizationId: 'o2' },
      { id: 'acme-old', organizationId: 'o1' },
    ]);
  });
});
