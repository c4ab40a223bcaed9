import { parentPort, workerData } from 'worker_threads';
import type { LoadResult, LoadSpec, LoadTarget, WorkerMessage } from './load';

/** Worker-thread side of runLoad (see load.ts): fixed concurrency, fixed request count. */
const spec = workerData as LoadSpec;
let sequence = 0;

const empty = (): LoadResult => ({ latenciesMs: [], elapsedMs: 0, requests: 0, failures: {}, firstFailure: null });

/** One request; a non-2xx answer (or none) is counted in `into` under `key(status)`. */
async function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  into: LoadResult,
  key: (status: number) => string,
) {
  let status = 0;
  let text = '';
  try {
    const res = await fetch(url, { method, headers, body });
    status = res.status;
    text = await res.text();
  } catch (e) {
    text = String((e as Error)?.stack ?? e);
  }
  if (status < 200 || status > 299) {
    const k = key(status);
    into.failures[k] = (into.failures[k] ?? 0) + 1;
    into.firstFailure ??= `${method} ${url} -> ${status}: ${text.slice(0, 300)}`;
  }
}

/** `count` requests to one target from `concurrency` loops; appends to `into` when measuring. */
async function segment(target: LoadTarget, count: number, into: LoadResult, record: boolean): Promise<void> {
  let issued = 0;
  const readBack = target.method === 'PATCH' && target.readBack === true;
  const key = readBack ? (status: number) => `${target.method} ${status}` : (status: number) => String(status);
  const loop = async (j: number) => {
    const url = target.baseUrl + target.paths[j % target.paths.length];
    while (issued < count) {
      issued++;
      const body = target.method === 'PATCH' ? JSON.stringify({ title: `${target.titlePrefix ?? 'Title '}${++sequence}` }) : undefined;
      const headers = body ? { ...target.headers, 'content-type': 'application/json' } : target.headers;
      const t0 = performance.now();
      await request(url, target.method, headers, body, into, key);
      const t1 = performance.now();
      if (readBack) await request(url, 'GET', target.headers, undefined, into, (status) => `GET ${status}`);
      const t2 = performance.now();
      if (record) {
        into.latenciesMs.push(t2 - t0);
        if (readBack) {
          (into.writeLatenciesMs ??= []).push(t1 - t0);
          (into.readLatenciesMs ??= []).push(t2 - t1);
        }
      }
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
  const warmups = spec.targets.map(empty);
  for (let t = 0; t < spec.targets.length; t++) {
    await segment(spec.targets[t], spec.warmup, warmups[t], false);
    if (warmups[t].firstFailure && !spec.countWarmupFailures) throw new Error(`warm-up failed: ${warmups[t].firstFailure}`);
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
  if (spec.countWarmupFailures) results.forEach((r, t) => (r.warmupFailures = warmups[t].failures));
  port.postMessage({ kind: 'done', results } satisfies WorkerMessage);
}

main().catch((e) => parentPort!.postMessage({ kind: 'error', message: String(e?.stack ?? e) } satisfies WorkerMessage));
