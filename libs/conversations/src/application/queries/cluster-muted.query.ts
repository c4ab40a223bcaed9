import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { IsConversationsClusterMutedQuery } from '@app/content/contracts';
import { ClusterDoc, CLUSTERS } from './clusters.projection';

/** Answers content's question before it creates a change request from a cluster. */
@QueryHandler(IsConversationsClusterMutedQuery)
export class ClusterMutedHandler implements IQueryHandler<IsConversationsClusterMutedQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute({ organizationId, clusterId }: IsConversationsClusterMutedQuery): Promise<boolean> {
    const doc = await this.store.get<ClusterDoc>(CLUSTERS, clusterId);
    return !!doc && doc.organizationId === organizationId && doc.muted;
  }
}
