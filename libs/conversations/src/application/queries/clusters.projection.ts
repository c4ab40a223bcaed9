import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { conversationKey, Impact } from '../../domain/conversation.events';
import { bump, Counts, weekOf } from '../../domain/cluster-figures';
import { IssueClustersEvent } from '../../domain/issue-clusters.events';

export const CLUSTERS = 'conversations_clusters';
export const CLUSTER_ISSUES = 'conversations_cluster_issues';

export interface ClusterDoc {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  /** The title of the issue that started the cluster. */
  label: string;
  muted: boolean;
  issues: number;
  conversations: number;
  /** conversationKey → issues of that conversation here (for `conversations`). */
  byConversation: Counts;
  impacts: Counts;
  sources: Counts;
  /** Week start (YYYY-MM-DD) → issues reported that week. */
  weeks: Counts;
  terms: Counts;
  /** Titles of the latest issues, newest first (at most 5). */
  recent: Array<{ issueId: string; title: string }>;
  /** No tasks are tracked: the reference's task figures (and orders by them) are 0. */
  tasks: number;
  createdAt: string;
  updatedAt: string;
}

export interface ClusterIssueDoc {
  [key: string]: unknown;
  id: string;
  clusterId: string;
  conversationKey: string;
  impact: Impact;
  source: string;
  week: string;
  terms: string[];
}

function withIssue(c: ClusterDoc, m: ClusterIssueDoc, sign: 1 | -1, title?: string): ClusterDoc {
  let terms = c.terms;
  for (const t of m.terms) terms = bump(terms, t, sign);
  const byConversation = bump(c.byConversation, m.conversationKey, sign);
  const recent =
    sign > 0 ? [{ issueId: m.id, title: title! }, ...c.recent.filter((r) => r.issueId !== m.id)].slice(0, 5) : c.recent.filter((r) => r.issueId !== m.id);
  return {
    ...c,
    issues: c.issues + sign,
    byConversation,
    conversations: Object.keys(byConversation).length,
    impacts: bump(c.impacts, m.impact, sign),
    sources: bump(c.sources, m.source, sign),
    weeks: bump(c.weeks, m.week, sign),
    terms,
    recent,
  };
}

/** Issue clusters with their figures, kept incrementally from the clustering decisions. */
export const clustersProjection: ProjectionDefinition = {
  name: 'conversations-clusters',
  collections: [
    {
      name: CLUSTERS,
      indexes: [
        ['organizationId', 'updatedAt'],
        ['organizationId', 'issues'],
        ['organizationId', 'conversations'],
      ],
    },
    { name: CLUSTER_ISSUES, indexes: [['clusterId']] },
  ],
  handles: ['ConversationIssueClustered', 'ConversationIssueUnclustered', 'ConversationsClusterMuteChanged'],
  async apply(event, ctx) {
    const e = event as RecordedEvent & IssueClustersEvent;
    switch (e.type) {
      case 'ConversationIssueClustered': {
        const d = e.data;
        const member: ClusterIssueDoc = {
          id: d.issueId,
          clusterId: d.clusterId,
          conversationKey: conversationKey(d.organizationId, d.conversationId),
          impact: d.impact,
          source: d.source,
          week: weekOf(d.reportedAt),
          terms: d.terms,
        };
        const found = await ctx.get<ClusterDoc>(CLUSTERS, d.clusterId);
        const base: ClusterDoc = found ?? {
          id: d.clusterId,
          organizationId: d.organizationId,
          label: d.title,
          muted: false,
          issues: 0,
          conversations: 0,
          byConversation: {},
          impacts: {},
          sources: {},
          weeks: {},
          terms: {},
          recent: [],
          tasks: 0,
          createdAt: d.clusteredAt,
          updatedAt: d.clusteredAt,
        };
        ctx.put(CLUSTER_ISSUES, member);
        ctx.put(CLUSTERS, { ...withIssue(base, member, 1, d.title), updatedAt: d.clusteredAt });
        return;
      }
      case 'ConversationIssueUnclustered': {
        const member = await ctx.get<ClusterIssueDoc>(CLUSTER_ISSUES, e.data.issueId);
        const cluster = await ctx.get<ClusterDoc>(CLUSTERS, e.data.clusterId);
        if (!member || !cluster || member.clusterId !== e.data.clusterId) return;
        ctx.delete(CLUSTER_ISSUES, member.id);
        const next = withIssue(cluster, member, -1);
        // An emptied cluster is gone (the clustering no longer offers it either).
        if (next.issues <= 0) ctx.delete(CLUSTERS, cluster.id);
        else ctx.put(CLUSTERS, { ...next, updatedAt: e.data.unclusteredAt });
        return;
      }
      case 'ConversationsClusterMuteChanged':
        return ctx.update<ClusterDoc>(CLUSTERS, e.data.clusterId, (c) => ({ ...c, muted: e.data.muted, updatedAt: e.data.changedAt }));
    }
  },
};
