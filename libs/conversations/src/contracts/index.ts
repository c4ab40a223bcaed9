/** What the conversations context publishes to the contexts above it (delivery): event names they may rely on. */
export const ConversationsEvents = {
  /** A conversation was processed: its issues are extracted and clustered (payload: organizationId, conversationId, processedAt). */
  ConversationProcessed: 'ConversationProcessed',
  /** An issue was placed in a cluster (payload: organizationId, clusterId, issueId, conversationId, impact, source). */
  ConversationIssueClustered: 'ConversationIssueClustered',
  /** A cluster was muted or unmuted for change-request creation (payload: organizationId, clusterId, muted). */
  ConversationsClusterMuteChanged: 'ConversationsClusterMuteChanged',
} as const;
export * from './audit-actions';
