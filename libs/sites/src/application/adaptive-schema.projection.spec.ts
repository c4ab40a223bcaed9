import { projectionOf } from '@app/platform/testing/projection-spec';
import { ADAPTIVE_SCHEMAS, adaptiveSchemasProjection } from './adaptive-schema.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const siteDeleted = (siteId: string) => ({ type: 'SiteDeleted', data: { siteId, organizationId: 'o1', deletedAt: T0 } });

describe('adaptive schemas projection', () => {
  const schema = (n: number) => ({ type: 'object', properties: { [`c${n}`]: { type: 'boolean', description: 'c' } }, additionalProperties: false });
  const updated = (siteId: string, n: number) => ({
    type: 'SiteAdaptiveSchemaUpdated',
    data: { siteId, organizationId: 'o1', jsonSchema: schema(n), updatedAt: T0 },
  });

  it('keeps the last schema of each site; a deleted site takes its schema', async () => {
    const docs = await projectionOf(adaptiveSchemasProjection, [updated('s1', 1), updated('s1', 2), updated('s2', 3), siteDeleted('s2')]);
    expect(docs[ADAPTIVE_SCHEMAS]).toEqual([{ id: 's1', siteId: 's1', organizationId: 'o1', jsonSchema: schema(2), updatedAt: T0 }]);
  });
});
