import { Module, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PlatformConfig, ProjectionEngine, Scheduler } from '@app/platform';
import { ClusterStates } from './application/cluster-states';
import { IngestConversationsHandler } from './application/commands/ingest-conversation.command';
import { MuteClusterHandler } from './application/commands/mute-cluster.command';
import { ConversationAccess } from './application/conversation-access';
import { IssueExtractor } from './application/extraction/issue-extractor.port';
import { LlmIssueExtractor } from './application/extraction/llm-issue-extractor';
import { RuleIssueExtractor } from './application/extraction/rule-issue-extractor';
import {
  PROCESS_CONVERSATION_TIMER,
  ProcessConversationCommand,
  ProcessConversationHandler,
  ProcessConversationPayload,
} from './application/processing/process-conversation.command';
import { GetClusterHandler, ListClustersHandler } from './application/queries/cluster.queries';
import { clustersProjection } from './application/queries/clusters.projection';
import { ClusterMutedHandler } from './application/queries/cluster-muted.query';
import { GetConversationHandler, GetIssueHandler, ListConversationsHandler, ListIssuesHandler } from './application/queries/conversation.queries';
import { ConversationViews } from './application/queries/conversation.views';
import { conversationsProjection } from './application/queries/conversations.projection';
import { ConversationsController } from './http/conversations.controller';
import { ProcessConversationsSaga } from './sagas/process-conversations.saga';

/** The extractor configuration selects: an OpenAI-compatible endpoint when CONVERSATIONS_OPENAI_URL is set, else the rules. */
export const extractorFor = (c: PlatformConfig): IssueExtractor =>
  c.conversationsOpenaiUrl
    ? new LlmIssueExtractor({
        url: c.conversationsOpenaiUrl,
        apiKey: c.conversationsOpenaiApiKey,
        model: c.conversationsOpenaiModel,
        timeoutMs: c.conversationsOpenaiTimeoutMs,
      })
    : new RuleIssueExtractor();

/**
 * Collaboration service: conversations ingested from support and community tools, the
 * documentation issues extracted from them (saga + durable timer), and issue clusters kept
 * incrementally by TF-IDF similarity, with weekly pulse, impact and muting.
 */
@Module({
  controllers: [ConversationsController],
  providers: [
    ConversationAccess,
    ConversationViews,
    ClusterStates,
    ProcessConversationsSaga,
    { provide: IssueExtractor, useFactory: extractorFor, inject: [PlatformConfig] },
    IngestConversationsHandler,
    MuteClusterHandler,
    ProcessConversationHandler,
    ListConversationsHandler,
    GetConversationHandler,
    ListIssuesHandler,
    GetIssueHandler,
    ListClustersHandler,
    GetClusterHandler,
    ClusterMutedHandler,
  ],
})
export class ConversationsModule implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly scheduler: Scheduler,
    private readonly commands: CommandBus,
    private readonly saga: ProcessConversationsSaga,
  ) {}

  onModuleInit(): void {
    this.engine.registerProjection(conversationsProjection);
    this.engine.registerProjection(clustersProjection);
    this.engine.registerSaga(this.saga);
    this.scheduler.register(PROCESS_CONVERSATION_TIMER, (payload) =>
      this.commands.execute(new ProcessConversationCommand(payload as ProcessConversationPayload)),
    );
  }
}
