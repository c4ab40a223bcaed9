import * as http from 'http';
import * as https from 'https';
import { IMPACTS, Impact } from '../../domain/conversation.events';
import { ConversationText, FoundIssue, IssueExtractor } from './issue-extractor.port';
import { plainText } from './sentences';

export interface LlmOptions {
  url: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const MAX_PROMPT_CHARS = 60_000;

export const EXTRACTION_PROMPT = [
  'You read a support or community conversation about a product and find the DOCUMENTATION issues it reveals:',
  'missing, wrong, outdated or unclear documentation, or problems (errors, failed expectations) a reader hit that the documentation should prevent.',
  'Only what the users (role "user") say counts. A conversation without such a problem has no issue.',
  'Impact: "low" = minor friction; "medium" = noticeable friction or partial blocking with workarounds;',
  '"high" = fully or near-fully blocking, severe regression, repeated failures or data-loss risk with no workaround.',
  'Answer with JSON {"issues": [{"title": string (max 100 chars), "summary": string, "impact": "low"|"medium"|"high", "quotes": [exact sentences of the users that show it]}]}.',
].join('\n');

/** Failure of the extraction service: the processing retries later (the scheduler's backoff). */
export class ExtractorFailed extends Error {}

/**
 * Issue extraction by an OpenAI-compatible chat completions endpoint (`POST {url}/chat/completions`,
 * JSON answer). Its evidence is the quotes the model gives, rule `llm`; the key never appears in
 * messages or events.
 */
export class LlmIssueExtractor extends IssueExtractor {
  readonly name: string;
  private readonly endpoint: URL;

  constructor(private readonly options: LlmOptions) {
    super();
    this.endpoint = new URL(`${options.url.replace(/\/+$/, '')}/chat/completions`);
    this.name = `llm:${options.model}`;
  }

  async extract(c: ConversationText): Promise<FoundIssue[]> {
    const transcript = JSON.stringify({ subject: c.subject, parts: c.parts.map((p) => ({ role: p.role, body: plainText(p.body) })) }).slice(
      0,
      MAX_PROMPT_CHARS,
    );
    const answer = (await this.post({
      model: this.options.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: EXTRACTION_PROMPT },
        { role: 'user', content: transcript },
      ],
    })) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = answer?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new ExtractorFailed(`${this.shown()}: the answer has no choices[0].message.content`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
    } catch {
      throw new ExtractorFailed(`${this.shown()}: the answer is not the JSON object asked for`);
    }
    const issues = (parsed as { issues?: unknown })?.issues;
    if (!Array.isArray(issues)) throw new ExtractorFailed(`${this.shown()}: the answer has no "issues" array`);
    return issues.slice(0, 5).flatMap((i) => this.issue(i, c));
  }

  /** A model's issue, checked: a title is needed; an unknown impact reads as medium; quotes are kept only if the users said them. */
  private issue(raw: unknown, c: ConversationText): FoundIssue[] {
    const i = (raw ?? {}) as Record<string, unknown>;
    if (typeof i.title !== 'string' || !i.title.trim()) return [];
    const impact: Impact = IMPACTS.includes(i.impact as Impact) ? (i.impact as Impact) : 'medium';
    const users = c.parts.map((p, index) => ({ index, text: p.role === 'user' ? plainText(p.body) : '' }));
    const quotes = Array.isArray(i.quotes) ? i.quotes.filter((q): q is string => typeof q === 'string' && q.trim().length > 0) : [];
    const evidence = quotes.flatMap((q) => {
      const at = users.find((u) => u.text.includes(q.trim()));
      return at ? [{ part: at.index, sentence: q.trim().slice(0, 500), rules: ['llm'] }] : [];
    });
    const summary = typeof i.summary === 'string' ? i.summary : i.title;
    return [{ title: i.title.trim().slice(0, 100), summary: summary.slice(0, 1000), impact, impactRules: [`llm:${impact}`], evidence }];
  }

  private shown() {
    return `the extraction endpoint ${this.endpoint.protocol}//${this.endpoint.host}${this.endpoint.pathname}`;
  }

  private post(body: unknown): Promise<unknown> {
    const text = JSON.stringify(body);
    const lib = this.endpoint.protocol === 'https:' ? https : http;
    const key = this.options.apiKey;
    const fail = (what: string) => new ExtractorFailed(key ? `${this.shown()}: ${what}`.split(key).join('***') : `${this.shown()}: ${what}`);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        req.destroy();
        reject(fail(`no complete answer within ${this.options.timeoutMs} ms (CONVERSATIONS_OPENAI_TIMEOUT_MS)`));
      }, this.options.timeoutMs);
      const done = (f: () => void) => {
        clearTimeout(timer);
        f();
      };
      const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) };
      if (key) headers.authorization = `Bearer ${key}`;
      const req = lib.request(this.endpoint, { method: 'POST', agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (ch: Buffer) => {
          size += ch.length;
          if (size > MAX_ANSWER_BYTES) {
            res.destroy();
            done(() => reject(fail(`answered more than ${MAX_ANSWER_BYTES} bytes`)));
          } else chunks.push(ch);
        });
        res.on('error', (e) => done(() => reject(fail(`the answer broke off (${e.message})`))));
        res.on('end', () =>
          done(() => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status < 200 || status > 299) return reject(fail(`answered ${status}`));
            try {
              resolve(JSON.parse(raw));
            } catch {
              reject(fail(`answered ${status} with a body that is not JSON`));
            }
          }),
        );
      });
      req.on('error', (e) => done(() => reject(fail(`cannot be reached (${e.message})`))));
      req.end(text);
    });
  }
}
