import { DomainEvent } from '@app/platform';

/** One stream per import run: `imports.import-run-<id>`. */
export const importRunStream = (importRunId: string) => `imports.import-run-${importRunId}`;

/** The reference ContentImportSource: a website to crawl, or uploaded files by storage key. */
export type ImportSource = { type: 'website'; url: string } | { type: 'file'; files: string[] };

/** The reference ContentImportTarget: a space, optionally a change request of it and/or a page to import under. */
export interface ImportTarget {
  space: string;
  changeRequest?: string;
  page?: string;
}

/** How far a run got: pages found and read so far, and the bytes read. */
export interface ImportCounts {
  /** Pages (documents) read and converted. */
  pages: number;
  /** Pages still to read (a crawl's queue; 0 for files once unpacked). */
  pending: number;
  /** Bytes read (downloaded, or of the uploaded files after unpacking). */
  bytes: number;
}

export const NO_COUNTS: ImportCounts = { pages: 0, pending: 0, bytes: 0 };

/** A page the run wrote: its id in the target and where it came from (a URL, or the file's path). */
export interface ImportedPage {
  id: string;
  sourceURL: string;
}

type Of<D> = { importRunId: string; organizationId: string } & D;

export type ImportRunEvent =
  | DomainEvent<'ImportRunStarted', Of<{ source: ImportSource; target: ImportTarget; startedBy: string; startedAt: string }>>
  | DomainEvent<'ImportRunProgressed', Of<{ counts: ImportCounts; progressedAt: string }>>
  /**
   * Everything is read and converted: the pages (markdown, planned slugs) are stored under
   * `contentKey` in the BlobStore (events stay small), and the change request the run writes
   * into is fixed, so a run resumed after a crash writes the same pages into the same place.
   */
  | DomainEvent<'ImportRunCollected', Of<{ contentKey: string; pages: number; changeRequestId: string; collectedAt: string }>>
  | DomainEvent<
      'ImportRunCompleted',
      Of<{ pages: ImportedPage[]; space: string; changeRequestId: string; merged: boolean; revision: string | null; completedAt: string }>
    >
  | DomainEvent<'ImportRunFailed', Of<{ reason: string; failedAt: string }>>
  | DomainEvent<'ImportRunCancelled', Of<{ cancelledBy: string; cancelledAt: string }>>;

export const IMPORT_RUN_EVENT_TYPES: ReadonlyArray<ImportRunEvent['type']> = [
  'ImportRunStarted',
  'ImportRunProgressed',
  'ImportRunCollected',
  'ImportRunCompleted',
  'ImportRunFailed',
  'ImportRunCancelled',
];
