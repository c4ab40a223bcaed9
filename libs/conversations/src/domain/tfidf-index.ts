import { termCounts } from './text-terms';

/**
 * Incremental TF-IDF over clusters: each cluster is the sum of its issues' term counts, scored
 * against a new issue by cosine similarity with smoothed IDF weights. Adding or removing one
 * issue updates only its cluster, the document frequencies and the postings (term → clusters),
 * so assigning an issue costs the clusters that share a term with it, never a re-clustering.
 * It is a plain mutable structure owned by the clusters decider's fold (see issue-clusters.ts).
 */
export interface ClusterVector {
  counts: Map<string, number>;
  /** Euclidean norm of the TF-IDF vector, as of the cluster's last change. */
  norm: number;
  issues: number;
}

export class TfIdfIndex {
  readonly clusters = new Map<string, ClusterVector>();
  private readonly postings = new Map<string, Set<string>>();
  private readonly df = new Map<string, number>();
  private docs = 0;
  /** While a scratch decision runs: what to restore (begin/rollback). */
  private journal: { clusters: Map<string, ClusterVector | null>; df: Map<string, number | undefined>; docs: number } | null = null;

  /** Starts recording changes, so that `rollback` restores the index exactly (norms included). */
  begin(): void {
    this.journal = { clusters: new Map(), df: new Map(), docs: this.docs };
  }

  rollback(): void {
    const j = this.journal;
    this.journal = null;
    if (!j) return;
    this.docs = j.docs;
    for (const [t, df] of j.df) {
      if (df === undefined) this.df.delete(t);
      else this.df.set(t, df);
    }
    for (const [id, before] of j.clusters) {
      for (const t of this.clusters.get(id)?.counts.keys() ?? []) this.postings.get(t)?.delete(id);
      if (before) {
        this.clusters.set(id, before);
        for (const t of before.counts.keys()) this.post(t, id);
      } else this.clusters.delete(id);
    }
  }

  idf(term: string): number {
    return Math.log((this.docs + 1) / ((this.df.get(term) ?? 0) + 1)) + 1;
  }

  /** The most similar non-empty cluster (ties: the smaller id), or null when none shares a term. */
  nearest(words: readonly string[]): { clusterId: string; similarity: number } | null {
    const q = termCounts(words);
    let qNorm = 0;
    const dots = new Map<string, number>();
    for (const [t, n] of q) {
      const w = n * this.idf(t);
      qNorm += w * w;
      for (const c of this.postings.get(t) ?? []) {
        const v = this.clusters.get(c)!;
        dots.set(c, (dots.get(c) ?? 0) + w * (v.counts.get(t) ?? 0) * this.idf(t));
      }
    }
    let best: { clusterId: string; similarity: number } | null = null;
    for (const [c, dot] of dots) {
      const v = this.clusters.get(c)!;
      if (v.issues === 0 || v.norm === 0 || qNorm === 0) continue;
      const similarity = dot / (Math.sqrt(qNorm) * v.norm);
      if (!best || similarity > best.similarity || (similarity === best.similarity && c < best.clusterId)) best = { clusterId: c, similarity };
    }
    return best;
  }

  add(clusterId: string, words: readonly string[]): void {
    this.change(clusterId, words, 1);
  }

  remove(clusterId: string, words: readonly string[]): void {
    this.change(clusterId, words, -1);
  }

  private change(clusterId: string, words: readonly string[], sign: 1 | -1): void {
    const found = this.clusters.get(clusterId);
    if (this.journal && !this.journal.clusters.has(clusterId))
      this.journal.clusters.set(clusterId, found ? { counts: new Map(found.counts), norm: found.norm, issues: found.issues } : null);
    const v = found ?? { counts: new Map<string, number>(), norm: 0, issues: 0 };
    this.clusters.set(clusterId, v);
    v.issues += sign;
    this.docs += sign;
    for (const [t, n] of termCounts(words)) {
      if (this.journal && !this.journal.df.has(t)) this.journal.df.set(t, this.df.get(t));
      const df = (this.df.get(t) ?? 0) + sign;
      if (df > 0) this.df.set(t, df);
      else this.df.delete(t);
      const count = (v.counts.get(t) ?? 0) + sign * n;
      if (count > 0) {
        v.counts.set(t, count);
        this.post(t, clusterId);
      } else {
        v.counts.delete(t);
        this.postings.get(t)?.delete(clusterId);
      }
    }
    // An emptied cluster is gone: it is not a candidate, and the read model drops it too.
    if (v.issues <= 0) {
      this.clusters.delete(clusterId);
      return;
    }
    let sum = 0;
    for (const [t, n] of v.counts) sum += (n * this.idf(t)) ** 2;
    v.norm = Math.sqrt(sum);
  }

  private post(term: string, clusterId: string): void {
    let set = this.postings.get(term);
    if (!set) this.postings.set(term, (set = new Set()));
    set.add(clusterId);
  }
}
