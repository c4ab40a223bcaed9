import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, PageQuery, paginate, Principal, ReadStore, SortSpec } from '@app/platform';
import { ConversationsClusterNotFound } from '../../domain/issue-clusters';
import { ConversationAccess } from '../conversation-access';
import { ClusterDoc, CLUSTERS } from './clusters.projection';
import { ConversationViews } from './conversation.views';

type ClusterView = ReturnType<ConversationViews['cluster']>;

/** The reference's orderBy values and the read-model field each sorts on (tasks are not tracked: all 0). */
export const CLUSTER_ORDERS = {
  updatedAt: 'updatedAt',
  issues: 'issues',
  conversations: 'conversations',
  tasksTotal: 'tasks',
  tasksBacklog: 'tasks',
  tasksStarted: 'tasks',
} as const;
export type ClusterOrderBy = keyof typeof CLUSTER_ORDERS;

/** listConversationsIssuesClusters: by `orderBy` (default updatedAt) in `order` (default desc), then id. */
export class ListClustersQuery extends Query<ListResponse<ClusterView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly page: PageQuery,
    readonly orderBy: ClusterOrderBy = 'updatedAt',
    readonly order: 'asc' | 'desc' = 'desc',
  ) {
    super();
  }
}

@QueryHandler(ListClustersQuery)
export class ListClustersHandler implements IQueryHandler<ListClustersQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ConversationAccess,
    private readonly views: ConversationViews,
  ) {}
  async execute({ caller, organizationId, page, orderBy, order }: ListClustersQuery) {
    await this.access.requireRead(caller, organizationId);
    const sort: SortSpec = [[CLUSTER_ORDERS[orderBy], order === 'asc' ? 1 : -1]];
    return paginate<ClusterDoc, ClusterView>(this.store, CLUSTERS, { organizationId }, sort, page, (d) => this.views.cluster(d));
  }
}

export async function findCluster(store: ReadStore, organizationId: string, clusterId: string): Promise<ClusterDoc> {
  const doc = await store.get<ClusterDoc>(CLUSTERS, clusterId);
  if (!doc || doc.organizationId !== organizationId) throw new ConversationsClusterNotFound(clusterId);
  return doc;
}

/** getConversationsIssuesCluster. */
export class GetClusterQuery extends Query<ClusterView> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly clusterId: string,
  ) {
    super();
  }
}

@QueryHandler(GetClusterQuery)
export class GetClusterHandler implements IQueryHandler<GetClusterQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ConversationAccess,
    private readonly views: ConversationViews,
  ) {}
  async execute({ caller, organizationId, clusterId }: GetClusterQuery) {
    await this.access.requireRead(caller, organizationId);
    return this.views.cluster(await findCluster(this.store, organizationId, clusterId));
  }
}
