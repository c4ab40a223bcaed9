import * as path from 'path';
import { Worker } from 'worker_threads';

/**
 * HTTP load generator. It runs in a worker thread so that the client's own work (fetch/undici
 * parsing) does not share the event loop of the server under test; the requests still only go
 * to 127.0.0.1 over real keep-alive TCP connections (Node's global fetch keeps them alive).
 */
export interface LoadTarget {
  baseUrl: string;
  method: 'GET' | 'PATCH';
  /** Loop j requests paths[j % paths.length] (one resource per loop avoids write conflicts). */
  paths: string[];
  headers: Record<string, string>;
  /** PATCH only: each request sends {"title": `${titlePrefix}${n}`} with n unique in the run. */
  titlePrefix?: string;
  /**
   * PATCH only: once the PATCH is answered, the same loop GETs the same path (a read-your-writes
   * read); a measured request is then the pair, from the PATCH's fetch() to the GET's body.
   */
  readBack?: boolean;
}

export interface LoadSpec {
  /** Measured in turn: with several targets and rounds > 1, the targets alternate
   *  (A B A B ...), so a load change on the machine hits them alike. */
  targets: LoadTarget[];
  concurrency: number;
  /** Warm-up requests per target (not measured). */
  warmup: number;
  /** Measured requests per target, split evenly over the rounds. */
  count: number;
  rounds?: number;
  /** Non-2xx answers during the warm-up are counted (LoadResult.warmupFailures) instead of failing the run. */
  countWarmupFailures?: boolean;
}

export interface LoadResult {
  /** Client-observed latency of each measured request (ms): from fetch() to the body being read. */
  latenciesMs: number[];
  /** Sum of the wall time of this target's measured segments. */
  elapsedMs: number;
  requests: number;
  /** Responses that were not 2xx, by status (0: network error); `PATCH 409`, `GET 404` with readBack. */
  failures: Record<string, number>;
  /** With readBack: the PATCH's and the GET's own latencies of each measured pair. */
  writeLatenciesMs?: number[];
  readLatenciesMs?: number[];
  /** With countWarmupFailures: the warm-up's non-2xx answers, keyed like `failures`. */
  warmupFailures?: Record<string, number>;
  firstFailure: string | null;
}

export type WorkerMessage = { kind: 'warm' } | { kind: 'done'; results: LoadResult[] } | { kind: 'error'; message: string };

/**
 * Runs the warm-up, calls `onMeasuring` (awaited) once the warm-up is over and before the first
 * measured request, then runs the measured requests and returns one result per target.
 */
export function runLoad(spec: LoadSpec, onMeasuring?: () => void | Promise<void>): Promise<LoadResult[]> {
  return new Promise<LoadResult[]>((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'load-worker.js'), { workerData: spec });
    let settled = false;
    const finish = (err: Error | null, results?: LoadResult[]) => {
      if (settled) return;
      settled = true;
      // The worker's idle keep-alive sockets would keep it alive for a few seconds: end it now.
      void worker.terminate().catch(() => undefined);
      if (err) reject(err);
      else resolve(results!);
    };
    worker.on('message', (m: WorkerMessage) => {
      if (m.kind === 'warm') {
        Promise.resolve()
          .then(() => onMeasuring?.())
          .then(
            () => worker.postMessage('go'),
            (e) => finish(e instanceof Error ? e : new Error(String(e))),
          );
      } else if (m.kind === 'done') finish(null, m.results);
      else finish(new Error(`load worker failed: ${m.message}`));
    });
    worker.on('error', (e) => finish(e));
    worker.on('exit', (code) => finish(new Error(`load worker exited early with code ${code}`)));
  });
}
