import { projectionOf } from '@app/platform/testing/projection-spec';
import { SPEC_VERSIONS, SPECS, specsProjection } from './specs.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const T2 = '2026-01-03T00:00:00.000Z';
const spec = (specId: string, slug: string, organizationId = 'o1') => ({ specId, organizationId });
const url = { kind: 'url', url: 'https://api.example.com/openapi.json' };

const created = (specId: string, slug: string, source: object = url) => ({
  type: 'OpenAPISpecCreated',
  data: { ...spec(specId, slug), slug, source, visibility: 'private', createdAt: T0, createdBy: 'u1' },
});
const requested = (specId: string, processingId: string, at = T0) => ({
  type: 'OpenAPISpecProcessingRequested',
  data: { ...spec(specId, 'x'), slug: 'x', processingId, source: url, requestedAt: at },
});
const versioned = (specId: string, versionId: string) => ({
  type: 'OpenAPISpecVersionCreated',
  data: {
    ...spec(specId, 'x'),
    processingId: versionId,
    versionId,
    contentHash: `h-${versionId}`,
    contentKey: `openapi/o1/h-${versionId}`,
    format: 'yaml',
    size: 42,
    createdAt: T1,
  },
});
const processed = (specId: string, processingId: string, versionId: string | null, errorCode: string | null = null, errors: object[] = []) => ({
  type: 'OpenAPISpecProcessed',
  data: { ...spec(specId, 'x'), processingId, processedAt: T1, versionId, errorCode, errors },
});

describe('OpenAPI specs projection', () => {
  it('follows processing states, versions, errors, visibility and source URLs', async () => {
    const docs = await projectionOf(specsProjection, [
      created('s1', 'pets'),
      requested('s1', 'p1'),
      { type: 'OpenAPISpecProcessingStarted', data: { ...spec('s1', 'pets'), processingId: 'p1', startedAt: T0 } },
      versioned('s1', 'p1'),
      processed('s1', 'p1', 'p1'),
      requested('s1', 'p2', T1),
      { type: 'OpenAPISpecSourceChanged', data: { ...spec('s1', 'pets'), source: { kind: 'text', key: 'openapi/o1/t' }, changedAt: T2 } },
      { type: 'OpenAPISpecVisibilityChanged', data: { ...spec('s1', 'pets'), visibility: 'public', changedAt: T2 } },
      created('s2', 'broken', { kind: 'storage', key: 'orgs/o1/import_file/u/spec.yaml' }),
      requested('s2', 'p3'),
      processed('s2', 'p3', null, 'PARSE_ERROR', [{ code: 'INVALID_SYNTAX', message: 'not valid YAML' }]),
    ]);
    expect(docs[SPECS]).toEqual([
      {
        id: 's1',
        organizationId: 'o1',
        slug: 'pets',
        sourceURL: null,
        visibility: 'public',
        processingState: 'pending',
        lastVersion: 'p1',
        lastProcessedAt: T1,
        lastProcessErrorCode: null,
        lastProcessedErrors: [],
        createdAt: T0,
        updatedAt: T2,
        seq: 1,
      },
      {
        id: 's2',
        organizationId: 'o1',
        slug: 'broken',
        sourceURL: null,
        visibility: 'private',
        processingState: 'complete',
        lastVersion: null,
        lastProcessedAt: T1,
        lastProcessErrorCode: 'PARSE_ERROR',
        lastProcessedErrors: [{ code: 'INVALID_SYNTAX', message: 'not valid YAML' }],
        createdAt: T0,
        updatedAt: T1,
        seq: 9,
      },
    ]);
    expect(docs[SPEC_VERSIONS]).toEqual([
      { id: 'p1', specId: 's1', organizationId: 'o1', contentHash: 'h-p1', contentKey: 'openapi/o1/h-p1', format: 'yaml', size: 42, createdAt: T1, seq: 4 },
    ]);
  });

  it('a URL source is the sourceURL; a deleted spec takes its versions along', async () => {
    const docs = await projectionOf(specsProjection, [
      created('s1', 'pets'),
      requested('s1', 'p1'),
      versioned('s1', 'p1'),
      processed('s1', 'p1', 'p1'),
      created('s2', 'other'),
      versioned('s2', 'p9'),
      { type: 'OpenAPISpecDeleted', data: { ...spec('s1', 'pets'), slug: 'pets', deletedAt: T2 } },
    ]);
    expect(docs[SPECS].map((d) => [d.id, d.sourceURL, d.processingState])).toEqual([['s2', url.url, 'complete']]);
    expect(docs[SPEC_VERSIONS].map((d) => d.id)).toEqual(['p9']);
  });
});
