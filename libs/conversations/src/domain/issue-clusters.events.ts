import { DomainEvent } from '@app/platform';
import { Impact } from './conversation.events';

/** One stream per organization holds every clustering decision: assignments depend on all earlier ones. */
export const clustersStream = (organizationId: string) => `conversations.clusters-${organizationId}`;

export interface IssueClustered {
  organizationId: string;
  clusterId: string;
  /** True for the issue that started the cluster. */
  created: boolean;
  /** Cosine similarity to the cluster it joined (1 for a new cluster): why it joined. */
  similarity: number;
  issueId: string;
  conversationId: string;
  ingestionId: string;
  terms: string[];
  title: string;
  impact: Impact;
  source: string;
  /** When the reader had the problem (the conversation's createdAt): the week it counts in. */
  reportedAt: string;
  clusteredAt: string;
}
export interface IssueUnclustered {
  organizationId: string;
  clusterId: string;
  issueId: string;
  conversationId: string;
  unclusteredAt: string;
}

export type IssueClustersEvent =
  | DomainEvent<'ConversationIssueClustered', IssueClustered>
  | DomainEvent<'ConversationIssueUnclustered', IssueUnclustered>
  | DomainEvent<'ConversationsClusterMuteChanged', { organizationId: string; clusterId: string; muted: boolean; changedAt: string }>;

export const ISSUE_CLUSTERS_EVENT_TYPES: ReadonlyArray<IssueClustersEvent['type']> = [
  'ConversationIssueClustered',
  'ConversationIssueUnclustered',
  'ConversationsClusterMuteChanged',
];
