import { projectionOf } from '@app/platform/testing/projection-spec';
import { conversationKey } from '../../domain/conversation.events';
import { CLUSTER_ISSUES, CLUSTERS, clustersProjection } from './clusters.projection';
import { CONVERSATIONS, conversationsProjection, ISSUES } from './conversations.projection';

const o = { organizationId: 'o1', conversationId: 'c1' };
const at = '2026-03-02T10:00:00.000Z';
const ingested = {
  type: 'ConversationIngested',
  data: { ...o, ingestionId: 'i1', contentHash: 'h', ingestedAt: at, subject: 'S', parts: [], metadata: {}, source: 'email', createdAt: at },
};
const issue = (issueId: string) => ({ issueId, title: `T ${issueId}`, summary: 's', impact: 'high', impactRules: ['blocking'], evidence: [] });
const extracted = (ingestionId: string, issues: unknown[], removedIssueIds: string[] = []) => ({
  type: 'ConversationIssuesExtracted',
  data: { ...o, ingestionId, extractor: 'rules', issues, removedIssueIds, extractedAt: at },
});
const clustered = (issueId: string, clusterId: string, impact = 'high') => ({
  type: 'ConversationIssueClustered',
  data: {
    ...o,
    clusterId,
    created: true,
    similarity: 1,
    issueId,
    ingestionId: 'i1',
    terms: ['webhook', 'docs'],
    title: `T ${issueId}`,
    impact,
    source: 'email',
    reportedAt: at,
    clusteredAt: at,
  },
});

describe('conversations projection', () => {
  it('keeps conversations, their issues (with cluster) and processing; a re-extraction drops what it no longer has', async () => {
    const docs = await projectionOf(conversationsProjection, [
      ingested,
      extracted('i1', [issue('a'), issue('b')]),
      clustered('a', 'k1'),
      { type: 'ConversationProcessed', data: { ...o, ingestionId: 'i1', processedAt: at, impact: 'high' } },
      extracted('i2', [issue('a')], ['b']),
    ]);
    expect(docs[CONVERSATIONS]).toEqual([expect.objectContaining({ id: conversationKey('o1', 'c1'), processedAt: at, impact: 'high', conversationId: 'c1' })]);
    expect(docs[ISSUES].map((i) => [i.id, i.cluster])).toEqual([['a', 'k1']]);
  });
});

describe('clusters projection', () => {
  it('counts issues, conversations, impacts, sources and weeks; an emptied cluster is dropped; muting is kept', async () => {
    const docs = await projectionOf(clustersProjection, [
      clustered('a', 'k1'),
      clustered('b', 'k1', 'low'),
      clustered('c', 'k2'),
      { type: 'ConversationIssueUnclustered', data: { ...o, clusterId: 'k2', issueId: 'c', unclusteredAt: at } },
      { type: 'ConversationsClusterMuteChanged', data: { organizationId: 'o1', clusterId: 'k1', muted: true, changedAt: at } },
    ]);
    expect(docs[CLUSTERS]).toEqual([
      expect.objectContaining({
        id: 'k1',
        issues: 2,
        conversations: 1,
        impacts: { high: 1, low: 1 },
        sources: { email: 2 },
        weeks: { '2026-03-02': 2 },
        muted: true,
        label: 'T a',
      }),
    ]);
    expect(docs[CLUSTER_ISSUES].map((d) => d.id)).toEqual(['a', 'b']);
  });
});
