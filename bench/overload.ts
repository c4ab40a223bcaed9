import { ChildProcess, execFile, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { Worker } from 'worker_threads';
import { createSpaceOver, entry, freePort, waitUntilLive } from './http';
import { ms, percentile } from './stats';

/**
 * Overload run (`npm run bench -- overload`): the real server (main.ts) in its own process on a
 * fresh data folder, 500 concurrent keep-alive connections for a fixed time, mostly
 * GET /v1/spaces/{id} with a few PATCH loops. Goal: every request answered within 2 s, with the
 * normal answer or a 503 + Retry-After (load shed), never a timeout.
 */
export interface OverloadSpec {
  baseUrl: string;
  headers: Record<string, string>;
  /** One connection per loop. */
  loops: Array<{ method: 'GET' | 'PATCH'; path: string }>;
  durationMs: number;
  /** An answer slower than this counts as a timeout. */
  slowMs: number;
  /** Past this a request is abandoned and counts as unanswered. */
  hardTimeoutMs: number;
}

export interface MethodStats {
  requests: number;
  answered: number;
  shed: number;
  timeouts: number;
  latenciesMs: number[];
}

export interface OverloadResult {
  connections: number;
  requests: number;
  answered: number;
  ok: number;
  shed: number;
  /** 503s without Retry-After or without the {"error":{"code":503}} body. */
  shedMalformed: number;
  /** Answered after slowMs, or not answered at all. */
  timeouts: number;
  noAnswer: number;
  otherStatus: Record<string, number>;
  errors: Record<string, number>;
  latenciesMs: number[];
  byMethod: Record<string, MethodStats>;
  firstProblem: string | null;
  /** 503s by the gist of their message. */
  shedWhy: Record<string, number>;
  /** Time to establish each new TCP connection (ms). */
  connects: number[];
}

export const OVERLOAD = { connections: 500, patchLoops: 25, durationMs: 10_000, slowMs: 2_000, hardTimeoutMs: 15_000 };

const run = promisify(execFile);
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

function runWorker(spec: OverloadSpec): Promise<OverloadResult> {
  const file = path.join(__dirname, `overload-worker${path.extname(__filename)}`);
  // Workers only load .js files by path; from the sources, require it (register-ts is inherited).
  const worker =
    path.extname(file) === '.js' ? new Worker(file, { workerData: spec }) : new Worker(`require(${JSON.stringify(file)})`, { eval: true, workerData: spec });
  return new Promise((resolve, reject) => {
    worker.on('message', (m: { kind: 'done'; result: OverloadResult } | { kind: 'error'; message: string }) => {
      void worker.terminate();
      if (m.kind === 'done') resolve(m.result);
      else reject(new Error(`overload worker failed: ${m.message}`));
    });
    worker.on('error', reject);
  });
}

/** Runs the overload section and returns its report lines; the first is the summary line. */
export async function runOverloadBench(env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-overload-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const api = entry('api', __filename);
  // One token drives every connection: the per-token rate limit would answer 429 to most of
  // them and hide the overload behaviour under test, so it is off here.
  const childEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), RATE_LIMIT: 'off', LOG_LEVEL: 'warn', ...env };
  const child = spawn(process.execPath, api.args, { cwd: api.root, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  try {
    await waitUntilLive(baseUrl, child, () => stderr);
    const cli = entry('cli', __filename);
    const { stdout } = await run(
      process.execPath,
      [...cli.args, 'bootstrap', '--org', 'Overload Org', '--email', 'overload@example.com', '--name', 'Overload'],
      {
        cwd: cli.root,
        env: childEnv,
      },
    );
    const { organizationId, token } = JSON.parse(stdout.trim().split('\n')[0]) as { organizationId: string; token: string };
    const headers = { authorization: `Bearer ${token}` };
    const createSpace = (title: string): Promise<string> => createSpaceOver(baseUrl, organizationId, token, title);
    const getPath = `/v1/spaces/${await createSpace('Overload space')}`;
    const patchPaths: string[] = [];
    for (let i = 0; i < OVERLOAD.patchLoops; i++) patchPaths.push(`/v1/spaces/${await createSpace(`Overload patch ${i}`)}`);
    for (let i = 0; i < 50; i++) await (await fetch(baseUrl + getPath, { headers })).text();

    const loops: OverloadSpec['loops'] = Array.from({ length: OVERLOAD.connections }, (_, j) =>
      j < OVERLOAD.patchLoops ? { method: 'PATCH' as const, path: patchPaths[j] } : { method: 'GET' as const, path: getPath },
    );
    log(
      `overload: ${OVERLOAD.connections} connections (${OVERLOAD.connections - OVERLOAD.patchLoops} GET, ${OVERLOAD.patchLoops} PATCH loops) for ${OVERLOAD.durationMs / 1000} s against ${baseUrl}`,
    );
    const r = await runWorker({ baseUrl, headers, loops, durationMs: OVERLOAD.durationMs, slowMs: OVERLOAD.slowMs, hardTimeoutMs: OVERLOAD.hardTimeoutMs });
    const serverLoad = await fetch(`${baseUrl}/health/ready`)
      .then((x) => x.json() as Promise<{ load: unknown }>)
      .then(
        (b) => JSON.stringify(b.load),
        (e) => String(e),
      );
    const max = r.latenciesMs.reduce((m, v) => Math.max(m, v), 0);
    const line =
      `overload: connections=${r.connections} answered=${r.answered} shed_503=${r.shed} timeouts=${r.timeouts} ` +
      `p50_ms=${ms(percentile(r.latenciesMs, 50))} p99_ms=${ms(percentile(r.latenciesMs, 99))} max_ms=${ms(r.noAnswer ? OVERLOAD.hardTimeoutMs : max)}`;
    const methods = Object.entries(r.byMethod).map(
      ([m, s]) =>
        `- ${m}: ${s.requests} requests, ${s.answered} answered, ${s.shed} shed, ${s.timeouts} timeouts, p50 ${ms(percentile(s.latenciesMs, 50))} ms, p99 ${ms(percentile(s.latenciesMs, 99))} ms`,
    );
    const connectMax = r.connects.reduce((m, v) => Math.max(m, v), 0);
    const other = Object.entries(r.otherStatus)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const errors = Object.entries(r.errors)
      .map(([e, n]) => `${e}: ${n}`)
      .join(', ');
    return [
      line,
      `- ${r.requests} requests in ${OVERLOAD.durationMs / 1000} s: ${r.ok} 2xx, ${r.shed} 503 (${r.shedMalformed} without Retry-After or error body)` +
        `${other ? `, other statuses ${other}` : ''}, ${r.noAnswer} unanswered${errors ? ` (${errors})` : ''}`,
      ...methods,
      `- 503s by reason: ${
        Object.entries(r.shedWhy)
          .map(([w, n]) => `${w}: ${n}`)
          .join(', ') || 'none'
      }`,
      `- ${r.connects.length} TCP connections opened, connect p99 ${ms(percentile(r.connects, 99))} ms, max ${ms(connectMax)} ms`,
      ...(r.firstProblem ? [`- first problem: ${r.firstProblem}`] : []),
      `- server's admission state after the run (/health/ready load): ${serverLoad}`,
    ];
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node -r ./test/support/register-ts.js bench/overload.ts`: the overload run alone, from the sources.
if (require.main === module) {
  runOverloadBench().then(
    (lines) => {
      process.stdout.write(lines.join('\n') + '\n');
      process.exit(0);
    },
    (e) => {
      process.stderr.write(`[bench] failed: ${e?.stack ?? e}\n`);
      process.exit(1);
    },
  );
}
