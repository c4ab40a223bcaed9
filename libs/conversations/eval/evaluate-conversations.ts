import { RuleIssueExtractor } from '../src/application/extraction/rule-issue-extractor';
import { FoundIssue, IssueExtractor } from '../src/application/extraction/issue-extractor.port';
import { Impact, IMPACTS } from '../src/domain/conversation.events';
import { issueClustersDecider } from '../src/domain/issue-clusters';
import { EvalConversation, EvalIssue, loadEvalSet } from './eval-set';

/**
 * `npm run eval:conversations [-- --verbose]`: runs the default (rules) extractor and the
 * incremental clustering in this process over the labelled set (conversations.jsonl) and prints
 * precision/recall of issue detection (per conversation and per issue), impact accuracy, and
 * cluster purity. A found issue matches an expected one when its evidence lies in the messages
 * that state the expected issue (from its user message to the next expected issue's message).
 */
interface Matched {
  expected: EvalIssue;
  found: FoundIssue;
  issueId: string;
}

const ratio = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}% (${n}/${d})`);

function match(c: EvalConversation, found: FoundIssue[]): { matched: Matched[]; unmatched: FoundIssue[] } {
  const starts = c.expected.issues.map((e) => e.part).sort((a, b) => a - b);
  const rangeOf = (e: EvalIssue) => [e.part, starts.find((s) => s > e.part) ?? Infinity];
  const left = [...found];
  const matched: Matched[] = [];
  for (const e of c.expected.issues) {
    const [from, to] = rangeOf(e);
    const i = left.findIndex((f) => f.evidence.some((ev) => ev.part >= from && ev.part < to));
    if (i >= 0) matched.push({ expected: e, found: left.splice(i, 1)[0], issueId: `${c.id}#${matched.length}` });
  }
  return { matched, unmatched: left };
}

export async function evaluate(extractor: IssueExtractor, set: EvalConversation[], verbose: boolean): Promise<string[]> {
  const convo = { tp: 0, fp: 0, fn: 0, tn: 0 };
  let expectedIssues = 0;
  let foundIssues = 0;
  const pairs: Matched[] = [];
  const confusion = new Map<string, number>();
  const byImpact = new Map<Impact, { expected: number; found: number }>(IMPACTS.map((i) => [i, { expected: 0, found: 0 }]));
  const notes: string[] = [];
  // Clustering as the server does it: one ClusterIssues decision per processed conversation, in ingestion order.
  let state = issueClustersDecider.initialState;
  const clusterOf = new Map<string, string>();
  const now = new Date('2026-11-24T00:00:00.000Z');
  for (const c of set) {
    const found = await extractor.extract({ subject: c.subject, parts: c.parts });
    const expected = c.expected.issues;
    expectedIssues += expected.length;
    foundIssues += found.length;
    if (expected.length && found.length) convo.tp++;
    else if (found.length) convo.fp++;
    else if (expected.length) convo.fn++;
    else convo.tn++;
    const { matched, unmatched } = match(c, found);
    for (const e of expected) byImpact.get(e.impact)!.expected++;
    for (const m of matched) {
      byImpact.get(m.expected.impact)!.found++;
      const key = `${m.expected.impact}->${m.found.impact}`;
      confusion.set(key, (confusion.get(key) ?? 0) + 1);
    }
    pairs.push(...matched);
    if (verbose) {
      for (const u of unmatched) notes.push(`  FP ${c.id} [${c.metadata.attributes.kind}] ${u.impact}: ${u.title}`);
      for (const e of expected.filter((x) => !matched.some((m) => m.expected === x))) notes.push(`  FN ${c.id} ${e.cluster} ${e.impact}`);
      for (const m of matched.filter((x) => x.expected.impact !== x.found.impact))
        notes.push(`  impact ${c.id} ${m.expected.cluster}: expected ${m.expected.impact}, got ${m.found.impact} (${m.found.impactRules.join(',')})`);
    }
    const issues = [...matched.map((m) => ({ id: m.issueId, f: m.found })), ...unmatched.map((f, i) => ({ id: `${c.id}#u${i}`, f }))];
    if (!issues.length) continue;
    const events = issueClustersDecider.decide(
      {
        type: 'ClusterIssues',
        organizationId: 'eval',
        conversationId: c.id,
        ingestionId: c.id,
        source: 'eval',
        reportedAt: c.metadata.createdAt,
        issues: issues.map(({ id, f }) => ({ issueId: id, title: f.title, summary: f.summary, impact: f.impact })),
        removedIssueIds: [],
      },
      state,
      now,
    );
    for (const e of events) {
      state = issueClustersDecider.evolve(state, e);
      if (e.type === 'ConversationIssueClustered') clusterOf.set(e.data.issueId, e.data.clusterId);
    }
  }

  // Purity: each found cluster counts its most common expected label; inverse purity: each
  // expected label counts its largest share in one found cluster (low = a topic split apart).
  const table = new Map<string, Map<string, number>>();
  const inverse = new Map<string, Map<string, number>>();
  const bump = (m: Map<string, Map<string, number>>, a: string, b: string) => {
    const row = m.get(a) ?? new Map<string, number>();
    row.set(b, (row.get(b) ?? 0) + 1);
    m.set(a, row);
  };
  for (const p of pairs) {
    const cluster = clusterOf.get(p.issueId)!;
    bump(table, cluster, p.expected.cluster);
    bump(inverse, p.expected.cluster, cluster);
  }
  const majority = (m: Map<string, Map<string, number>>) => [...m.values()].reduce((n, row) => n + Math.max(...row.values()), 0);
  const impactRight = pairs.filter((p) => p.found.impact === p.expected.impact).length;
  const allClusters = new Set(clusterOf.values()).size;
  const p = convo.tp / (convo.tp + convo.fp);
  const r = convo.tp / (convo.tp + convo.fn);
  const ip = pairs.length / foundIssues;
  const ir = pairs.length / expectedIssues;
  const f1 = (a: number, b: number) => ((2 * a * b) / (a + b)).toFixed(3);
  return [
    `conversations evaluation: extractor=${extractor.name} set=${set.length} conversations (${set.filter((c) => !c.expected.issues.length).length} without a documentation issue), ${expectedIssues} expected issues`,
    `conversation detection: precision ${ratio(convo.tp, convo.tp + convo.fp)} recall ${ratio(convo.tp, convo.tp + convo.fn)} F1 ${f1(p, r)} (tn=${convo.tn})`,
    `issue detection: precision ${ratio(pairs.length, foundIssues)} recall ${ratio(pairs.length, expectedIssues)} F1 ${f1(ip, ir)}`,
    `recall by expected impact: ${IMPACTS.map((i) => `${i} ${ratio(byImpact.get(i)!.found, byImpact.get(i)!.expected)}`).join(', ')}`,
    `impact accuracy (matched issues): ${ratio(impactRight, pairs.length)}`,
    `impact confusion (expected->found): ${IMPACTS.flatMap((a) => IMPACTS.map((b) => `${a[0]}->${b[0]} ${confusion.get(`${a}->${b}`) ?? 0}`)).join(', ')}`,
    `cluster purity (matched issues): ${ratio(majority(table), pairs.length)}; inverse purity ${ratio(majority(inverse), pairs.length)}; ${table.size} found clusters for ${inverse.size} expected labels (${allClusters} clusters over all ${clusterOf.size} found issues)`,
    ...notes,
  ];
}

if (require.main === module) {
  const verbose = process.argv.includes('--verbose');
  evaluate(new RuleIssueExtractor(), loadEvalSet(), verbose).then(
    (lines) => process.stdout.write(lines.join('\n') + '\n'),
    (e: Error) => {
      process.stderr.write(`eval failed: ${e.stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
}
