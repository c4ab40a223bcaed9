import { loadEvalSet } from '../libs/conversations/eval/eval-set';
import { runAlone, startBenchServer } from './http';
import { ms, percentile } from './stats';

/**
 * Conversations run (`npm run bench -- conversations`): the real server (main.ts) in its own
 * process on a fresh data folder ingests 100,000 conversations through the API (POST
 * /v1/orgs/{org}/conversations with arrays of 100, a few requests in flight) and processes them
 * with the default (rules) extractor and the incremental clusters of one organization. The
 * texts are the labelled evaluation set's (libs/conversations/eval), cycled, each copy with its
 * own id and a ticket reference. Measured: ingestion throughput (client side, until the last 204),
 * processing throughput (server side: first createdAt to last processedAt) and the time from
 * ingestion to `processedAt` of every conversation (server timestamps: createdAt is the ingestion
 * time when the metadata gives none). Bounded: ingestion stops after 8 minutes and processing is
 * awaited 10 minutes at most; the line then reports what was reached.
 */
const DEFAULT_TOTAL = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const BATCH = 100;
const IN_FLIGHT = 4;
const INGEST_BUDGET_MS = 8 * 60_000;
const PROCESS_BUDGET_MS = Number(process.env.BENCH_PROCESS_BUDGET_MS ?? 10 * 60_000);

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

interface Listed {
  id: string;
  createdAt: string;
  processedAt?: string;
}

/** `total`: how many conversations (the full `npm run bench` passes fewer; BENCH_CONVERSATIONS overrides both). */
export async function runConversationsBench(options: { total?: number } = {}): Promise<{ line: string; details: string[] }> {
  const TOTAL = process.env.BENCH_CONVERSATIONS ? DEFAULT_TOTAL : (options.total ?? DEFAULT_TOTAL);
  const bench = await startBenchServer('conversations');
  const { baseUrl, organizationId, token } = bench;
  try {
    const call = async (method: string, url: string, payload?: unknown): Promise<any> => {
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${baseUrl}/v1/orgs/${organizationId}${url}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: payload === undefined ? undefined : JSON.stringify(payload),
        });
        const text = await res.text();
        // Shed before doing anything: retried after the server's Retry-After.
        if (res.status === 503 && attempt < 30 && text.includes('The server is overloaded')) {
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
          continue;
        }
        if (res.status >= 300) throw new Error(`${method} ${url} -> ${res.status}: ${text.slice(0, 500)}`);
        return text ? JSON.parse(text) : undefined;
      }
    };

    const set = loadEvalSet();
    const conversation = (i: number) => {
      const c = set[i % set.length];
      const [first, ...rest] = c.parts;
      return {
        id: `bench-${i}`,
        ...(c.subject !== null ? { subject: c.subject } : {}),
        parts: [{ ...first, body: `${first.body}\n\nTicket reference #${100_000 + i}.` }, ...rest],
        metadata: { url: c.metadata.url },
      };
    };

    // Ingestion: IN_FLIGHT loops taking the next batch of 100 until all are sent or time is up.
    const started = performance.now();
    let next = 0;
    let ingested = 0;
    let lastLog = 0;
    const loop = async () => {
      while (next < TOTAL && performance.now() - started < INGEST_BUDGET_MS) {
        const from = next;
        const count = Math.min(BATCH, TOTAL - from);
        next += count;
        await call(
          'POST',
          '/conversations',
          Array.from({ length: count }, (_, k) => conversation(from + k)),
        );
        ingested += count;
        if (ingested - lastLog >= 10_000) {
          lastLog = ingested;
          log(`conversations: ${ingested} ingested in ${ms(performance.now() - started)} ms`);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, loop));
    const ingestMs = performance.now() - started;
    log(`conversations: ${ingested} ingested in ${ms(ingestMs)} ms; waiting for processing`);

    // Processing: the list (1,000 a page) read again until every conversation has processedAt.
    const scan = async (): Promise<Listed[]> => {
      const all: Listed[] = [];
      let page: string | undefined;
      do {
        const body = (await call('GET', `/conversations?limit=1000${page ? `&page=${encodeURIComponent(page)}` : ''}`)) as {
          items: Listed[];
          next?: { page: string };
        };
        all.push(...body.items);
        page = body.next?.page;
      } while (page);
      return all;
    };
    const waitStarted = performance.now();
    let listed: Listed[] = [];
    for (;;) {
      listed = await scan();
      const done = listed.filter((c) => c.processedAt).length;
      log(`conversations: ${done} of ${listed.length} processed, ${ms(performance.now() - started)} ms after the first ingestion`);
      if (done >= ingested || performance.now() - waitStarted > PROCESS_BUDGET_MS) break;
      await new Promise((r) => setTimeout(r, 5_000));
    }
    const processed = listed.filter((c) => c.processedAt);
    const delays = processed.map((c) => Date.parse(c.processedAt!) - Date.parse(c.createdAt));
    // Loops, not Math.min(...list): 100,000 arguments would overflow the stack.
    const first = listed.reduce((m, c) => Math.min(m, Date.parse(c.createdAt)), Infinity);
    const last = processed.reduce((m, c) => Math.max(m, Date.parse(c.processedAt!)), -Infinity);
    const processedPerS = processed.length / ((last - first) / 1000);
    const clusters = (await call('GET', '/conversations-clusters?limit=0')) as { count: number };
    const issues = (await call('GET', '/conversations-issues?limit=0')) as { count: number };
    const complete = processed.length === TOTAL && ingested === TOTAL;
    return {
      line: `conversations: ingested=${ingested} ingest_per_s=${Math.round(ingested / (ingestMs / 1000))} processed_per_s=${Math.round(processedPerS)} p99_to_processed_ms=${ms(percentile(delays, 99))}${complete ? '' : ` processed=${processed.length} (incomplete)`}`,
      details: [
        `conversations: ${ingested} of ${TOTAL} ingested in batches of ${BATCH}, ${IN_FLIGHT} requests in flight, in ${ms(ingestMs)} ms (texts cycled from the ${set.length}-conversation evaluation set)`,
        `conversations: ${processed.length} processed (rules extractor, clusters of one organization) in ${ms(last - first)} ms from the first ingestion; ingest to processedAt p50 ${ms(percentile(delays, 50))} ms p99 ${ms(percentile(delays, 99))} ms max ${ms(delays.reduce((m, d) => Math.max(m, d), 0))} ms`,
        `conversations: ${issues.count} issues in ${clusters.count} clusters`,
      ],
    };
  } finally {
    await bench.stop();
  }
}

// `node -r ./test/support/register-ts.js bench/conversations.ts`: the conversations run alone, from the sources.
if (require.main === module) runAlone(runConversationsBench);
