import { Injectable } from '@nestjs/common';
import { Clock, Urls } from '@app/platform';
import { clusterImpact, iconOf, topTerms, weeklyPulse } from '../../domain/cluster-figures';
import { ClusterDoc } from './clusters.projection';
import { ConversationDoc, IssueDoc } from './conversations.projection';
import { paragraphs } from './rich-text';

/** The reference shapes (Conversation, ConversationIssue, ConversationsIssuesCluster) from read models. */
@Injectable()
export class ConversationViews {
  constructor(
    private readonly urls: Urls,
    private readonly clock: Clock,
  ) {}

  conversation(c: ConversationDoc) {
    return {
      object: 'conversation' as const,
      id: c.conversationId,
      ...(c.subject !== null ? { subject: c.subject } : {}),
      createdAt: c.createdAt,
      ...(c.processedAt ? { processedAt: c.processedAt } : {}),
      source: c.source,
      ...(c.impact ? { impact: c.impact } : {}),
      urls: {
        location: this.urls.api(`/orgs/${c.organizationId}/conversations/${encodeURIComponent(c.conversationId)}`),
        ...(c.metadata.url ? { source: c.metadata.url } : {}),
      },
    };
  }

  detail(c: ConversationDoc) {
    return { conversation: this.conversation(c), parts: c.parts, metadata: c.metadata };
  }

  /** An issue with its explanation: the extractor, the sentences and rules that produced it, the impact signals. */
  issue(i: IssueDoc) {
    const why = i.evidence.map((e) => `Message ${e.part + 1}: "${e.sentence}" (${e.rules.join(', ')})`);
    return {
      object: 'conversation-issue' as const,
      id: i.id,
      title: i.title,
      summary: i.summary,
      details: paragraphs([i.summary, ...why, `Impact ${i.impact}: ${i.impactRules.join(', ')}`]),
      impact: i.impact,
      createdAt: i.createdAt,
      ingestedAt: i.ingestedAt,
      conversation: i.conversationId,
      ...(i.cluster ? { cluster: i.cluster } : {}),
      explanation: { extractor: i.extractor, evidence: i.evidence, impactRules: i.impactRules },
      urls: { location: this.urls.api(`/orgs/${i.organizationId}/conversations-issues/${i.id}`) },
    };
  }

  cluster(c: ClusterDoc) {
    const terms = topTerms(c.terms, 5);
    const summary = paragraphs([
      `${c.issues} issue${c.issues === 1 ? '' : 's'} from ${c.conversations} conversation${c.conversations === 1 ? '' : 's'}; most frequent terms: ${terms.join(', ')}.`,
      ...c.recent.map((r) => `Recent issue: ${r.title}`),
    ]);
    return {
      object: 'issues-cluster' as const,
      id: c.id,
      label: c.label,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
      icon: iconOf(c.terms),
      summary,
      muted: c.muted,
      impact: clusterImpact(c.impacts),
      weeklyPulse: weeklyPulse(c.weeks, this.clock.now()),
      sources: c.sources,
      stats: { issues: c.issues, conversations: c.conversations, tasksTotal: 0, tasksBacklog: 0, tasksStarted: 0, tasksCompleted: 0, tasksCancelled: 0 },
      urls: {
        location: this.urls.api(`/orgs/${c.organizationId}/conversations-clusters/${c.id}`),
        app: this.urls.app(`/o/${c.organizationId}/conversations/clusters/${c.id}`),
      },
    };
  }
}
