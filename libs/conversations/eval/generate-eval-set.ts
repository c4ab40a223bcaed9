import * as fs from 'fs';
import * as path from 'path';
import { ConversationPart } from '../src/domain/conversation.events';
import { EvalConversation, EvalIssue } from './eval-set';
import { OTHERS } from './scenarios-other';
import { IssueCase, TOPICS } from './scenarios-issues';

/**
 * Writes libs/conversations/eval/conversations.jsonl from the hand-written scenarios: every
 * report is told twice (different tone and channel), some conversations carry two reports of the
 * same product, and about a third have no documentation problem. Labels come from the scenario
 * (what a reviewer decided when writing it), never from running an extractor. Deterministic:
 * `node -r ./test/support/register-ts.js libs/conversations/eval/generate-eval-set.ts`.
 */
type Tone = 'terse' | 'polite' | 'angry' | 'neutral';
type Channel = 'chat' | 'community' | 'email';

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(2026);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

const NAMES = ['Sam', 'Priya', 'Jonas', 'Aiko', 'Lucía', 'Tom', 'Fatima', 'Wei', 'Olga', 'Marcus', 'Chidi', 'Hannah', 'Rafael', 'Ines'];
const COMPANIES = ['Northwind', 'Blue Fern Studio', 'Acme Logistics', 'Kettle & Co', 'Orbit Health', 'Pine Labs', 'Sunday Bakery', 'Vantage HR'];
const OPEN: Record<Tone, string[]> = {
  terse: ['', ''],
  polite: ['Hi there, hope you are well.', 'Hello! Quick question for you.', 'Good morning,', 'Hi team, thanks for the great product.'],
  angry: ['Honestly this is really frustrating.', 'Third time I am writing about this kind of thing.', 'Not impressed, I have to say.', 'Ugh.'],
  neutral: ['Hi,', 'Hey,', 'Hello,', ''],
};
const CLOSE: Record<Tone, string[]> = {
  terse: ['', 'thx'],
  polite: ['Thanks so much for your help!', 'Many thanks in advance.', 'Thank you, and have a nice day.', 'Appreciate it!'],
  angry: ['Please sort this out.', 'I expect better for what we pay.', 'Can someone actually look at this?', 'Getting tired of this.'],
  neutral: ['Thanks.', 'Cheers', 'Let me know.', ''],
};
const TEAM_FIRST = [
  'Thanks for reaching out! Let me look into this for you.',
  'Sorry about that. Could you tell me which version you are on?',
  'Thanks for the report, I am checking with the team now.',
  'Hi! Thanks for the details. Can you share your account id so I can take a look?',
  'Thanks for flagging this. I have forwarded it to the right people.',
];
const TEAM_LAST = [
  'Thanks, I have passed this on to our documentation team.',
  'Got it, thanks for your patience. I will follow up by email.',
  'Thanks! I have logged this internally and will update you.',
  'Understood. I have opened a ticket with engineering for you.',
];
const TEAM_OTHER = [
  'Happy to help! Let me check.',
  'Thanks for getting in touch, I will take care of it.',
  'Thanks for your message!',
  'Of course, one moment please.',
];
const PLUS_ONE = ['+1, same here.', 'Seeing the same thing on our side.', 'Same for us, following this thread.', 'Bumping this, also affected.'];

function toned(text: string, tone: Tone, followUp = false): string {
  const open = followUp ? '' : pick(OPEN[tone]);
  const close = pick(CLOSE[tone]);
  let body = text;
  if (tone === 'terse') body = body.charAt(0).toLowerCase() + body.slice(1);
  // A greeting ending in a comma stands on its own line, as people write it.
  return `${open}${open.endsWith(',') ? '\n' : open ? ' ' : ''}${[body, close].filter(Boolean).join(' ')}`;
}

function emailBody(text: string, tone: Tone, name: string, company: string): string {
  const greet = tone === 'angry' ? 'To whom it may concern,' : pick(['Hello support team,', 'Dear support,', 'Hi,']);
  return `${greet}\n\n${toned(text, tone === 'angry' ? 'angry' : 'neutral')}\n\n${tone === 'terse' ? name : `Best regards,\n${name}\n${company}`}`;
}

let counter = 0;
const BASE = Date.parse('2026-11-20T12:00:00.000Z');

function conversation(
  product: string,
  subject: string,
  messages: Array<{ text: string; more?: string }>,
  kind: string,
): EvalConversation & { partsOf: number[] } {
  const tone = pick<Tone>(['terse', 'polite', 'angry', 'neutral']);
  const channel = pick<Channel>(['chat', 'community', 'email']);
  const name = pick(NAMES);
  const company = pick(COMPANIES);
  const slug = product.toLowerCase().replace(/[^a-z]+/g, '');
  const id = `eval-${String(++counter).padStart(3, '0')}`;
  const parts: ConversationPart[] = [];
  const partsOf: number[] = [];
  const user = (body: string) => parts.push({ type: 'message', role: 'user', body });
  const team = (body: string) => parts.push({ type: 'message', role: 'team-member', body });
  const doc = kind === 'issue';
  messages.forEach((m, i) => {
    partsOf.push(parts.length);
    if (channel === 'email' && i === 0) user(emailBody(m.text, tone, name, company));
    else user(toned(m.text, i === 0 ? tone : 'neutral', i > 0));
    if (channel === 'community' && i === 0 && doc && rand() < 0.5) user(pick(PLUS_ONE));
    team(pick(doc ? TEAM_FIRST : TEAM_OTHER));
    if (m.more) user(toned(m.more, tone === 'polite' ? 'polite' : 'neutral', true));
  });
  if (rand() < 0.5) team(pick(doc ? TEAM_LAST : TEAM_OTHER));
  const url =
    channel === 'email'
      ? `mailto:support@${slug}.example`
      : channel === 'community'
        ? `https://community.${slug}.example/t/${counter}`
        : `https://support.${slug}.example/chats/${1000 + counter}`;
  return {
    id,
    subject: channel === 'chat' ? null : subject,
    parts,
    metadata: {
      url,
      attributes: { product, channel, tone, kind },
      createdAt: new Date(BASE - Math.floor(rand() * 90) * 86_400_000 - Math.floor(rand() * 86_400) * 1000).toISOString(),
    },
    expected: { issues: [] },
    partsOf,
  };
}

const subjectOf = (text: string) => {
  const first = text.split(/(?<=[.?!])\s/)[0].replace(/[`"]/g, '');
  return first.length > 70 ? `${first.slice(0, 67)}...` : first;
};

const out: EvalConversation[] = [];
const issueOf = (label: string, c: IssueCase, part: number): EvalIssue => ({ cluster: label, impact: c.impact, part });
for (let round = 0; round < 2; round++)
  for (const topic of TOPICS)
    for (const c of topic.cases) {
      const conv = conversation(topic.product, subjectOf(c.text), [c], 'issue');
      conv.expected.issues.push(issueOf(topic.label, c, conv.partsOf[0]));
      out.push(strip(conv));
    }
// Two reports in one conversation: two topics of the same product, in two messages.
const byProduct = new Map<string, typeof TOPICS>();
for (const t of TOPICS) byProduct.set(t.product, [...(byProduct.get(t.product) ?? []), t]);
for (const [product, topics] of byProduct)
  for (let i = 0; i + 1 < topics.length && i < 4; i += 2) {
    const [a, b] = [topics[i], topics[i + 1]];
    const [ca, cb] = [pick(a.cases), pick(b.cases)];
    const conv = conversation(product, subjectOf(ca.text), [{ text: ca.text }, { text: `Also, unrelated: ${cb.text}` }], 'issue');
    conv.expected.issues.push(issueOf(a.label, ca, conv.partsOf[0]), issueOf(b.label, cb, conv.partsOf[1]));
    out.push(strip(conv));
  }
OTHERS.forEach((o, i) => {
  const rounds = i % 3 === 0 ? 2 : 1;
  for (let r = 0; r < rounds; r++) out.push(strip(conversation(o.product, subjectOf(o.text), [o], o.kind)));
});

function strip(c: EvalConversation & { partsOf?: number[] }): EvalConversation {
  const { partsOf: _p, ...rest } = c;
  return rest;
}

// Shuffled (seeded) so that cluster formation does not see every topic's reports in a row.
for (let i = out.length - 1; i > 0; i--) {
  const j = Math.floor(rand() * (i + 1));
  [out[i], out[j]] = [out[j], out[i]];
}
fs.writeFileSync(path.join(__dirname, 'conversations.jsonl'), out.map((c) => JSON.stringify(c)).join('\n') + '\n');
process.stdout.write(`wrote ${out.length} conversations (${out.filter((c) => c.expected.issues.length === 0).length} without a documentation issue)\n`);
