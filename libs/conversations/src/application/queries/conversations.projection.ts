import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { ConversationEvent, ConversationMetadata, ConversationPart, conversationKey, Impact, IssueEvidence } from '../../domain/conversation.events';
import { IssueClustersEvent } from '../../domain/issue-clusters.events';

export const CONVERSATIONS = 'conversations_conversations';
export const ISSUES = 'conversations_issues';

export interface ConversationDoc {
  [key: string]: unknown;
  /** conversationKey(organization, caller's id). */
  id: string;
  conversationId: string;
  organizationId: string;
  subject: string | null;
  parts: ConversationPart[];
  metadata: ConversationMetadata;
  source: string;
  createdAt: string;
  ingestedAt: string;
  processedAt: string | null;
  impact: Impact | null;
  /** Position of the first ingestion: the list's stable order. */
  seq: number;
}

export interface IssueDoc {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  /** conversationKey of its conversation, and the caller's id of it. */
  conversationKey: string;
  conversationId: string;
  title: string;
  summary: string;
  impact: Impact;
  impactRules: string[];
  evidence: IssueEvidence[];
  extractor: string;
  cluster: string | null;
  createdAt: string;
  ingestedAt: string;
  seq: number;
}

/** Conversations and their issues (with the cluster each was placed in). */
export const conversationsProjection: ProjectionDefinition = {
  name: 'conversations',
  collections: [
    {
      name: CONVERSATIONS,
      indexes: [
        ['organizationId', 'seq'],
        ['organizationId', 'source', 'seq'],
      ],
    },
    {
      name: ISSUES,
      indexes: [
        ['organizationId', 'seq'],
        ['organizationId', 'cluster', 'seq'],
        ['organizationId', 'conversationKey', 'seq'],
      ],
    },
  ],
  handles: [
    'ConversationIngested',
    'ConversationReingested',
    'ConversationIssuesExtracted',
    'ConversationProcessed',
    'ConversationIssueClustered',
    'ConversationIssueUnclustered',
  ],
  async apply(event, ctx) {
    const e = event as RecordedEvent & (ConversationEvent | IssueClustersEvent);
    switch (e.type) {
      case 'ConversationIngested':
      case 'ConversationReingested': {
        const d = e.data;
        const id = conversationKey(d.organizationId, d.conversationId);
        const before = await ctx.get<ConversationDoc>(CONVERSATIONS, id);
        ctx.put(CONVERSATIONS, {
          id,
          conversationId: d.conversationId,
          organizationId: d.organizationId,
          subject: d.subject,
          parts: d.parts,
          metadata: d.metadata,
          source: d.source,
          createdAt: d.createdAt,
          ingestedAt: d.ingestedAt,
          // New content is processed again: not processed until then.
          processedAt: null,
          impact: before?.impact ?? null,
          seq: before?.seq ?? e.position,
        } satisfies ConversationDoc);
        return;
      }
      case 'ConversationIssuesExtracted': {
        const d = e.data;
        const key = conversationKey(d.organizationId, d.conversationId);
        const conversation = await ctx.get<ConversationDoc>(CONVERSATIONS, key);
        for (const id of d.removedIssueIds) ctx.delete(ISSUES, id);
        for (const i of d.issues) {
          const before = await ctx.get<IssueDoc>(ISSUES, i.issueId);
          ctx.put(ISSUES, {
            id: i.issueId,
            organizationId: d.organizationId,
            conversationKey: key,
            conversationId: d.conversationId,
            title: i.title,
            summary: i.summary,
            impact: i.impact,
            impactRules: i.impactRules,
            evidence: i.evidence,
            extractor: d.extractor,
            cluster: before?.cluster ?? null,
            createdAt: before?.createdAt ?? d.extractedAt,
            ingestedAt: conversation?.ingestedAt ?? d.extractedAt,
            seq: before?.seq ?? e.position,
          } satisfies IssueDoc);
        }
        return;
      }
      case 'ConversationProcessed':
        return ctx.update<ConversationDoc>(CONVERSATIONS, conversationKey(e.data.organizationId, e.data.conversationId), (c) => ({
          ...c,
          processedAt: e.data.processedAt,
          impact: e.data.impact,
        }));
      case 'ConversationIssueClustered':
        return ctx.update<IssueDoc>(ISSUES, e.data.issueId, (i) => ({ ...i, cluster: e.data.clusterId }));
      case 'ConversationIssueUnclustered':
        return ctx.update<IssueDoc>(ISSUES, e.data.issueId, (i) => (i.cluster === e.data.clusterId ? { ...i, cluster: null } : i));
    }
  },
};
