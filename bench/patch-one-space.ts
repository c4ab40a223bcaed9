import { EventStore, WrongExpectedRevisionError } from '@app/platform';
import { createSpaceOver } from './http';
import { hookAppends, InProcessApi, startInProcessApi } from './api';
import { LoadResult, runLoad } from './load';
import { ms, percentile, rate } from './stats';

/**
 * `npm run bench -- patch-one-space`: `PATCH /v1/spaces/{id}` followed by a read-your-writes
 * `GET` of the same space, from 10 concurrent keep-alive loops all on ONE space, against the API
 * in this process (the clients in a worker thread, see load.ts). No If-Match: concurrent PATCHes
 * are last-writer-wins, and an expected-revision conflict is retried inside the server (up to 5
 * times, then 409); every non-2xx answer is counted and reported. Goal (issue 17): p99 of the
 * pair ≤ 20 ms.
 */
export const PATCH_ONE_SPACE = { concurrency: 10, warmup: 200, count: 2_000 };

export async function runPatchOneSpace(given?: InProcessApi): Promise<{ line: string; details: string[] }> {
  const api = given ?? (await startInProcessApi('patch-one-space'));
  try {
    const spacePath = `/v1/spaces/${await createSpaceOver(api.baseUrl, api.organizationId, api.token, 'One contended space')}`;
    await api.engine.waitForHead();
    const { concurrency, warmup, count } = PATCH_ONE_SPACE;
    // The server's appends to the space's stream, counted in this process: those refused for an
    // expected revision that moved are the conflicts the server retried.
    const appends = { measuring: false, ok: 0, conflicts: 0 };
    const unhook = hookAppends(api.app.get(EventStore), (stream, outcome) => {
      if (!appends.measuring || !stream.startsWith('spaces.space-')) return;
      if ('result' in outcome) appends.ok++;
      else if (outcome.error instanceof WrongExpectedRevisionError) appends.conflicts++;
    });
    let r: LoadResult;
    try {
      [r] = await runLoad(
        {
          targets: [{ baseUrl: api.baseUrl, method: 'PATCH', paths: [spacePath], headers: api.headers, titlePrefix: 'Contended title ', readBack: true }],
          concurrency,
          warmup,
          count,
          countWarmupFailures: true,
        },
        () => {
          appends.measuring = true;
        },
      );
    } finally {
      unhook();
    }
    const failed = Object.values(r.failures).reduce((n, c) => n + c, 0);
    const warmFailed = Object.values(r.warmupFailures ?? {}).reduce((n, c) => n + c, 0);
    const list = (f: Record<string, number>) =>
      Object.entries(f)
        .map(([k, c]) => `${k}: ${c}`)
        .join(', ');
    const p99 = percentile(r.latenciesMs, 99);
    const writes = r.writeLatenciesMs ?? [];
    const reads = r.readLatenciesMs ?? [];
    return {
      line: `patch-one-space: connections=${concurrency} pairs=${r.requests} p50_ms=${ms(percentile(r.latenciesMs, 50))} p99_ms=${ms(p99)} pairs_per_s=${Math.round(r.requests / (r.elapsedMs / 1000))} non_2xx=${failed} conflicts_retried=${appends.conflicts}`,
      details: [
        `${warmup} warm-up + ${count} pairs (PATCH {"title": "Contended title <n>"} then GET of the same space) from ${concurrency} concurrent loops on one space, no If-Match: ${rate(r.requests / (r.elapsedMs / 1000))} pairs/s`,
        `pair p50 ${ms(percentile(r.latenciesMs, 50))} ms, p95 ${ms(percentile(r.latenciesMs, 95))} ms, p99 ${ms(p99)} ms, max ${ms(r.latenciesMs.reduce((m, v) => Math.max(m, v), 0))} ms; the PATCH alone p99 ${ms(percentile(writes, 99))} ms, the GET alone p99 ${ms(percentile(reads, 99))} ms (goal: pair p99 ≤ 20 ms)`,
        failed
          ? `**${failed} non-2xx answers** in the measured pairs (${list(r.failures)}); first: ${r.firstFailure}`
          : `all ${r.requests * 2} measured answers 2xx (a conflict between the concurrent PATCHes is retried inside the server)`,
        `the server's appends to the space during the measured pairs: ${appends.ok} committed, ${appends.conflicts} refused for a moved expected revision and retried (${(appends.conflicts / Math.max(1, appends.ok)).toFixed(2)} per committed PATCH)`,
        ...(warmFailed ? [`${warmFailed} non-2xx answers during the warm-up (${list(r.warmupFailures ?? {})})`] : []),
      ],
    };
  } finally {
    if (!given) await api.close();
  }
}
