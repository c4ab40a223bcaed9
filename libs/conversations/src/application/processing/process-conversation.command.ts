import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, EventSourcing, EventStore, Scheduler } from '@app/platform';
import { conversationDecider } from '../../domain/conversation';
import { ConversationIngested, ConversationIssuesExtracted, ExtractedIssue, conversationStream, issueIdOf } from '../../domain/conversation.events';
import { issueClustersDecider } from '../../domain/issue-clusters';
import { clustersStream } from '../../domain/issue-clusters.events';
import { ClusterStates } from '../cluster-states';
import { FoundIssue, IssueExtractor } from '../extraction/issue-extractor.port';
import { RuleIssueExtractor } from '../extraction/rule-issue-extractor';

/** The timer command the processing saga schedules (durable: it fires again after a restart). */
export const PROCESS_CONVERSATION_TIMER = 'conversations.process';
export interface ProcessConversationPayload {
  [key: string]: unknown;
  organizationId: string;
  conversationId: string;
  ingestionId: string;
  /** Failed extraction attempts so far (the extraction service was down). */
  attempt?: number;
}

/** Extraction attempts before the deterministic rules stand in for an unreachable service. */
export const EXTRACTION_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;

/**
 * Processes one ingestion of a conversation: extracts its issues (recorded once), places them
 * in clusters (once per ingestion), then marks the conversation processed. Each step is
 * accepted once, so a timer that fires again after a crash resumes where it stopped; an
 * ingestion superseded by a newer one does nothing (the newer one has its own timer).
 */
export class ProcessConversationCommand extends Command<void> {
  constructor(readonly payload: ProcessConversationPayload) {
    super();
  }
}

@CommandHandler(ProcessConversationCommand)
export class ProcessConversationHandler implements ICommandHandler<ProcessConversationCommand> {
  private readonly logger = new Logger('ConversationProcessing');

  constructor(
    private readonly es: EventSourcing,
    private readonly store: EventStore,
    private readonly extractor: IssueExtractor,
    private readonly states: ClusterStates,
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
  ) {}

  async execute({ payload }: ProcessConversationCommand): Promise<void> {
    const { organizationId, conversationId, ingestionId } = payload;
    const stream = conversationStream(organizationId, conversationId);
    const addressed = { organizationId, conversationId, ingestionId };
    let { state } = await this.es.load(stream, conversationDecider);
    if (!state.conversation || state.conversation.ingestionId !== ingestionId || state.conversation.processedFor === ingestionId) return;
    const content = await this.eventOf<ConversationIngested>(stream, 'ConversationIngested', ingestionId);
    if (state.conversation.extractedFor !== ingestionId) {
      const extracted = await this.extract(payload, content);
      if (!extracted) return;
      const { found, extractor } = extracted;
      const issues: ExtractedIssue[] = found.map((f, i) => ({ issueId: issueIdOf(organizationId, conversationId, i), ...f }));
      ({ state } = await this.es.execute(
        stream,
        conversationDecider,
        { type: 'RecordIssues', ...addressed, extractor, issues },
        { idempotencyKey: `conversations-extract-${ingestionId}` },
      ));
      // Superseded while extracting: the newer ingestion's processing takes over.
      if (state.conversation?.extractedFor !== ingestionId) return;
    }
    const recorded = await this.eventOf<ConversationIssuesExtracted>(stream, 'ConversationIssuesExtracted', ingestionId);
    const cluster = () =>
      this.es.execute(
        clustersStream(organizationId),
        issueClustersDecider,
        {
          type: 'ClusterIssues',
          organizationId,
          conversationId,
          ingestionId,
          source: content.source,
          reportedAt: content.createdAt,
          issues: recorded.issues.map(({ issueId, title, summary, impact }) => ({ issueId, title, summary, impact })),
          removedIssueIds: recorded.removedIssueIds,
        },
        { idempotencyKey: `conversations-cluster-${ingestionId}`, cache: this.states.folded, maxRetries: 20 },
      );
    await this.states.serialize(organizationId, cluster);
    await this.es.execute(stream, conversationDecider, { type: 'MarkProcessed', ...addressed }, { idempotencyKey: `conversations-processed-${ingestionId}` });
    this.logger.debug(`processed ${ingestionId}: ${recorded.issues.length} issue(s)`);
  }

  /**
   * The configured extractor's issues; when it fails (a service down), a retry is scheduled
   * with growing delays, and after EXTRACTION_ATTEMPTS the deterministic rules answer instead,
   * so no conversation stays unprocessed (the issue records which extractor produced it).
   */
  private async extract(p: ProcessConversationPayload, content: ConversationIngested): Promise<{ found: FoundIssue[]; extractor: string } | null> {
    try {
      return { found: await this.extractor.extract(content), extractor: this.extractor.name };
    } catch (e) {
      const attempt = (p.attempt ?? 0) + 1;
      this.logger.warn(`extraction of ${p.ingestionId} by ${this.extractor.name} failed (attempt ${attempt}): ${e instanceof Error ? e.message : String(e)}`);
      if (attempt >= EXTRACTION_ATTEMPTS)
        return { found: await new RuleIssueExtractor().extract(content), extractor: `rules (after ${this.extractor.name} failed)` };
      const due = new Date(this.clock.now().getTime() + RETRY_BASE_MS * 2 ** (attempt - 1));
      await this.scheduler.schedule(`conversations-process-${p.ingestionId}-retry-${attempt}`, due, {
        type: PROCESS_CONVERSATION_TIMER,
        payload: { ...p, attempt },
      });
      return null;
    }
  }

  /** The data of this ingestion's event of a type (the content, the extraction). */
  private async eventOf<T>(stream: string, type: string, ingestionId: string): Promise<T> {
    const events = await this.store.readStream(stream);
    const types = type === 'ConversationIngested' ? [type, 'ConversationReingested'] : [type];
    return events.find((x) => types.includes(x.type) && (x.data as { ingestionId: string }).ingestionId === ingestionId)!.data as T;
  }
}
