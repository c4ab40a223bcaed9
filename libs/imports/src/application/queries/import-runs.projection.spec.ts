import { projectionOf } from '@app/platform/testing/projection-spec';
import { NO_COUNTS } from '../../domain/import-run.events';
import { IMPORT_RUNS, importRunsProjection } from './import-runs.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T00:00:05.000Z';
const T2 = '2026-01-01T00:00:09.000Z';
const of = (importRunId: string) => ({ importRunId, organizationId: 'o1' });
const started = (id: string) => ({
  type: 'ImportRunStarted',
  data: { ...of(id), source: { type: 'website', url: 'https://docs.example.com/' }, target: { space: 's1' }, startedBy: 'u1', startedAt: T0 },
});
const counts = { pages: 3, pending: 0, bytes: 900 };

describe('import runs projection', () => {
  it('follows runs through progress to their end: status, counts, pages, reason', async () => {
    const docs = await projectionOf(importRunsProjection, [
      started('r1'),
      { type: 'ImportRunProgressed', data: { ...of('r1'), counts, progressedAt: T1 } },
      { type: 'ImportRunCollected', data: { ...of('r1'), contentKey: 'k', pages: 3, changeRequestId: 'cr1', collectedAt: T1 } },
      {
        type: 'ImportRunCompleted',
        data: {
          ...of('r1'),
          pages: [{ id: 'p1', sourceURL: 'https://docs.example.com/' }],
          space: 's1',
          changeRequestId: 'cr1',
          merged: true,
          revision: 'v',
          completedAt: T2,
        },
      },
      started('r2'),
      { type: 'ImportRunFailed', data: { ...of('r2'), reason: 'too many pages', failedAt: T1 } },
      started('r3'),
      { type: 'ImportRunCancelled', data: { ...of('r3'), cancelledBy: 'u2', cancelledAt: T2 } },
      started('r4'),
    ]);
    const base = {
      organizationId: 'o1',
      source: { type: 'website', url: 'https://docs.example.com/' },
      target: { space: 's1' },
      createdBy: 'u1',
      createdAt: T0,
    };
    expect(docs[IMPORT_RUNS].map(({ seq: _seq, ...d }) => d)).toEqual([
      {
        ...base,
        id: 'r1',
        status: 'completed',
        counts,
        pages: [{ id: 'p1', sourceURL: 'https://docs.example.com/' }],
        changeRequestId: 'cr1',
        reason: null,
        completedAt: T2,
        updatedAt: T2,
      },
      { ...base, id: 'r2', status: 'failed', counts: NO_COUNTS, pages: [], changeRequestId: null, reason: 'too many pages', completedAt: null, updatedAt: T1 },
      { ...base, id: 'r3', status: 'cancelled', counts: NO_COUNTS, pages: [], changeRequestId: null, reason: null, completedAt: null, updatedAt: T2 },
      { ...base, id: 'r4', status: 'pending', counts: NO_COUNTS, pages: [], changeRequestId: null, reason: null, completedAt: null, updatedAt: T0 },
    ]);
  });
});
