import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DomainError, NotFound, ProjectionEngine } from '@app/platform';
import {
  CreateChangeRequestCommand,
  GetChangeRequestQuery,
  GetReaderContentQuery,
  MergeChangeRequestCommand,
  UpdateChangeRequestContentCommand,
  type ContentChange,
  type ReaderPage,
} from '@app/content';
import { ImportedPage, ImportTarget } from '../../domain/import-run.events';
import { PlannedPage } from '../convert/page-plan';
import { ImportFailed } from '../convert/uploaded-files';

/** Changes of one batch (content's limit). */
const BATCH = 50;

export interface WriteJob {
  target: ImportTarget;
  changeRequestId: string;
  actor: string;
  subject: string;
  pages: readonly PlannedPage[];
  /** Asked before every write: false stops the run there (it was cancelled, or ended elsewhere). */
  stillActive: () => Promise<boolean>;
}

export interface WriteResult {
  pages: ImportedPage[];
  merged: boolean;
  revision: string | null;
}

const slugOfPath = (path: string) => path.split('/').pop()!;

/**
 * Writes an import as a user would, through content's commands: into the run's own change
 * request (created with the id fixed when the pages were collected) that is merged, or into the
 * change request the target names (not merged). Pages go side by side under the target page
 * (or at the top level), found again by their planned slugs: inserted empty first, then given
 * their markdown, so links between them resolve whatever batch they came in; a run resumed
 * after a crash converges on what an earlier attempt wrote instead of writing it twice.
 */
@Injectable()
export class ImportWriter {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  /** The slugs already used under the target's parent (main's head, or the target change request's). */
  async takenSlugs(target: ImportTarget, actor: string): Promise<Set<string>> {
    const revision = target.changeRequest ? (await this.changeRequest(target.space, target.changeRequest, actor))?.revision : undefined;
    const content = await this.queries.execute(new GetReaderContentQuery(target.space, revision));
    const parent = target.page ?? null;
    return new Set(content.pages.filter((p) => p.parentId === parent).map((p) => slugOfPath(p.path)));
  }

  /** Writes the job; null when it stopped because the run is no longer active. */
  async write(job: WriteJob): Promise<WriteResult | null> {
    const { target, changeRequestId, actor } = job;
    const own = !target.changeRequest;
    let cr = await this.changeRequest(target.space, changeRequestId, actor);
    if (own && cr?.status === 'merged') return { pages: await this.written(job, cr.revisionMerged!), merged: true, revision: cr.revisionMerged! };
    if (!cr) {
      if (!own) throw new ImportFailed(`the target change request ${changeRequestId} is gone`);
      if (!(await job.stillActive())) return null;
      const input = { subject: job.subject, status: 'open' as const, template: null, conversationsIssuesCluster: null };
      await this.commands.execute(new CreateChangeRequestCommand(target.space, actor, input, changeRequestId));
      await this.engine.settle();
      cr = await this.changeRequest(target.space, changeRequestId, actor);
    }
    if (cr!.status !== 'open' && cr!.status !== 'draft')
      throw new ImportFailed(`the change request ${changeRequestId} is ${cr!.status}; the pages could not be written into it`);
    if (!(await this.converge(job, (children) => this.inserts(job, children)))) return null;
    const children = await this.children(job);
    const bodies = job.pages.map((p): ContentChange => ({
      operation: 'update_page',
      page: children.get(p.slug)!.id,
      fields: { slug: p.slug },
      markdown: p.markdown,
    }));
    for (let i = 0; i < bodies.length; i += BATCH) if (!(await this.apply(job, bodies.slice(i, i + BATCH), i))) return null;
    const pages = job.pages.map((p) => ({ id: children.get(p.slug)!.id, sourceURL: p.sourceURL }));
    if (!own) return { pages, merged: false, revision: null };
    if (!(await job.stillActive())) return null;
    return { pages, merged: true, revision: await this.merge(job) };
  }

  /** Pages of the plan not under the parent yet, inserted empty (their text comes with the bodies). */
  private inserts(job: WriteJob, children: ReadonlyMap<string, ReaderPage>): ContentChange[] {
    const into = job.target.page;
    return job.pages
      .filter((p) => !children.has(p.slug))
      .map((p): ContentChange => ({ operation: 'insert_page', fields: { title: p.title, slug: p.slug }, markdown: '', ...(into ? { into } : {}) }));
  }

  private async converge(job: WriteJob, changes: (children: ReadonlyMap<string, ReaderPage>) => ContentChange[]): Promise<boolean> {
    const bound = Math.ceil(job.pages.length / BATCH) + 2;
    for (let round = 0; ; round++) {
      const pending = changes(await this.children(job));
      if (!pending.length) return true;
      if (round >= bound) throw new ImportFailed(`the target did not take the imported pages (${pending.length} left after ${bound} batches)`);
      if (!(await this.apply(job, pending.slice(0, BATCH), null))) return false;
    }
  }

  /** One batch, unless the run stopped; a refused batch fails the run naming the source of the page it refused. */
  private async apply(job: WriteJob, changes: ContentChange[], offset: number | null): Promise<boolean> {
    if (!(await job.stillActive())) return false;
    try {
      await this.commands.execute(new UpdateChangeRequestContentCommand(job.target.space, job.changeRequestId, job.actor, changes, new Map()));
    } catch (e) {
      if (!(e instanceof DomainError) || e.status !== 400) throw e;
      const m = /^changes\[(\d+)\]\.?(.*)$/s.exec(e.message);
      // Body batches follow the plan from `offset`; insert batches (null) skip pages already there, so their message stays whole.
      const page = m && offset !== null ? job.pages[offset + Number(m[1])] : undefined;
      throw new ImportFailed(
        page && m ? `${page.sourceURL} could not be written: ${m[2].replace(/^[a-z.]+: /i, '')}` : `the pages could not be written: ${e.message}`,
      );
    }
    await this.engine.settle();
    return true;
  }

  private async merge(job: WriteJob): Promise<string> {
    try {
      const merged = await this.commands.execute(new MergeChangeRequestCommand(job.target.space, job.changeRequestId, job.actor));
      await this.engine.settle();
      return merged.revision;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      // Another process running the same run merged first: that merge is the result.
      await this.engine.waitForHead();
      const now = await this.changeRequest(job.target.space, job.changeRequestId, job.actor);
      if (now?.status === 'merged') return now.revisionMerged!;
      throw new ImportFailed(`the change request ${job.changeRequestId} with the imported pages could not be merged: ${e.message}`);
    }
  }

  /** The pages under the target's parent in the change request's current revision, by slug. */
  private async children(job: WriteJob): Promise<Map<string, ReaderPage>> {
    const cr = await this.changeRequest(job.target.space, job.changeRequestId, job.actor);
    if (!cr) throw new ImportFailed(`the change request ${job.changeRequestId} is gone`);
    return this.childrenAt(job, cr.revision);
  }

  private async childrenAt(job: WriteJob, revision: string): Promise<Map<string, ReaderPage>> {
    const content = await this.queries.execute(new GetReaderContentQuery(job.target.space, revision));
    const parent = job.target.page ?? null;
    if (parent && !content.pages.some((p) => p.id === parent)) throw new ImportFailed(`the target page ${parent} is no longer there`);
    return new Map(content.pages.filter((p) => p.parentId === parent).map((p) => [slugOfPath(p.path), p]));
  }

  /** The pages an earlier attempt merged (found by slug in the merged revision). */
  private async written(job: WriteJob, revision: string): Promise<ImportedPage[]> {
    const children = await this.childrenAt(job, revision);
    return job.pages.filter((p) => children.has(p.slug)).map((p) => ({ id: children.get(p.slug)!.id, sourceURL: p.sourceURL }));
  }

  private async changeRequest(spaceId: string, changeRequestId: string, actor: string) {
    try {
      return await this.queries.execute(new GetChangeRequestQuery(spaceId, changeRequestId, actor));
    } catch (e) {
      if (e instanceof NotFound) return null;
      throw e;
    }
  }
}
