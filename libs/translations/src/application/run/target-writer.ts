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
import { CreateSpaceCommand, GetSpaceAccessQuery, GetSpaceQuery } from '@app/spaces';
import { LANGUAGE_NAMES, TranslationLanguage } from '../../domain/languages';
import { TranslationPlan } from '../../domain/translation.events';
import { RunFailed } from './source-reader';
import { bodyChanges, deleteChanges, structureChanges, TargetPages } from './target-changes';

/** Changes of one batch (content's limit). */
const BATCH = 50;

export interface WriteJob {
  spaceId: string;
  changeRequestId: string;
  actor: string;
  subject: string;
  plan: TranslationPlan;
  /** Translated markdown by source page id (the plan's `translate` pages). */
  bodies: ReadonlyMap<string, string>;
}

/**
 * Writes a run into the target space as a user would: one change request (its id fixed when the
 * run started), batches of changes, the merge. Every batch is computed from the change
 * request's current content, where target pages are found by path, so a run resumed after a
 * crash converges instead of doing things twice: what is there already is updated, not added;
 * a change request merged already is the run's result.
 */
@Injectable()
export class TargetWriter {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  /** Whether a target space chosen earlier still exists (a deleted one is replaced by a new space). */
  async exists(spaceId: string | null, userId: string): Promise<boolean> {
    return spaceId !== null && (await this.queries.execute(new GetSpaceAccessQuery(spaceId, userId))) !== null;
  }

  /** The target space, created beside the source on the first run (a no-op when it exists). */
  async ensure(
    spaceId: string,
    source: { title: string; emoji: string; visibility: string; parent?: string; urls: { icon?: string } },
    organizationId: string,
    language: TranslationLanguage,
    actor: string,
  ) {
    const title = [...`${source.title} (${LANGUAGE_NAMES[language]})`].slice(0, 50).join('');
    const settings = {
      title,
      emoji: source.emoji,
      icon: source.urls.icon ?? null,
      visibility: source.visibility as 'private',
      editMode: 'live' as const,
      language,
      defaultLevel: null,
      // Runs merge their own change requests: no review rule stands in the way.
      mergeRules: { type: 'none' as const },
    };
    await this.commands.execute(new CreateSpaceCommand(organizationId, actor, settings, source.parent ?? null, spaceId));
    await this.engine.settle();
  }

  /** The pages of a revision of the target by path (main's head when no revision is given; none before it has content). */
  async pages(spaceId: string, revisionId?: string): Promise<TargetPages> {
    try {
      const content = await this.queries.execute(new GetReaderContentQuery(spaceId, revisionId));
      return new Map(content.pages.map((p: ReaderPage) => [p.path, p]));
    } catch (e) {
      if (e instanceof NotFound) return new Map();
      throw e;
    }
  }

  /** Writes the job and merges it; the merged revision and the change request (null when the run changed nothing). */
  async write(job: WriteJob): Promise<{ revision: string; changeRequestId: string | null }> {
    const { spaceId, changeRequestId, actor } = job;
    if (!job.plan.pages.length && !job.plan.removed.length) {
      const space = await this.queries.execute(new GetSpaceQuery(spaceId, actor));
      return { revision: space.revision, changeRequestId: null };
    }
    const existing = await this.changeRequest(job);
    if (existing?.status === 'merged') return { revision: existing.revisionMerged!, changeRequestId };
    if (existing && existing.status !== 'open' && existing.status !== 'draft')
      throw new RunFailed(`The run's change request ${changeRequestId} in space ${spaceId} was ${existing.status}; run the translation again`);
    if (!existing) {
      const input = { subject: job.subject, status: 'open' as const, template: null, conversationsIssuesCluster: null };
      await this.commands.execute(new CreateChangeRequestCommand(spaceId, actor, input, changeRequestId));
      await this.engine.settle();
    }
    await this.converge(job, (pages) => deleteChanges(job.plan, pages));
    await this.converge(job, (pages) => structureChanges(job.plan, pages));
    const bodies = job.plan.pages.filter((p) => p.kind === 'translate');
    for (let i = 0; i < bodies.length; i += BATCH) await this.apply(job, bodyChanges(bodies.slice(i, i + BATCH), job.bodies, await this.head(job)));
    return { revision: await this.merge(job), changeRequestId };
  }

  /** The merge; refused because another process running the same run merged first, that merge is the result. */
  private async merge(job: WriteJob): Promise<string> {
    try {
      const merged = await this.commands.execute(new MergeChangeRequestCommand(job.spaceId, job.changeRequestId, job.actor));
      await this.engine.settle();
      return merged.revision;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      await this.engine.waitForHead();
      const now = await this.changeRequest(job);
      if (now?.status === 'merged') return now.revisionMerged!;
      throw e;
    }
  }

  /** Applies what `changes` asks of the change request's content until it asks nothing (a bounded number of batches). */
  private async converge(job: WriteJob, changes: (pages: TargetPages) => ContentChange[]): Promise<void> {
    const bound = Math.ceil((job.plan.pages.length + job.plan.removed.length) / BATCH) + 2;
    for (let round = 0; ; round++) {
      const pending = changes(await this.head(job));
      if (!pending.length) return;
      if (round >= bound) throw new RunFailed(`The target space ${job.spaceId} did not take the run's changes (${pending.length} left after ${bound} batches)`);
      await this.apply(job, pending.slice(0, BATCH));
    }
  }

  private async apply(job: WriteJob, changes: ContentChange[]): Promise<void> {
    if (!changes.length) return;
    await this.commands.execute(new UpdateChangeRequestContentCommand(job.spaceId, job.changeRequestId, job.actor, changes, new Map()));
    await this.engine.settle();
  }

  /** The pages of the change request's current revision. */
  private async head(job: WriteJob): Promise<TargetPages> {
    const cr = await this.changeRequest(job);
    if (!cr) throw new RunFailed(`The run's change request ${job.changeRequestId} in space ${job.spaceId} is gone`);
    return this.pages(job.spaceId, cr.revision);
  }

  private async changeRequest(job: WriteJob) {
    try {
      return await this.queries.execute(new GetChangeRequestQuery(job.spaceId, job.changeRequestId, job.actor));
    } catch (e) {
      if (e instanceof NotFound) return null;
      throw e;
    }
  }
}
