import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { Caller, PageQuery, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { IngestConversationsCommand } from '../application/commands/ingest-conversation.command';
import { MuteClusterCommand } from '../application/commands/mute-cluster.command';
import { CLUSTER_ORDERS, ClusterOrderBy, GetClusterQuery, ListClustersQuery } from '../application/queries/cluster.queries';
import { GetConversationQuery, GetIssueQuery, ListConversationsQuery, ListIssuesQuery } from '../application/queries/conversation.queries';
import { conversationStream } from '../domain/conversation.events';
import { clustersStream } from '../domain/issue-clusters.events';
import { conversationsOf, PatchClusterBody } from './conversation.bodies';

type Params = Record<string, string>;

export class ConversationListQuery extends PageQuery {
  @IsOptional() @IsString() source?: string;
}
export class IssueListQuery extends PageQuery {
  @IsOptional() @IsString() cluster?: string;
  @IsOptional() @IsString() conversation?: string;
}
export class ClusterListQuery extends PageQuery {
  @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @IsOptional() @IsIn(Object.keys(CLUSTER_ORDERS)) orderBy?: ClusterOrderBy;
}

/** The eight conversations operations: ingestion, conversations, issues and clusters (with the seed's PATCH {muted}). */
@Controller('orgs/:organizationId')
export class ConversationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Post('conversations')
  @HttpCode(204)
  async ingest(@Caller() caller: Principal, @Param() p: Params, @Body() body: unknown): Promise<void> {
    await this.commands.execute(new IngestConversationsCommand(caller, p.organizationId, conversationsOf(body)));
  }

  @Get('conversations')
  list(@Caller() caller: Principal, @Param() p: Params, @Query() q: ConversationListQuery) {
    return this.queries.execute(new ListConversationsQuery(caller, p.organizationId, q, q.source));
  }

  @Get('conversations/:conversationId')
  @ResourceStream((p) => conversationStream(p.organizationId, p.conversationId))
  get(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetConversationQuery(caller, p.organizationId, p.conversationId));
  }

  @Get('conversations-issues')
  issues(@Caller() caller: Principal, @Param() p: Params, @Query() q: IssueListQuery) {
    return this.queries.execute(new ListIssuesQuery(caller, p.organizationId, q, { cluster: q.cluster, conversation: q.conversation }));
  }

  @Get('conversations-issues/:issueId')
  // Versioned by its conversation's stream (the ETag also hashes the body, so a cluster move shows too).
  @ResourceStream<{ conversation?: string }>((p, body) => (body?.conversation ? conversationStream(p.organizationId, body.conversation) : null))
  issue(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetIssueQuery(caller, p.organizationId, p.issueId));
  }

  @Get('conversations-clusters')
  clusters(@Caller() caller: Principal, @Param() p: Params, @Query() q: ClusterListQuery) {
    return this.queries.execute(new ListClustersQuery(caller, p.organizationId, q, q.orderBy ?? 'updatedAt', q.order ?? 'desc'));
  }

  @Get('conversations-clusters/:clusterId')
  @ResourceStream((p) => clustersStream(p.organizationId))
  cluster(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetClusterQuery(caller, p.organizationId, p.clusterId));
  }

  @Patch('conversations-clusters/:clusterId')
  @ResourceStream((p) => clustersStream(p.organizationId))
  async mute(@Caller() caller: Principal, @Param() p: Params, @Body() body: PatchClusterBody) {
    await this.commands.execute(new MuteClusterCommand(caller, p.organizationId, p.clusterId, body.muted));
    await this.engine.settle();
    return this.queries.execute(new GetClusterQuery(caller, p.organizationId, p.clusterId));
  }
}
