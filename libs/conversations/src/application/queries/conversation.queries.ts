import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, PageQuery, paginate, Principal, ReadStore } from '@app/platform';
import { conversationKey } from '../../domain/conversation.events';
import { ConversationIssueNotFound, ConversationNotFound } from '../../domain/conversation-rules';
import { ConversationAccess } from '../conversation-access';
import { ConversationViews } from './conversation.views';
import { ConversationDoc, CONVERSATIONS, IssueDoc, ISSUES } from './conversations.projection';

type ConversationView = ReturnType<ConversationViews['conversation']>;
type IssueItem = { issue: ReturnType<ConversationViews['issue']>; conversation: ConversationView };

/** listConversations: in the order they were first ingested; `source` filters. */
export class ListConversationsQuery extends Query<ListResponse<ConversationView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly page: PageQuery,
    readonly source?: string,
  ) {
    super();
  }
}

@QueryHandler(ListConversationsQuery)
export class ListConversationsHandler implements IQueryHandler<ListConversationsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ConversationAccess,
    private readonly views: ConversationViews,
  ) {}
  async execute({ caller, organizationId, page, source }: ListConversationsQuery) {
    await this.access.requireRead(caller, organizationId);
    const filter = { organizationId, ...(source !== undefined ? { source } : {}) };
    return paginate<ConversationDoc, ConversationView>(this.store, CONVERSATIONS, filter, [['seq', 1]], page, (d) => this.views.conversation(d));
  }
}

/** getConversationById: the conversation, its parts and metadata. */
export class GetConversationQuery extends Query<ReturnType<ConversationViews['detail']>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly conversationId: string,
  ) {
    super();
  }
}

@QueryHandler(GetConversationQuery)
export class GetConversationHandler implements IQueryHandler<GetConversationQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ConversationAccess,
    private readonly views: ConversationViews,
  ) {}
  async execute({ caller, organizationId, conversationId }: GetConversationQuery) {
    await this.access.requireRead(caller, organizationId);
    const doc = await this.store.get<ConversationDoc>(CONVERSATIONS, conversationKey(organizationId, conversationId));
    if (!doc || doc.organizationId !== organizationId) throw new ConversationNotFound(conversationId);
    return this.views.detail(doc);
  }
}

/** listConversationsIssues: in the order they were found; `cluster` and `conversation` filter. */
export class ListIssuesQuery extends Query<ListResponse<IssueItem>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly page: PageQuery,
    readonly filters: { cluster?: string; conversation?: string },
  ) {
    super();
  }
}

async function withConversation(store: ReadStore, views: ConversationViews, i: IssueDoc): Promise<IssueItem> {
  const c = await store.get<ConversationDoc>(CONVERSATIONS, i.conversationKey);
  return { issue: views.issue(i), conversation: views.conversation(c!) };
}

@QueryHandler(ListIssuesQuery)
export class ListIssuesHandler implements IQueryHandler<ListIssuesQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ConversationAccess,
    private readonly views: ConversationViews,
  ) {}
  async execute({ caller, organizationId, page, filters }: ListIssuesQuery) {
    await this.access.requireRead(caller, organizationId);
    const filter = {
      organizationId,
      ...(filters.cluster !== undefined ? { cluster: filters.cluster } : {}),
      ...(filters.conversation !== undefined ? { conversationKey: conversationKey(organizationId, filters.conversation) } : {}),
    };
    return paginate<IssueDoc, IssueItem>(this.store, ISSUES, filter, [['seq', 1]], page, (d) => withConversation(this.store, this.views, d));
  }
}

/** getConversationIssueById. */
export class GetIssueQuery extends Query<IssueItem> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly issueId: string,
  ) {
    super();
  }
}

@QueryHandler(GetIssueQuery)
export class GetIssueHandler implements IQueryHandler<GetIssueQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ConversationAccess,
    private readonly views: ConversationViews,
  ) {}
  async execute({ caller, organizationId, issueId }: GetIssueQuery) {
    await this.access.requireRead(caller, organizationId);
    const doc = await this.store.get<IssueDoc>(ISSUES, issueId);
    if (!doc || doc.organizationId !== organizationId) throw new ConversationIssueNotFound(issueId);
    return withConversation(this.store, this.views, doc);
  }
}
