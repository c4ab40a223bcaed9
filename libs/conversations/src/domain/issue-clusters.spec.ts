import { fold } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { ConversationsClusterNotFound, IssueClustersCommand, issueClustersDecider, SIMILARITY_THRESHOLD } from './issue-clusters';
import { IssueClustersEvent } from './issue-clusters.events';

const now = new Date('2026-01-01T00:00:00.000Z');
const cluster = (conversationId: string, ingestionId: string, issues: Array<[string, string]>, removedIssueIds: string[] = []): IssueClustersCommand => ({
  type: 'ClusterIssues',
  organizationId: 'o1',
  conversationId,
  ingestionId,
  source: 'email',
  reportedAt: now.toISOString(),
  issues: issues.map(([issueId, title]) => ({ issueId, title, summary: title, impact: 'low' })),
  removedIssueIds,
});
const decideAll = (commands: IssueClustersCommand[]) => {
  const events: IssueClustersEvent[] = [];
  for (const c of commands) events.push(...issueClustersDecider.decide(c, fold(issueClustersDecider, events), now));
  return events;
};
const placed = (events: IssueClustersEvent[]) =>
  Object.fromEntries(events.flatMap((e) => (e.type === 'ConversationIssueClustered' ? [[e.data.issueId, e.data.clusterId]] : [])));

describe('issue clusters decider', () => {
  it('a first issue starts a cluster; a similar one joins it (similarity recorded); a different one starts another', () => {
    const events = decideAll([
      cluster('c1', 'i1', [['a', 'Webhook signature verification is not documented']]),
      cluster('c2', 'i2', [['b', 'How to verify the webhook signature is missing from the docs']]),
      cluster('c3', 'i3', [['c', 'SAML certificate screen in the SSO guide is outdated']]),
    ]);
    const p = placed(events);
    expect(p.a).toBe(p.b);
    expect(p.c).not.toBe(p.a);
    const joined = events.find((e) => e.type === 'ConversationIssueClustered' && e.data.issueId === 'b')!;
    expect(joined.data).toMatchObject({ created: false });
    expect((joined.data as { similarity: number }).similarity).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
  });
  it('never moves what is placed, and a retried ingestion decides nothing new', () => {
    const first = decideAll([cluster('c1', 'i1', [['a', 'Webhook signature docs missing']])]);
    given(issueClustersDecider, ...first)
      .whenCommand(cluster('c1', 'i1', [['a', 'Webhook signature docs missing']]), now)
      .thenNothing();
  });
  it('a re-ingestion takes out the issues it no longer has (an emptied cluster is gone) and places the changed ones again', () => {
    const first = decideAll([
      cluster('c1', 'i1', [
        ['a', 'Webhook signature docs missing'],
        ['b', 'Billing invoice page typo'],
      ]),
    ]);
    const again = issueClustersDecider.decide(cluster('c1', 'i2', [['a', 'Webhook signature docs missing']], ['b']), fold(issueClustersDecider, first), now);
    expect(again.map((e) => `${e.type} ${'issueId' in e.data ? e.data.issueId : ''}`)).toEqual([
      'ConversationIssueUnclustered b',
      'ConversationIssueUnclustered a',
      'ConversationIssueClustered a',
    ]);
    const state = fold(issueClustersDecider, [...first, ...again]);
    expect(state.index.clusters.size).toBe(1);
  });
  it('deciding leaves the folded state untouched (the scratch placements are rolled back)', () => {
    const first = decideAll([cluster('c1', 'i1', [['a', 'Webhook signature docs missing']])]);
    const state = fold(issueClustersDecider, first);
    const before = JSON.stringify([...state.index.clusters.entries()].map(([k, v]) => [k, [...v.counts], v.norm, v.issues]));
    issueClustersDecider.decide(
      cluster('c2', 'i2', [
        ['x', 'Webhook signature example wrong'],
        ['y', 'Another topic entirely about fonts'],
      ]),
      state,
      now,
    );
    expect(JSON.stringify([...state.index.clusters.entries()].map(([k, v]) => [k, [...v.counts], v.norm, v.issues]))).toBe(before);
    expect(state.issues.get('x')).toBeUndefined();
  });
  it('mutes and unmutes a cluster; the same value again is nothing; an unknown cluster is 404', () => {
    const first = decideAll([cluster('c1', 'i1', [['a', 'Webhook signature docs missing']])]);
    const id = placed(first).a;
    const muted: IssueClustersEvent = {
      type: 'ConversationsClusterMuteChanged',
      data: { organizationId: 'o1', clusterId: id, muted: true, changedAt: now.toISOString() },
    };
    given(issueClustersDecider, ...first)
      .whenCommand({ type: 'ChangeMuted', organizationId: 'o1', clusterId: id, muted: true }, now)
      .then([muted]);
    given(issueClustersDecider, ...first, muted)
      .whenCommand({ type: 'ChangeMuted', organizationId: 'o1', clusterId: id, muted: true }, now)
      .thenNothing();
    given(issueClustersDecider, ...first)
      .whenCommand({ type: 'ChangeMuted', organizationId: 'o1', clusterId: 'nope', muted: true }, now)
      .thenThrows(ConversationsClusterNotFound);
  });
});
