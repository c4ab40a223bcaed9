import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Conflict, DomainError, EventSourcing, IdGenerator, ProjectionEngine, ReadStore, ServiceUnavailable } from '@app/platform';
import { LANGUAGE_NAMES, TranslationLanguage } from '../../domain/languages';
import { GlossaryTerm } from '../../domain/markdown-segments';
import { termsFor } from '../../domain/glossary';
import { planPages } from '../../domain/translation-plan';
import { translationDecider, TranslationCommand, TranslationState } from '../../domain/translation';
import { translationStream } from '../../domain/translation.events';
import { GLOSSARY_ENTRIES, GlossaryEntryDoc } from '../queries/translations.projection';
import { translatePages } from '../translator/page-translator';
import { NO_TRANSLATOR, TranslatorFailed } from '../translator/translator.port';
import { Translators } from '../translator/translators';
import { RunFailed, SourceReader } from './source-reader';
import { TargetWriter } from './target-writer';

/** The timer command the runs saga schedules (a durable timer survives a restart). */
export const TRANSLATION_RUN_TIMER = 'translations.run';
export interface RunPayload {
  [key: string]: unknown;
  translationId: string;
  runId: string;
}

/**
 * Runs one translation run, step by step on the translation's stream: start (the target space
 * and change request ids are fixed), plan (which pages, fixed before anything is translated),
 * translate, write and merge, complete. Run by a durable timer, so a crash anywhere before the
 * outcome is recorded runs it again after a restart, picking up at the first step not recorded;
 * writing converges on what an earlier attempt wrote, and the decider takes one outcome per run.
 * Whatever stops a run (no provider, the provider's refusal, a source gone, a refused write)
 * ends it failed with a message; only a busy store (503, 409) leaves the timer to fire again.
 */
export class ExecuteTranslationRunCommand extends Command<void> {
  constructor(readonly payload: RunPayload) {
    super();
  }
}

const isCurrent = (s: TranslationState, runId: string) =>
  !!s.translation && !s.deleted && s.run?.id === runId && (s.run.status === 'pending' || s.run.status === 'running');

@CommandHandler(ExecuteTranslationRunCommand)
export class ExecuteTranslationRunHandler implements ICommandHandler<ExecuteTranslationRunCommand> {
  private readonly logger = new Logger('TranslationRuns');

  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly engine: ProjectionEngine,
    private readonly store: ReadStore,
    private readonly translators: Translators,
    private readonly source: SourceReader,
    private readonly target: TargetWriter,
  ) {}

  async execute({ payload: { translationId, runId } }: ExecuteTranslationRunCommand): Promise<void> {
    // The read models a run reads hold everything written so far (also in a process just restarted).
    await this.engine.waitForHead();
    const step = async (c: TranslationCommand) => (await this.es.execute(translationStream(translationId), translationDecider, c)).state;
    let state = (await this.es.load(translationStream(translationId), translationDecider)).state;
    if (!isCurrent(state, runId)) return;
    if (state.run!.status === 'pending') {
      const keep = await this.target.exists(state.targetSpace, state.run!.requestedBy);
      const targetSpaceId = keep ? state.targetSpace! : this.ids.next();
      state = await step({ type: 'StartRun', translationId, runId, targetSpaceId, changeRequestId: this.ids.next() });
      if (!isCurrent(state, runId)) return;
    }
    try {
      const result = await this.run(state, runId, step);
      if (result) await step({ type: 'CompleteRun', translationId, runId, ...result });
    } catch (e) {
      if (e instanceof ServiceUnavailable || e instanceof Conflict) throw e;
      await step({ type: 'FailRun', translationId, runId, message: this.messageOf(e, translationId, runId) });
    }
  }

  /** The run's steps after its start; null when another process finished it meanwhile. */
  private async run(state: TranslationState, runId: string, step: (c: TranslationCommand) => Promise<TranslationState>) {
    const translator = this.translators.configured();
    if (!translator) throw new RunFailed(NO_TRANSLATOR);
    const t = state.translation!;
    const actor = state.run!.requestedBy;
    const sourceSpace = await this.source.space(t.source.space, actor);
    await this.target.ensure(state.targetSpace!, sourceSpace, t.organizationId, t.language, actor);
    if (!state.run!.plan) {
      const content = await this.source.content(t.source.space);
      const planned = planPages(SourceReader.planned(content), state.mirror, new Set((await this.target.pages(state.targetSpace!)).keys()));
      const translate = planned.pages.filter((p) => p.kind === 'translate');
      const words = (await Promise.all(translate.map((p) => this.source.page(content, p.page, [])))).reduce((n, page) => n + page.words, 0);
      state = await step({ type: 'PlanRun', translationId: t.id, runId, plan: { sourceRevision: content.revisionId, ...planned, words } });
      if (!isCurrent(state, runId)) return null;
    }
    const plan = state.run!.plan!;
    const content = await this.source.content(t.source.space, plan.sourceRevision);
    const glossary = await this.glossary(t.organizationId, t.source.language, t.language);
    const translate = plan.pages.filter((p) => p.kind === 'translate');
    const pages = await Promise.all(translate.map((p) => this.source.page(content, p.page, glossary)));
    const texts = await translatePages(translator, pages, { from: t.source.language, to: t.language, instructions: t.instructions });
    // Another process may have finished this run while this one translated: then nothing is written twice.
    if (!isCurrent((await this.es.load(translationStream(t.id), translationDecider)).state, runId)) return null;
    return this.target.write({
      spaceId: state.targetSpace!,
      changeRequestId: state.run!.changeRequestId!,
      actor,
      subject: `Translation of "${sourceSpace.title}" into ${LANGUAGE_NAMES[t.language]}`.slice(0, 100),
      plan,
      bodies: new Map(translate.map((p, i) => [p.page, texts[i]])),
    });
  }

  /** The organization's glossary for the run's language pair. */
  private async glossary(organizationId: string, from: TranslationLanguage, to: TranslationLanguage): Promise<GlossaryTerm[]> {
    const entries = await this.store.find<GlossaryEntryDoc>(GLOSSARY_ENTRIES, { organizationId });
    return termsFor(
      entries.map((e) => e.translations),
      from,
      to,
    );
  }

  private messageOf(e: unknown, translationId: string, runId: string): string {
    if (e instanceof RunFailed || e instanceof TranslatorFailed) return e.message;
    if (e instanceof DomainError) return `The run could not go on: ${e.message}`;
    this.logger.error(`run ${runId} of translation ${translationId} failed: ${e instanceof Error ? e.stack : String(e)}`);
    return 'The run stopped on an unexpected error (see the server log); run the translation again';
  }
}
