import { runAlone, startBenchServer } from './http';
import { ms, percentile } from './stats';

/**
 * Search run (`npm run bench -- search`): the real server (main.ts) in its own process on a fresh
 * data folder holds 10,000 pages in 4 spaces, written through the API (change requests of 50
 * pages, merged) and indexed by the search-index projection. Page text is drawn from a
 * vocabulary of 5,000 made-up words with a Zipf distribution (a few words on nearly every page,
 * most on few), ~300 words a page under 3 headings. Measured: client-observed latency of
 * searchSpaceContent and searchOrganizationContent queries of one to three words (drawn the
 * same way, so common words matching thousands of pages come up often; a third end in a
 * prefix), one at a time after a warm-up; repeated queries may be answered from the server's
 * cache of rankings (valid until the index changes), so the first-time requests are reported
 * apart. Budget (issue 13): p99 under 50 ms.
 */
const PAGES = 10_000;
const SPACES = 4;
const BATCH = 50;
const VOCABULARY = 5_000;
const WORDS_PER_PAGE = 300;
const WARMUP = 100;
const QUERIES = 1_000;

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** Deterministic pseudo-random numbers (mulberry32): every run writes the same pages. */
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

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'so', 'vi', 'den', 'mor', 'quel', 'stra', 'pli', 'zen', 'bro', 'fu', 'gar', 'hos'];
function vocabulary(rand: () => number): string[] {
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    const n = 2 + Math.floor(rand() * 3);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

/** Index of a word by Zipf's law (s = 1): word k comes up about 1/k as often as the first. */
function zipf(rand: () => number, n: number): number {
  const h = Math.log(n) + 0.5772;
  return Math.min(n - 1, Math.floor(Math.exp(rand() * h)) - 1);
}

function pageMarkdown(rand: () => number, words: string[]): string {
  const text = (count: number) => Array.from({ length: count }, () => words[zipf(rand, words.length)]).join(' ');
  const per = Math.floor(WORDS_PER_PAGE / 4);
  return [`${text(per)}.`, `## ${text(3)}`, `${text(per)}.`, `## ${text(2)}`, `${text(per)}.`, `### ${text(3)}`, `${text(per)}.`].join('\n\n');
}

export async function runSearchBench(): Promise<{ line: string; details: string[] }> {
  const bench = await startBenchServer('search');
  const { baseUrl, organizationId, token } = bench;
  try {
    /**
     * Writes of the load are retried when the server sheds them (it does so before doing
     * anything); a write whose answer waited too long for the read models is done already.
     */
    const call = async (method: string, url: string, payload?: unknown, retry = false): Promise<any> => {
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${baseUrl}/v1${url}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: payload === undefined ? undefined : JSON.stringify(payload),
        });
        const json: unknown = await res.json();
        const message = (json as { error?: { message?: string } }).error?.message ?? '';
        if (res.status === 503 && retry && attempt < 30 && message.startsWith('The server is overloaded')) {
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
          continue;
        }
        // Done, but the read models had not caught up within the bound: the load goes on.
        if (res.status === 503 && retry && message.startsWith('The read models have not caught up')) return json;
        if (res.status >= 300) throw new Error(`${method} ${url} -> ${res.status}: ${JSON.stringify(json).slice(0, 500)}`);
        return json;
      }
    };

    const rand = random(13);
    const words = vocabulary(rand);
    const loadStarted = performance.now();
    const spaces: string[] = [];
    for (let s = 0; s < SPACES; s++) {
      const space = (await call('POST', `/orgs/${organizationId}/spaces`, { title: `Search bench space ${s}` }, true)).id as string;
      spaces.push(space);
      const cr = (await call('POST', `/spaces/${space}/change-requests`, { subject: 'Seed' }, true)).id as string;
      for (let from = 0; from < PAGES / SPACES; from += BATCH) {
        const changes = Array.from({ length: BATCH }, (_, i) => ({
          operation: 'insert_page',
          title: `${words[zipf(rand, words.length)]} ${words[zipf(rand, words.length)]} ${s}-${from + i}`,
          document: { markdown: pageMarkdown(rand, words) },
        }));
        await call('POST', `/spaces/${space}/change-requests/${cr}/content`, { changes }, true);
      }
      await call('POST', `/spaces/${space}/change-requests/${cr}/merge`, undefined, true);
    }
    const written = performance.now();
    // Indexed once every page is found by the word nearly every page holds... or by its number.
    const indexed = async () => {
      let n = 0;
      for (const space of spaces)
        n += (await call('GET', `/spaces/${space}/search?query=${encodeURIComponent(String(PAGES / SPACES - 1))}&limit=0`)).count as number;
      return n;
    };
    for (let i = 0; (await indexed()) < SPACES; i++) {
      if (i > 6000) throw new Error('the search index did not catch up within 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const loaded = performance.now();
    log(`search: ${PAGES} pages written in ${ms(written - loadStarted)} ms, indexed ${ms(loaded - written)} ms later`);

    const queries = Array.from({ length: WARMUP + QUERIES }, (_, i) => {
      const n = 1 + Math.floor(rand() * 3);
      const terms = Array.from({ length: n }, () => words[zipf(rand, words.length)]);
      if (i % 3 === 0) terms[n - 1] = terms[n - 1].slice(0, Math.max(3, terms[n - 1].length - 2));
      return terms.join(' ');
    });
    const latencies = { space: [] as number[], org: [] as number[] };
    /** Requests asked for the first time: the server's ranking cache cannot answer them. */
    const cold: number[] = [];
    const asked = new Set<string>();
    let hits = 0;
    for (let i = 0; i < queries.length; i++) {
      const org = i % 2 === 1;
      const url = org
        ? `/orgs/${organizationId}/search?query=${encodeURIComponent(queries[i])}&limit=10`
        : `/spaces/${spaces[i % SPACES]}/search?query=${encodeURIComponent(queries[i])}&limit=10`;
      const started = performance.now();
      const body = await call('GET', url);
      const elapsed = performance.now() - started;
      if (i >= WARMUP) {
        (org ? latencies.org : latencies.space).push(elapsed);
        hits += body.count as number;
        if (!asked.has(url)) cold.push(elapsed);
      }
      asked.add(url);
    }
    const all = [...latencies.space, ...latencies.org];
    const { space, org } = latencies;
    const p99 = percentile(all, 99);
    return {
      line: `search: pages=${PAGES} p50_ms=${ms(percentile(all, 50))} p99_ms=${ms(p99)}`,
      details: [
        `search: ${PAGES} pages in ${SPACES} spaces (~${WORDS_PER_PAGE} words each, Zipf over ${VOCABULARY} words); written in ${ms(written - loadStarted)} ms, indexed ${ms(loaded - written)} ms after the last merge`,
        `search: ${QUERIES} queries (1-3 words, a third ending in a prefix), ${Math.round(hits / QUERIES)} matches on average (pages for a space, spaces for the organization)`,
        `search: space p50 ${ms(percentile(space, 50))} ms p99 ${ms(percentile(space, 99))} ms; organization p50 ${ms(percentile(org, 50))} ms p99 ${ms(percentile(org, 99))} ms; max ${ms(Math.max(...all))} ms`,
        `search: ${cold.length} of the ${QUERIES} requests asked for the first time (no cached ranking): p50 ${ms(percentile(cold, 50))} ms p99 ${ms(percentile(cold, 99))} ms`,
        `search: budget p99 under 50 ms ${p99 < 50 ? 'met' : '**not met**'}`,
      ],
    };
  } finally {
    await bench.stop();
  }
}

// `node -r ./test/support/register-ts.js bench/search.ts`: the search run alone, from the sources.
if (require.main === module) runAlone(runSearchBench);
