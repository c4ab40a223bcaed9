import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  BlobStore,
  Conflict,
  DomainError,
  EventSourcing,
  IdGenerator,
  OutboundHttp,
  PlatformConfig,
  ProjectionEngine,
  ServiceUnavailable,
} from '@app/platform';
import { importRunDecider, ImportRunCommand, ImportRunState, isActive } from '../../domain/import-run';
import { importRunStream } from '../../domain/import-run.events';
import { planPages, PlannedPage } from '../convert/page-plan';
import { ImportFailed, readUploads } from '../convert/uploaded-files';
import { ImportAccess } from '../import-access';
import { ImportWriter } from './import-writer';
import { crawlWebsite } from './website-crawler';

/** The timer command the runs saga schedules (a durable timer survives a restart). */
export const IMPORT_RUN_TIMER = 'imports.run';
export interface ImportRunPayload {
  [key: string]: unknown;
  importRunId: string;
}

const contentKeyOf = (organizationId: string, importRunId: string) => `imports/${organizationId}/${importRunId}/pages.json`;

/**
 * Carries out one import run, step by step on its stream: read the source (uploaded files, or a
 * crawl that records its progress and stops at a cancellation between pages), convert and plan
 * the pages and store them (collected: the change request fixed), write them through content's
 * commands, complete. Run by a durable timer, so a crash before the outcome is recorded runs it
 * again after a restart: a collected run is written from its stored pages and converges on what
 * was written before; the decider takes one outcome per run. Whatever stops a run (limits, an
 * unreadable source, a refused write) fails it with a reason; only a busy store (503, 409)
 * leaves the timer to fire again.
 */
export class ExecuteImportRunCommand extends Command<void> {
  constructor(readonly payload: ImportRunPayload) {
    super();
  }
}

@CommandHandler(ExecuteImportRunCommand)
export class ExecuteImportRunHandler implements ICommandHandler<ExecuteImportRunCommand> {
  private readonly logger = new Logger('ImportRuns');
  private readonly outbound: OutboundHttp;

  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly engine: ProjectionEngine,
    private readonly blobs: BlobStore,
    private readonly config: PlatformConfig,
    private readonly access: ImportAccess,
    private readonly writer: ImportWriter,
  ) {
    this.outbound = new OutboundHttp(config);
  }

  async execute({ payload: { importRunId } }: ExecuteImportRunCommand): Promise<void> {
    // The read models the run reads hold everything written so far (also in a process just restarted).
    await this.engine.waitForHead();
    const stream = importRunStream(importRunId);
    const step = async (c: ImportRunCommand) => (await this.es.execute(stream, importRunDecider, c)).state;
    const current = async () => (await this.es.load(stream, importRunDecider)).state;
    let state = await current();
    if (!isActive(state)) return;
    try {
      if (!state.collected) {
        const collected = await this.collect(state, step, current);
        if (!collected) return;
        state = await step({ type: 'RecordCollected', importRunId, ...collected });
        if (!isActive(state)) return;
      }
      const pages = await this.stored(state);
      const run = state.run!;
      const result = await this.writer.write({
        target: run.target,
        changeRequestId: state.collected!.changeRequestId,
        actor: run.startedBy,
        subject: this.subject(state),
        pages,
        stillActive: async () => isActive(await current()),
      });
      if (result) await step({ type: 'CompleteImportRun', importRunId, changeRequestId: state.collected!.changeRequestId, ...result });
    } catch (e) {
      if (e instanceof ServiceUnavailable || e instanceof Conflict) throw e;
      await step({ type: 'FailImportRun', importRunId, reason: this.reasonOf(e, importRunId) });
    }
  }

  /** Reads and converts the source and stores the planned pages; null when the run stopped meanwhile. */
  private async collect(state: ImportRunState, step: (c: ImportRunCommand) => Promise<ImportRunState>, current: () => Promise<ImportRunState>) {
    const run = state.run!;
    const limits = { maxPages: this.config.importMaxPages, maxBytes: this.config.importMaxBytes };
    // The target as the user who started the run may write it now (deleted since, or their rights withdrawn: the run fails).
    await this.access.checkTarget(run.startedBy, run.organizationId, run.target);
    let read: Awaited<ReturnType<typeof readUploads>> | null;
    if (run.source.type === 'website') {
      read = await crawlWebsite(this.outbound, run.source.url, limits, {
        beforePage: async (counts) => {
          if (counts.pages > 0) await step({ type: 'RecordProgress', importRunId: run.id, counts });
          return isActive(await current());
        },
      });
      if (!read) return null;
    } else {
      const files = [];
      for (const [i, key] of run.source.files.entries()) {
        const blob = await this.blobs.get(key);
        if (!blob || blob.organizationId !== run.organizationId) throw new ImportFailed(`source.files[${i}]: the uploaded file is no longer in storage`);
        files.push({ key, bytes: blob.bytes, contentType: blob.contentType });
      }
      read = readUploads(files, limits);
    }
    if (!read.documents.length) throw new ImportFailed('the source holds no page to import (markdown or HTML)');
    await step({ type: 'RecordProgress', importRunId: run.id, counts: { pages: read.documents.length, pending: 0, bytes: read.bytes } });
    const pages = planPages(read.documents, await this.writer.takenSlugs(run.target, run.startedBy));
    const contentKey = contentKeyOf(run.organizationId, run.id);
    await this.blobs.put(contentKey, Buffer.from(JSON.stringify(pages)), { contentType: 'application/json', organizationId: run.organizationId });
    return { contentKey, pages: pages.length, changeRequestId: run.target.changeRequest ?? this.ids.next() };
  }

  private async stored(state: ImportRunState): Promise<PlannedPage[]> {
    const blob = await this.blobs.get(state.collected!.contentKey);
    if (!blob) throw new ImportFailed('the converted pages are no longer in storage; start the import again');
    return JSON.parse(blob.bytes.toString('utf8')) as PlannedPage[];
  }

  private subject(state: ImportRunState): string {
    const source = state.run!.source;
    const what = source.type === 'website' ? new URL(source.url).host : `${source.files.length} uploaded file${source.files.length === 1 ? '' : 's'}`;
    return `Import from ${what}`.slice(0, 100);
  }

  private reasonOf(e: unknown, importRunId: string): string {
    if (e instanceof ImportFailed) return e.message;
    if (e instanceof DomainError) return `The import could not go on: ${e.message}`;
    this.logger.error(`import run ${importRunId} failed: ${e instanceof Error ? e.stack : String(e)}`);
    return 'The import stopped on an unexpected error (see the server log); start it again';
  }
}
