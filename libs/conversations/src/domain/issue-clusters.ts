import { createHash } from 'crypto';
import { Decider, NotFound, unreachable } from '@app/platform';
import { Impact } from './conversation.events';
import { IssueClustersEvent } from './issue-clusters.events';
import { terms } from './text-terms';
import { TfIdfIndex } from './tfidf-index';

/** An issue joins the nearest cluster at or above this cosine similarity, else starts one (chosen by hand; on the evaluation set, libs/conversations/eval, it gives 96 % purity). */
export const SIMILARITY_THRESHOLD = 0.3;

export interface Placement {
  clusterId: string;
  terms: string[];
  ingestionId: string;
  conversationId: string;
}
/** Where each issue is (the part of Map the fold uses, so a decision can overlay it). */
export interface Placements {
  get(issueId: string): Placement | undefined;
  set(issueId: string, p: Placement): unknown;
  delete(issueId: string): unknown;
}
export interface ClustersState {
  index: TfIdfIndex;
  issues: Placements;
  muted: Set<string>;
}

/** Changes over a base map, leaving the base untouched (a decision's scratch placements). */
class Overlay implements Placements {
  private readonly changes = new Map<string, Placement | null>();
  constructor(private readonly base: Placements) {}
  get(id: string) {
    return this.changes.has(id) ? (this.changes.get(id) ?? undefined) : this.base.get(id);
  }
  set(id: string, p: Placement) {
    this.changes.set(id, p);
  }
  delete(id: string) {
    this.changes.set(id, null);
  }
}

export interface IssueToCluster {
  issueId: string;
  title: string;
  summary: string;
  impact: Impact;
}
export type IssueClustersCommand =
  | {
      type: 'ClusterIssues';
      organizationId: string;
      conversationId: string;
      ingestionId: string;
      source: string;
      reportedAt: string;
      issues: IssueToCluster[];
      removedIssueIds: string[];
    }
  | { type: 'ChangeMuted'; organizationId: string; clusterId: string; muted: boolean };

export class ConversationsClusterNotFound extends NotFound {
  constructor(clusterId: string) {
    super(`No conversations issues cluster with id ${JSON.stringify(clusterId)} in this organization`);
  }
}

const newClusterId = (organizationId: string, issueId: string, ingestionId: string) =>
  createHash('sha256').update(`${organizationId}\u0000${issueId}\u0000${ingestionId}`).digest('hex').slice(0, 20);

/**
 * The issue clusters of an organization, decided incrementally: each new issue joins the most
 * similar cluster (TF-IDF cosine, SIMILARITY_THRESHOLD) or starts one; nothing already placed
 * moves. Decisions are facts in the stream, so replays and read models never re-run the
 * similarity. The folded state is a mutable index owned by its fold: `initialState` is a
 * getter giving a fresh one, and evolve changes and returns the state it is given (copying
 * every cluster per event would make a 100,000-issue stream quadratic).
 */
export const issueClustersDecider: Decider<ClustersState, IssueClustersCommand, IssueClustersEvent> = {
  get initialState(): ClustersState {
    return { index: new TfIdfIndex(), issues: new Map<string, Placement>(), muted: new Set() };
  },
  evolve(s, e) {
    switch (e.type) {
      case 'ConversationIssueClustered': {
        const { issueId, clusterId, terms: words, ingestionId, conversationId } = e.data;
        s.index.add(clusterId, words);
        s.issues.set(issueId, { clusterId, terms: words, ingestionId, conversationId });
        return s;
      }
      case 'ConversationIssueUnclustered': {
        const placed = s.issues.get(e.data.issueId);
        if (placed) s.index.remove(placed.clusterId, placed.terms);
        s.issues.delete(e.data.issueId);
        return s;
      }
      case 'ConversationsClusterMuteChanged':
        if (e.data.muted) s.muted.add(e.data.clusterId);
        else s.muted.delete(e.data.clusterId);
        return s;
      default:
        return unreachable(e);
    }
  },
  decide(c, s, now) {
    const at = now.toISOString();
    switch (c.type) {
      case 'ClusterIssues':
        return decideClustering(c, s, at);
      case 'ChangeMuted': {
        if (!s.index.clusters.has(c.clusterId)) throw new ConversationsClusterNotFound(c.clusterId);
        if (s.muted.has(c.clusterId) === c.muted) return [];
        return [{ type: 'ConversationsClusterMuteChanged', data: { organizationId: c.organizationId, clusterId: c.clusterId, muted: c.muted, changedAt: at } }];
      }
      default:
        return unreachable(c);
    }
  },
};

/**
 * Issues of one processed ingestion: those it no longer has leave their clusters; those already
 * placed for this ingestion stay (a retried processing); the others (new, or re-extracted from
 * new content) are placed one after the other, each seeing the ones before it. Decided on the
 * index with a journal rolled back at the end, so the fold only changes when the events commit.
 */
function decideClustering(c: Extract<IssueClustersCommand, { type: 'ClusterIssues' }>, s: ClustersState, at: string): IssueClustersEvent[] {
  const { organizationId, conversationId, ingestionId, source, reportedAt } = c;
  const events: IssueClustersEvent[] = [];
  const scratch = { index: s.index, issues: new Overlay(s.issues), muted: s.muted };
  const place = (e: IssueClustersEvent) => {
    events.push(e);
    issueClustersDecider.evolve(scratch, e);
  };
  const unplace = (issueId: string) => {
    const placed = scratch.issues.get(issueId);
    if (placed)
      place({
        type: 'ConversationIssueUnclustered',
        data: { organizationId, clusterId: placed.clusterId, issueId, conversationId: placed.conversationId, unclusteredAt: at },
      });
  };
  s.index.begin();
  try {
    for (const id of c.removedIssueIds) unplace(id);
    for (const issue of c.issues) {
      if (scratch.issues.get(issue.issueId)?.ingestionId === ingestionId) continue;
      unplace(issue.issueId);
      const words = terms(`${issue.title} ${issue.title} ${issue.summary}`);
      const near = scratch.index.nearest(words);
      const joins = near && near.similarity >= SIMILARITY_THRESHOLD;
      const clusterId = joins ? near.clusterId : newClusterId(organizationId, issue.issueId, ingestionId);
      const e: IssueClustersEvent = {
        type: 'ConversationIssueClustered',
        data: {
          organizationId,
          clusterId,
          created: !joins,
          similarity: joins ? Math.round(near.similarity * 1000) / 1000 : 1,
          issueId: issue.issueId,
          conversationId,
          ingestionId,
          terms: words,
          title: issue.title,
          impact: issue.impact,
          source,
          reportedAt,
          clusteredAt: at,
        },
      };
      place(e);
    }
  } finally {
    // The scratch placements are undone: the fold applies the events once they are appended.
    s.index.rollback();
  }
  return events;
}
