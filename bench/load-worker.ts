import { parentPort, workerData } from 'worker_threads';
import type { LoadResult, LoadSpec, LoadTarget, WorkerMessage } from './load';

/** Worker-thread side of runLoad (see load.ts): fixed concurrency, fixed request count. */
const spec = workerData as LoadSpec;
let sequence = 0;

const empty = (): LoadResult => ({ latenciesMs: [], elapsedMs: 0, requests: 0, failures: {}, firstFailure: null });

/** `count` requests to one target from `concurrency` loops; appends to `into` when measuring. */
async function segment(target: LoadTarget, count: number, into: LoadResult, record: boolean): Promise<void> {
  let issued = 0;
  const loop = async (j: number) => {
    const url = target.baseUrl + target.paths[j % target.paths.length];
    while (issued < count) {
      issued++;
      const body = target.method === 'PATCH' ? JSON.stringify({ title: `${target.titlePrefix ?? 'Title '}${++sequence}` }) : undefined;
      const headers = body ? { ...target.headers, 'content-type': 'application/json' } : target.headers;
      const t0 = performance.now();
      let status = 0;
      let text = '';
      try {
        const res = await fetch(url, { method: target.method, headers, body });
        status = res.status;
        text = await res.text();
      } catch (e) {
        text = String((e as Error)?.stack ?? e);
      }
      const t1 = performance.now();
      if (status < 200 || status > 299) {
        into.failures[status] = (into.failures[status] ?? 0) + 1;
        into.firstFailure ??= `${target.method} ${url} -> ${status}: ${text.slice(0, 300)}`;
      }
      if (record) into.latenciesMs.push(t1 - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: spec.concurrency }, (_, j) => loop(j)));
  if (record) {
    into.elapsedMs += performance.now() - started;
    into.requests += count;
  }
}

async function main() {
  const port = parentPort!;
  for (const target of spec.targets) {
    const warm = empty();
    await segment(target, spec.warmup, warm, false);
    if (warm.firstFailure) throw new Error(`warm-up failed: ${warm.firstFailure}`);
  }
  const go = new Promise<void>((resolve) => port.once('message', () => resolve()));
  port.postMessage({ kind: 'warm' } satisfies WorkerMessage);
  await go;
  const rounds = Math.max(1, spec.rounds ?? 1);
  const results = spec.targets.map(empty);
  for (let r = 0; r < rounds; r++) {
    const share = Math.floor(spec.count / rounds) + (r < spec.count % rounds ? 1 : 0);
    for (let t = 0; t < spec.targets.length; t++) await segment(spec.targets[t], share, results[t], true);
  }
  port.postMessage({ kind: 'done', results } satisfies WorkerMessage);
}

main().catch((e) => parentPort!.postMessage({ kind: 'error', message: String(e?.stack ?? e) } satisfies WorkerMessage));
