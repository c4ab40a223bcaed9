import { AuditActionDefinition } from '@app/platform';

type Data = Record<string, unknown>;
const org = (d: Data) => d.organizationId as string;
const conversation = (event: string, action: string, label: string): AuditActionDefinition => ({
  event,
  action,
  label,
  target: (d) => ({ type: 'conversation', id: d.conversationId as string }),
  organizationId: org,
});
const cluster = (event: string, action: string, label: string): AuditActionDefinition => ({
  event,
  action,
  label,
  target: (d) => ({ type: 'conversation-cluster', id: d.clusterId as string }),
  ...(event === 'ConversationsClusterMuteChanged' ? {} : { related: (d: Data) => [{ type: 'conversation', id: d.conversationId as string }] }),
  organizationId: org,
});

/** How the conversations context's events read as audit events. */
export const CONVERSATIONS_AUDIT_ACTIONS: AuditActionDefinition[] = [
  conversation('ConversationIngested', 'conversation.created', 'Conversation ingested'),
  conversation('ConversationReingested', 'conversation.updated', 'Conversation ingested again'),
  conversation('ConversationIssuesExtracted', 'conversation.issues.extracted', 'Conversation issues extracted'),
  conversation('ConversationProcessed', 'conversation.processed', 'Conversation processed'),
  cluster('ConversationIssueClustered', 'conversation.issue.clustered', 'Conversation issue clustered'),
  cluster('ConversationIssueUnclustered', 'conversation.issue.unclustered', 'Conversation issue unclustered'),
  cluster('ConversationsClusterMuteChanged', 'conversation.cluster.updated', 'Conversation cluster muted or unmuted'),
];
