import { Impact, IssueEvidence } from '../../domain/conversation.events';
import { terms } from '../../domain/text-terms';
import { IMPACT_RULES, SENTENCE_RULES } from './extraction-rules';
import { ConversationText, FoundIssue, IssueExtractor } from './issue-extractor.port';
import { sentences } from './sentences';

const MAX_ISSUES = 3;
const TITLE_MAX = 100;
const SUMMARY_MAX = 1000;
const DOC_RULES = ['docs-missing', 'docs-wrong'];
const SEVERE = ['blocking', 'data-loss', 'regression', 'repeated-failure'];

interface Candidate {
  evidence: IssueEvidence[];
  text: string[];
  docs: boolean;
}

const matched = (sentence: string, rules: Record<string, RegExp>) => Object.keys(rules).filter((r) => rules[r].test(sentence));

function jaccard(a: string[], b: string[]): number {
  const x = new Set(a);
  const y = new Set(b);
  let both = 0;
  for (const t of x) if (y.has(t)) both++;
  return both === 0 ? 0 : both / (x.size + y.size - both);
}

/** Only the users' messages count: what the team answers is not a reader's problem. */
function candidates(c: ConversationText): Candidate[] {
  const out: Candidate[] = [];
  c.parts.forEach((part, index) => {
    if (part.role !== 'user') return;
    const all = sentences(part.body).map((sentence) => ({ sentence, rules: matched(sentence, SENTENCE_RULES) }));
    const rulesOf = new Set(all.flatMap((s) => s.rules));
    const docs = all.some((s) => s.rules.some((r) => DOC_RULES.includes(r)));
    // A problem counts with an error message or a failed expectation somewhere in the same message.
    const trouble = rulesOf.has('problem') && (rulesOf.has('error-message') || rulesOf.has('failed-expectation'));
    if (!docs && !trouble) return;
    const evidence = all.filter((s) => s.rules.length > 0).map((s) => ({ part: index, sentence: s.sentence, rules: s.rules }));
    out.push({ evidence, text: all.map((s) => s.sentence), docs });
  });
  return out;
}

/** Follow-ups on the same problem join it; a message about another documentation gap is another issue. */
function grouped(list: Candidate[]): Candidate[] {
  const issues: Candidate[] = [];
  for (const c of list) {
    const words = terms(c.evidence.map((e) => e.sentence).join(' '));
    const same = issues.find((i) => !c.docs || jaccard(terms(i.evidence.map((e) => e.sentence).join(' ')), words) >= 0.15);
    if (same) {
      same.evidence.push(...c.evidence);
      same.text.push(...c.text);
      same.docs ||= c.docs;
    } else if (issues.length < MAX_ISSUES) issues.push({ ...c, evidence: [...c.evidence], text: [...c.text] });
  }
  return issues;
}

/**
 * The contract's impact classes from explicit signals in the users' words: blocking, data loss,
 * regression or repeated failures make it high, unless a workaround is mentioned (then medium);
 * a failure (error, failed expectation) is medium unless only minor friction is described; a
 * documentation gap without failure is low.
 */
export function impactOf(text: string[], evidenceRules: Set<string>): { impact: Impact; rules: string[] } {
  const joined = text.join(' ');
  const signals = Object.keys(IMPACT_RULES).filter((r) => IMPACT_RULES[r].test(joined));
  const severe = signals.some((s) => SEVERE.includes(s));
  const workaround = signals.includes('workaround');
  const failure = evidenceRules.has('problem') || evidenceRules.has('error-message') || evidenceRules.has('failed-expectation');
  if (severe && !workaround) return { impact: 'high', rules: signals };
  if (severe || (failure && !signals.includes('minor'))) return { impact: 'medium', rules: signals.length ? signals : ['failure'] };
  return { impact: 'low', rules: signals.length ? signals : ['documentation-gap'] };
}

const GREETING = /^(hi|hello|hey|dear|good (morning|afternoon|evening))\b[^,.!]*[,.!]\s*/i;

export function titleOf(sentence: string): string {
  const s = sentence.replace(GREETING, '').replace(/\s+/g, ' ').trim();
  const t = s.charAt(0).toUpperCase() + s.slice(1);
  if (t.length <= TITLE_MAX) return t;
  const cut = t.slice(0, TITLE_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}…`;
}

/**
 * The default extractor: deterministic rules over the users' messages, needing no service.
 * A documentation issue is a message that says the documentation is missing, wrong or unclear,
 * or that states a problem together with an error message or a failed expectation. Every issue
 * keeps the sentences and rules that produced it (its evidence) and the impact signals found.
 */
export class RuleIssueExtractor extends IssueExtractor {
  readonly name = 'rules';

  extract(c: ConversationText): Promise<FoundIssue[]> {
    return Promise.resolve(
      grouped(candidates(c)).map((g) => {
        const primary =
          g.evidence.find((e) => e.rules.some((r) => DOC_RULES.includes(r))) ?? g.evidence.find((e) => e.rules.includes('problem')) ?? g.evidence[0];
        const { impact, rules } = impactOf(g.text, new Set(g.evidence.flatMap((e) => e.rules)));
        const summary = g.evidence.map((e) => e.sentence).join(' ');
        return {
          title: titleOf(primary.sentence),
          summary: summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX - 1)}…` : summary,
          impact,
          impactRules: rules,
          evidence: g.evidence,
        };
      }),
    );
  }
}
