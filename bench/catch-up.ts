import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { CommandBus } from '@nestjs/cqrs';
import { EventSourcing, EventStore, ExpectedRevision, NewEvent, PlatformConfig, RequestContext, SqliteEventStore } from '@app/platform';
import { openContext, runCli } from '../apps/cli/src/cli';
import { CreateSpaceCommand } from '../libs/spaces/src/application/commands/create-space';
import { parseCreateSpace } from '../libs/spaces/src/http/space.bodies';
import { decideUpdate, space, SpaceEvent, SpaceState, spaceStream } from '../libs/spaces/src/domain/space';
import { freePort } from './http';
import { percentile } from './stats';

/**
 * `npm run bench -- catch-up`: a server that starts far behind its event store must answer at
 * once and catch up fast. Builds a data folder of 1,000,000 events through the application's
 * command path (10,000 spaces created by the CreateSpace handler, then 99 renames each decided
 * by the domain's decideUpdate, appended at the exact expected revision in big transactions) while
 * no server runs, then starts the API as a child process (so its RSS is its own) and measures:
 * time to accept a connection, /health/live latency during the catch-up, time to ready, the
 * catch-up rate and peak RSS; then a start with the checkpoints at the head on the same folder
 * (first answer, whether any projection replays, RSS at start and after 10,000 GETs of distinct
 * spaces) and the create-space time at 0 and at 10,000 spaces.
 */
export interface CatchUpOptions {
  spaces: number;
  renamesPerSpace: number;
}

const DEFAULTS: CatchUpOptions = { spaces: 10_000, renamesPerSpace: 99 };
const APPENDS_PER_TX = 10_000;
const CREATE_SAMPLES = 20;
const CREATE_WARMUP = 20;
const HEAD_GETS = 10_000;

type BatchAppend = { stream: string; events: NewEvent[]; expected: ExpectedRevision };

const log = (line: string) => process.stderr.write(`[bench:catch-up] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The API as a child process over a data folder; its RSS is sampled from /proc. */
class ServerProcess {
  readonly started = performance.now();
  peakRssMb = 0;
  private readonly output: string[] = [];
  private exited: Promise<number | null>;
  private sampler: NodeJS.Timeout;

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
    readonly port: number,
  ) {
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString().split('\n').filter(Boolean));
      if (this.output.length > 50) this.output.splice(0, this.output.length - 50);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    this.sampler = setInterval(() => {
      this.peakRssMb = Math.max(this.peakRssMb, this.rssMb());
    }, 50);
  }

  static async start(dataDir: string): Promise<ServerProcess> {
    const port = await freePort();
    const main = path.resolve(__dirname, '../apps/api/src/main.js');
    const child = spawn(process.execPath, [...process.execArgv, main], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', RATE_LIMIT: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ServerProcess(child, `http://127.0.0.1:${port}`, port);
  }

  elapsedMs(): number {
    return performance.now() - this.started;
  }

  rssMb(): number {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${this.child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  }

  /** Milliseconds from spawn until the socket listens (the first TCP connection is accepted). */
  async waitForAccept(timeoutMs: number): Promise<number> {
    while (this.elapsedMs() < timeoutMs) {
      if (this.child.exitCode !== null) throw new Error(`server exited (${this.child.exitCode}):\n${this.output.join('\n')}`);
      if (await canConnect(this.port)) return this.elapsedMs();
      await sleep(5);
    }
    throw new Error(`server did not accept a connection within ${timeoutMs} ms:\n${this.output.join('\n')}`);
  }

  async stop(): Promise<void> {
    clearInterval(this.sampler);
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    const code = await Promise.race([this.exited, sleep(20_000).then(() => 'timeout' as const)]);
    if (code === 'timeout') {
      log('server did not stop within 20 s of SIGTERM; killing it');
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }
}

interface Answer {
  status: number;
  ms: number;
  body: string;
  retryAfter: string | null;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One request over node:http (fetch gives up on a server that answers after 300 s). */
function call(baseUrl: string, method: string, url: string, token?: string, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
  const t0 = performance.now();
  const payload = body !== undefined ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      baseUrl + url,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            body: Buffer.concat(chunks).toString(),
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Median time of POST /v1/orgs/{org}/spaces on a warmed-up server (the same warm-up at 0 and
 * at 10,000 spaces: reads and creates first, so the JIT is not what the ratio measures).
 */
async function createSpaceMs(server: ServerProcess, org: string, token: string, label: string): Promise<number> {
  for (let i = 0; i < 300; i++) {
    const r = await call(server.baseUrl, 'GET', `/v1/orgs/${org}/spaces?limit=20`, token);
    if (r.status !== 200) throw new Error(`warm-up list -> ${r.status}: ${r.body}`);
  }
  const times: number[] = [];
  for (let i = 0; i < CREATE_SAMPLES + CREATE_WARMUP; i++) {
    const r = await call(server.baseUrl, 'POST', `/v1/orgs/${org}/spaces`, token, { title: `${label} ${i}` });
    if (r.status !== 201) throw new Error(`create space -> ${r.status}: ${r.body}`);
    if (i >= CREATE_WARMUP) times.push(r.ms);
  }
  return percentile(times, 50);
}

async function waitForToken(server: ServerProcess, token: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if ((await call(server.baseUrl, 'GET', '/v1/user', token)).status === 200) return;
    await sleep(50);
  }
  throw new Error('the bootstrap token never worked');
}

/**
 * Appends through the command path while no server runs: CreateSpace commands, then renames
 * decided by decideUpdate on the locally folded state, several per append at the exact revision.
 */
async function build(dataDir: string, org: string, userId: string, opts: CatchUpOptions): Promise<{ events: number; head: number }> {
  const ctx = await openContext({ config: PlatformConfig.fromEnv({}, { dataDir, runWorkers: false }) });
  try {
    const commands = ctx.get(CommandBus);
    const store = ctx.get(EventStore);
    const es = ctx.get(EventSourcing);
    const before = await store.headPosition();
    const ids: string[] = [];
    const { settings } = parseCreateSpace({ title: 'Backlog space' });
    const t0 = performance.now();
    await RequestContext.run({ actor: userId }, async () => {
      for (let s = 0; s < opts.spaces; s++) {
        const { spaceId } = await commands.execute(new CreateSpaceCommand(org, userId, { ...settings, title: `Backlog space ${s}` }, null));
        ids.push(spaceId);
      }
    });
    log(`created ${opts.spaces} spaces through CreateSpaceCommand in ${Math.round(performance.now() - t0)} ms`);
    const states = new Map<string, { state: SpaceState; revision: number }>();
    for (const id of ids) {
      const loaded = await es.load(spaceStream(id), space);
      states.set(id, loaded);
    }
    const t1 = performance.now();
    // Round r renames every space once, so a space's events spread over the whole log (the
    // worst case for a projection: no two renames of one space meet in a slice). Each round's
    // appends go to the store in transactions of APPENDS_PER_TX appends.
    const batch =
      (store as Partial<SqliteEventStore>).appendBatch?.bind(store) ??
      ((appends: BatchAppend[]) => Promise.all(appends.map((a) => store.append(a.stream, a.events, a.expected))));
    let clock = Date.parse('2026-01-01T00:00:00.000Z');
    await RequestContext.run({ actor: userId }, async () => {
      for (let round = 1; round <= opts.renamesPerSpace; round++) {
        for (let from = 0; from < ids.length; from += APPENDS_PER_TX) {
          const appends: BatchAppend[] = [];
          for (let s = from; s < Math.min(ids.length, from + APPENDS_PER_TX); s++) {
            const entry = states.get(ids[s])!;
            const now = new Date((clock += 1000));
            const events = decideUpdate(entry.state, ids[s], { title: `Space ${s} rename ${round}` }, now);
            for (const e of events) entry.state = space.evolve(entry.state, e);
            appends.push({ stream: spaceStream(ids[s]), events: events.map((e, i) => es.toNew(e, now, undefined, i)), expected: entry.revision });
            entry.revision += events.length;
          }
          await batch(appends);
        }
      }
    });
    const head = await store.headPosition();
    log(`appended ${head - before - opts.spaces} renames in ${Math.round(performance.now() - t1)} ms (head ${head})`);
    return { events: head - before, head };
  } finally {
    await ctx.close();
  }
}

export interface CatchUpResult {
  line: string;
  details: string[];
}

export async function runCatchUpBench(options: Partial<CatchUpOptions> = {}): Promise<CatchUpResult> {
  const opts = { ...DEFAULTS, ...options };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-catch-up-'));
  const details: string[] = [];
  let server: ServerProcess | null = null;
  try {
    // 1. A fresh server: bootstrap through the CLI (another process), create-space time at 0 spaces.
    server = await ServerProcess.start(dataDir);
    await server.waitForAccept(60_000);
    const cli = await openContext({ config: PlatformConfig.fromEnv({}, { dataDir, runWorkers: false }) });
    const lines: string[] = [];
    await runCli(['bootstrap', '--org', 'Catch-up Org', '--email', 'catch-up@example.com', '--name', 'Catch Up'], cli, (l) => lines.push(l));
    await cli.close();
    const { organizationId: org, userId, token } = JSON.parse(lines[0]) as { organizationId: string; userId: string; token: string };
    await waitForToken(server, token);
    const createAt0 = await createSpaceMs(server, org, token, 'Early space');
    await server.stop();

    // 2. The backlog, written while no server runs.
    const { events: backlog } = await build(dataDir, org, userId, opts);

    // 3. A start that far behind.
    log(`starting the server ${backlog} events behind`);
    server = await ServerProcess.start(dataDir);
    // The kernel accepts TCP connections as soon as the socket listens, even while the event
    // loop is blocked: "accepting" is measured as the first HTTP answer, not the first connect.
    await server.waitForAccept(600_000);
    const first = await probe(server, '/health/live');
    const acceptMs = server.elapsedMs();
    // Before the health endpoints exist, an unknown route answers 404 (or 401 without a token).
    const absent = (r: Answer) => r.status === 404 || r.status === 401;
    const useLive = !absent(first);
    const readyProbe = !absent(await probe(server, '/health/ready'));
    if (!useLive) details.push('/health/live is absent: the liveness figures probe GET /v1/ instead');
    if (!readyProbe) details.push('/health/ready is absent: ready means GET /v1/user answers 200');
    const liveMs: number[] = [first.ms];
    const statuses = new Map<string, number>();
    let slowest = 0;
    let unknownToken = '';
    let readyAt = 0;
    let lastReady = '';
    const loopLive = (async () => {
      while (!readyAt) {
        const r = await probe(server, useLive ? '/health/live' : '/v1/');
        liveMs.push(r.ms);
        await sleep(10);
      }
    })();
    const loopOther = (async () => {
      while (!readyAt) {
        const r = await probe(server, '/v1/user', token);
        slowest = Math.max(slowest, r.ms);
        const key = `${r.status}${r.status === 503 ? (r.retryAfter ? '+Retry-After' : ' without Retry-After') : ''}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (!unknownToken) {
          const u = await probe(server, '/v1/user', 'gb_api_unknownunknownunknown');
          unknownToken = `${u.status} in ${Math.round(u.ms)} ms`;
        }
        await sleep(250);
      }
    })();
    while (!readyAt) {
      const r = readyProbe ? await probe(server, '/health/ready') : await probe(server, '/v1/user', token);
      if (readyProbe && r.status === 503) lastReady = summarizeReady(r.body);
      if (r.status === 200) readyAt = server.elapsedMs();
      else await sleep(200);
      if (server.elapsedMs() > 900_000) throw new Error('not ready within 15 minutes');
    }
    await Promise.all([loopLive, loopOther]);
    const readyS = readyAt / 1000;
    const catchUpS = acceptMs < readyAt - 1000 ? (readyAt - acceptMs) / 1000 : readyS;
    const eventsPerS = backlog / catchUpS;
    const peakRss = server.peakRssMb;
    details.push(
      `behind: ${backlog} events; accepted after ${Math.round(acceptMs)} ms; ready after ${readyS.toFixed(1)} s; peak RSS ${Math.round(peakRss)} MB`,
    );
    details.push(
      `during catch-up: ${liveMs.length} ${useLive ? '/health/live' : 'GET /v1/'} probes p50 ${percentile(liveMs, 50).toFixed(1)} ms, p99 ${percentile(liveMs, 99).toFixed(1)} ms, max ${Math.max(...liveMs).toFixed(1)} ms`,
    );
    details.push(
      `during catch-up: GET /v1/user answered ${[...statuses].map(([k, v]) => `${k} x${v}`).join(', ')} (slowest ${Math.round(slowest)} ms); an unknown token answered ${unknownToken}`,
    );
    if (lastReady) details.push(`a /health/ready answer while behind: ${lastReady}`);
    const count = await call(server.baseUrl, 'GET', `/v1/orgs/${org}/spaces?limit=1`, token);
    details.push(`after ready: GET /v1/orgs/{org}/spaces -> ${count.status}, count ${(JSON.parse(count.body) as { count?: number }).count}`);
    // The projections no request waits for (the audit log, the search index, the scheduler) go
    // on after ready: the next start is at the head only once they are there too.
    const allAt = await allAtHead(server);
    details.push(`after ready: every projection and saga at the head (those no request waits for too) after ${allAt.toFixed(1)} s`);
    // Where every projection and saga stands when this server stops: the next start must go on from there.
    const stoppedAt = await positions(server);
    await server.stop();

    // 4. A start with the checkpoints at the head, on the same folder (1,000,000 events, 10,000
    // spaces): time to the first 200, whether any projection replays (its position at the first
    // answer behind where the previous server stopped), RSS at start and after 10,000 GETs.
    server = await ServerProcess.start(dataDir);
    let firstAnswerMs = 0;
    for (;;) {
      const ok = await call(server.baseUrl, 'GET', '/v1/user', token).catch(() => null);
      if (ok?.status === 200) {
        firstAnswerMs = server.elapsedMs();
        break;
      }
      if (server.elapsedMs() > 120_000) throw new Error('no 200 within 120 s of a start at the head');
      await sleep(10);
    }
    const rssAtStart = server.rssMb();
    const startedAt = await positions(server);
    const replayed = [...startedAt].filter(([name, position]) => position < (stoppedAt.get(name) ?? 1));
    const headAtStop = Math.max(0, ...stoppedAt.values());
    details.push(
      replayed.length
        ? `at the head: **${replayed.length} projections replaying** at the first answer (position then / when the previous server stopped): ${replayed.map(([n, p]) => `${n} ${p} / ${stoppedAt.get(n) ?? 'new'}`).join(', ')}`
        : `at the head: no replay: at the first answer each of the ${startedAt.size} projections and sagas was where the previous server stopped (head ${headAtStop})`,
    );
    const createAt10k = await createSpaceMs(server, org, token, 'Late space');
    // 10,000 GETs, one of each space (all of them, listed 1,000 a page).
    const ids: string[] = [];
    let page: string | undefined;
    do {
      const res = await call(server.baseUrl, 'GET', `/v1/orgs/${org}/spaces?limit=1000${page ? `&page=${encodeURIComponent(page)}` : ''}`, token);
      const body = JSON.parse(res.body) as { items: Array<{ id: string }>; next?: { page: string } };
      ids.push(...body.items.map((i) => i.id));
      page = body.next?.page;
    } while (page);
    const getMs: number[] = [];
    const baseUrl = server.baseUrl;
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = w; i < HEAD_GETS; i += 8) getMs.push((await call(baseUrl, 'GET', `/v1/spaces/${ids[i % ids.length]}`, token)).ms);
      }),
    );
    const rssAfterGets = server.rssMb();
    await server.stop();
    details.push(
      `at the head: first 200 after ${Math.round(firstAnswerMs)} ms, RSS ${Math.round(rssAtStart)} MB at start, ${Math.round(rssAfterGets)} MB after ${HEAD_GETS.toLocaleString('en-US')} GETs over ${Math.min(ids.length, HEAD_GETS).toLocaleString('en-US')} distinct spaces (p50 ${percentile(getMs, 50).toFixed(1)} ms, p99 ${percentile(getMs, 99).toFixed(1)} ms)`,
    );
    details.push(`POST /v1/orgs/{org}/spaces median: ${createAt0.toFixed(1)} ms at 0 spaces, ${createAt10k.toFixed(1)} ms at ${opts.spaces} spaces`);

    const line =
      `catch-up: events=${backlog} accept_ms=${Math.round(acceptMs)} live_p99_ms=${percentile(liveMs, 99).toFixed(1)} ready_s=${readyS.toFixed(1)} all_at_head_s=${allAt.toFixed(1)} events_per_s=${Math.round(eventsPerS)} peak_rss_mb=${Math.round(peakRss)} create_ratio=${(createAt10k / createAt0).toFixed(2)} ` +
      `head_first_answer_ms=${Math.round(firstAnswerMs)} head_replayed=${replayed.length} head_rss_start_mb=${Math.round(rssAtStart)} head_rss_after_gets_mb=${Math.round(rssAfterGets)}`;
    return { line, details };
  } finally {
    // A failed run must not leave its server behind.
    await server?.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The message of a 503 from /health/ready and the slowest projection's progress. */
function summarizeReady(body: string): string {
  try {
    const b = JSON.parse(body) as {
      error?: { message?: string };
      projections?: Array<{ name: string; lag: number; eventsPerSecond?: number; etaSeconds?: number }>;
    };
    const slowest = [...(b.projections ?? [])].sort((x, y) => y.lag - x.lag)[0];
    return `${b.error?.message ?? ''}${slowest ? ` (slowest: ${slowest.name}, lag ${slowest.lag}, ${slowest.eventsPerSecond ?? '?'} events/s, eta ${slowest.etaSeconds ?? '?'} s)` : ''}`;
  } catch {
    return body.slice(0, 300);
  }
}

/** Each projection's and saga's position, from /health/ready (answered 200 or 503 with the same body). */
async function positions(server: ServerProcess): Promise<Map<string, number>> {
  const r = await call(server.baseUrl, 'GET', '/health/ready');
  const body = JSON.parse(r.body) as { projections?: Array<{ name: string; position: number }> };
  if (!body.projections?.length) throw new Error(`/health/ready -> ${r.status} without projections: ${r.body.slice(0, 300)}`);
  return new Map(body.projections.map((p) => [p.name, p.position]));
}

/** Seconds since the server started when every projection and saga has nothing left to apply. */
async function allAtHead(server: ServerProcess): Promise<number> {
  for (;;) {
    const body = JSON.parse((await call(server.baseUrl, 'GET', '/health/ready')).body) as { projections?: Array<{ lag: number }> };
    if (body.projections?.length && body.projections.every((p) => p.lag === 0)) return server.elapsedMs() / 1000;
    if (server.elapsedMs() > 900_000) throw new Error('the projections were not all at the head within 15 minutes');
    await sleep(200);
  }
}

/** During a catch-up a blocked server may answer only minutes later: wait for it. */
async function probe(server: ServerProcess, url: string, token?: string): Promise<Answer> {
  return call(server.baseUrl, 'GET', url, token, undefined, 900_000);
}
