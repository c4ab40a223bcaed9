import 'reflect-metadata';
import { startTestApp } from '../test/support/test-app';

/**
 * Write cost as a parent fills up (issue 20), through the HTTP API of one in-process server
 * over a fresh embedded data folder (validation, authorization, the append and read-your-writes
 * included), for
 *  - spaces created at an organization's top level (SPACES, default 10,000),
 *  - collections created inside one collection (COLLECTIONS, default 5,000),
 *  - one-page inserts at the root of a change request of a space of PAGES pages (default 5,000;
 *    PAGE_ROUNDS interleaved rounds, default 100).
 * A count of 0 skips that part (SPACES=0 COLLECTIONS=0 measures pages only).
 * Two figures each, goal ≤ 1.5:
 *  - sequential: the median of the last inserts over the median of the first ones while the
 *    parent fills (includes whatever else grows meanwhile, and any drift of machine load);
 *  - interleaved: once the parent is full, inserts into it alternate with inserts into a fresh
 *    empty parent (a new collection, or a new space's change request), so both see the same
 *    database and the same machine load; the ratio isolates the cost of the parent's size.
 *
 *   node -r ./test/support/register-ts.js bench/sibling-positions-bench.ts
 */
const SPACES = Number(process.env.SPACES ?? 10_000);
const COLLECTIONS = Number(process.env.COLLECTIONS ?? 5_000);
const PAGES = Number(process.env.PAGES ?? 5_000);
const ROUNDS = Number(process.env.ROUNDS ?? 200);
/** Interleaved rounds for pages (each also creates a space and a change request). */
const PAGE_ROUNDS = Number(process.env.PAGE_ROUNDS ?? 100);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (v: number) => `${v.toFixed(2)} ms`;

async function main() {
  const t = await startTestApp({
    config: { rateLimitEnabled: false, logLevel: 'silent', shedEventLoopDelayMs: 1e9, shedMaxInFlight: 1e9, consistencyTimeoutMs: 60_000 },
  });
  try {
    const { organizationId: org, token } = await t.bootstrap('Bench');
    const call = async (method: string, url: string, body?: unknown): Promise<any> => {
      const res = await fetch(`${t.baseUrl}/v1${url}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = res.status === 204 ? null : await res.json();
      if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const timed = async (fn: () => Promise<unknown>) => {
      const t0 = performance.now();
      await fn();
      return performance.now() - t0;
    };
    const sequential = (what: string, times: number[], w = Math.min(200, Math.floor(times.length / 4))) => {
      const [first, last] = [median(times.slice(0, w)), median(times.slice(-w))];
      console.log(`${what}, sequential: first ${w} ${f(first)}, last ${w} ${f(last)}; ratio ${(last / first).toFixed(2)}`);
    };
    const interleaved = async (what: string, rounds: number, full: () => Promise<unknown>, empty: () => Promise<() => Promise<unknown>>) => {
      const [a, b]: number[][] = [[], []];
      for (let i = 0; i < rounds; i++) {
        const first = await empty();
        b.push(await timed(first));
        a.push(await timed(full));
      }
      console.log(`${what}, interleaved: into an empty parent ${f(median(b))}, into the full one ${f(median(a))}; ratio ${(median(a) / median(b)).toFixed(2)}`);
    };
    const collection = async (parent?: string) => (await call('POST', `/orgs/${org}/collections`, { title: 'C', ...(parent ? { parent } : {}) })).id as string;
    const createSpace = (parent?: string) => call('POST', `/orgs/${org}/spaces`, { title: 'S', ...(parent ? { parent } : {}) });

    // Warm-up in a collection the measured parents never see, so JIT compilation is not timed.
    const warm = await collection();
    for (let i = 0; i < 300; i++) await createSpace(warm);

    if (SPACES > 0) {
      const spaces: number[] = [];
      for (let i = 0; i < SPACES; i++) spaces.push(await timed(() => createSpace()));
      sequential(`space at the top level of an organization (${SPACES})`, spaces);
      await interleaved(
        `space at the top level of an organization (${SPACES})`,
        ROUNDS,
        () => createSpace(),
        async () => {
          const c = await collection(warm);
          return () => createSpace(c);
        },
      );
    }

    if (COLLECTIONS > 0) {
      const big = await collection(warm);
      const collections: number[] = [];
      for (let i = 0; i < COLLECTIONS; i++) collections.push(await timed(() => collection(big)));
      sequential(`collection in a collection (${COLLECTIONS})`, collections);
      await interleaved(
        `collection in a collection (${COLLECTIONS})`,
        ROUNDS,
        () => collection(big),
        async () => {
          const c = await collection(warm);
          return () => collection(c);
        },
      );
    }
    if (PAGES <= 0) return;

    let n = 0;
    const page = () => ({ operation: 'insert_page', title: `P${n++}`, document: { markdown: 'Body.' } });
    const changeRequest = async () => {
      const space = (await createSpace(warm)).id;
      const cr = (await call('POST', `/spaces/${space}/change-requests`, { subject: 'bench', status: 'open' })).id;
      return (changes: unknown[]) => call('POST', `/spaces/${space}/change-requests/${cr}/content?compat=false`, { changes });
    };
    const large = await changeRequest();
    const pages: number[] = [];
    for (let i = 0; i < 50; i++) pages.push(await timed(() => large([page()])));
    for (let k = 100; k < PAGES; k += 50) await large(Array.from({ length: Math.min(50, PAGES - k) }, () => page()));
    for (let i = 0; i < 50; i++) pages.push(await timed(() => large([page()])));
    sequential(`page at the root of a change request (${PAGES} pages)`, pages, 50);
    await interleaved(
      `page at the root of a change request (${PAGES} pages)`,
      PAGE_ROUNDS,
      () => large([page()]),
      async () => {
        const cr = await changeRequest();
        return () => cr([page()]);
      },
    );
  } finally {
    await t.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
