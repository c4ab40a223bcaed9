import { Urls } from '@app/platform';
import { ImportRunDoc } from './import-runs.projection';

/**
 * The reference ContentImportRun (0.146 fields, with the 0.202 additions: object, reason,
 * source, target, createdBy, createdAt, updatedAt, urls, pages' type and status), plus `counts`:
 * pages read so far, pages still queued (a crawl), bytes read.
 */
export function toImportRunView(d: ImportRunDoc, urls: Urls) {
  return {
    object: 'import-run' as const,
    id: d.id,
    status: d.status,
    source: d.source,
    target: d.target,
    createdBy: d.createdBy,
    createdAt: d.createdAt,
    startedAt: d.createdAt,
    updatedAt: d.updatedAt,
    ...(d.completedAt ? { completedAt: d.completedAt } : {}),
    ...(d.reason !== null ? { reason: d.reason } : {}),
    counts: d.counts,
    pages: d.pages.map((p) => ({ id: p.id, sourceURL: p.sourceURL, type: 'page' as const, status: 'complete' as const })),
    urls: { location: urls.api(`/org/${d.organizationId}/imports/${d.id}`) },
  };
}

export type ImportRunView = ReturnType<typeof toImportRunView>;
