import 'reflect-metadata';
import { runContentBench } from './content-bench';
import { runCatchUpBench } from './catch-up';
import { runOverloadBench } from './overload';
import { runPdfBench } from './pdf-bench';
import { runInsightsBench } from './insights';
import { runSearchBench } from './search';
import { runConversationsBench } from './conversations';
import { runAsOfBench } from './as-of';
import { runWebhooksBench } from './webhooks';
import { runPatchOneSpace } from './patch-one-space';
import { runPublishedBench } from './published';
import { collect, Figures, goalsTable } from './goals';
import { hookAppends, listen } from './api';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  EventSourcing,
  EventStore,
  IdGenerator,
  NewEvent,
  PlatformConfig,
  ProjectionEngine,
  RequestContext,
  SqliteEventStore,
  SystemClock,
} from '@app/platform';
import { AppModule } from '../apps/api/src/app.module';
import { configureHttp } from '../apps/api/src/bootstrap';
import { openContext, runCli } from '../apps/cli/src/cli';
import { SpaceCreated, SpaceEvent, spaceStream } from '../libs/spaces/src/domain/space';
import { LoadResult, runLoad } from './load';
import { createSpaceOver } from './http';
import { int, ms, percentile, rate, timed } from './stats';

/**
 * `npm run bench`: the embedded event store, the HTTP API (GET and PATCH of a space, with the
 * projection lag of each PATCH), a projection rebuild over 100k events, and a bare Nest
 * endpoint as the framework ceiling, run in this one process over a fresh temp data folder
 * (the HTTP clients in a worker thread, see load.ts); then every other part (content, catch-up,
 * overload, pdf, search, insights, patch-one-space, published, as-of, webhooks, audit,
 * conversations), each a `<part>: key=value ...` line, and at the end the goals table
 * (bench/goals.ts). The run's lines and numbers are kept in .bench/last.json, which
 * `npm run bench -- goals` prints again as the goals table. `npm run bench -- <part>` runs one part.
 */
const N = {
  singleAppends: 5_000,
  singleAppendStreams: 50,
  batches: 200,
  batchSize: 100,
  getWarmup: 500,
  getCount: 5_000,
  getConcurrency: 16,
  getRounds: 5,
  patchWarmup: 100,
  patchCount: 1_000,
  patchConcurrency: 4,
  rebuildSpaces: 10_000,
  rebuildEventsPerSpace: 10, // 1 SpaceCreated + 9 SpaceUpdated
};

interface Row {
  name: string;
  throughput: string;
  p50?: string;
  p95?: string;
  p99?: string;
  details: string;
}

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

// ---------------------------------------------------------------------------------------------
// 1. Embedded event store appends
// ---------------------------------------------------------------------------------------------

/** Rows of the main table and the part's `key=value` line. */
interface Section {
  rows: Row[];
  line: string;
}

async function benchEventStore(dataDir: string): Promise<Section> {
  const store = new SqliteEventStore(path.join(dataDir, 'appends', 'events.sqlite'));
  try {
    // Metadata exactly as commands write it (EventSourcing.toNew).
    const es = new EventSourcing(store, new SystemClock());
    const event = (i: number, k: number): NewEvent =>
      RequestContext.run({ actor: 'bench-user' }, () =>
        es.toNew(
          { type: 'SpaceUpdated', data: { spaceId: `s${i}`, changes: { title: `Title ${i}-${k}` }, updatedAt: new Date().toISOString() } },
          new Date(),
          undefined,
          k,
        ),
      );

    // Warm-up (statement compilation, page cache) on streams of its own.
    for (let i = 0; i < 200; i++) await store.append(`bench.warm-${i}`, [event(i, 0)], 'no_stream');

    // Single-event appends, round-robin over a few streams at the exact expected revision
    // (the command path: optimistic concurrency on every append).
    const revisions = new Array<number>(N.singleAppendStreams).fill(-1);
    const singles = Array.from({ length: N.singleAppends }, (_, i) => event(i, 0));
    const single = await timed(async () => {
      for (let i = 0; i < N.singleAppends; i++) {
        const s = i % N.singleAppendStreams;
        const expected = revisions[s] < 0 ? 'no_stream' : revisions[s];
        revisions[s] = (await store.append(`bench.single-${s}`, [singles[i]], expected)).nextRevision;
      }
    });

    // Batches of 100 events, each batch creating its own stream.
    const batches = Array.from({ length: N.batches }, (_, b) => Array.from({ length: N.batchSize }, (_, k) => event(b, k)));
    const batched = await timed(async () => {
      for (let b = 0; b < N.batches; b++) await store.append(`bench.batch-${b}`, batches[b], 'no_stream');
    });

    const singleRate = N.singleAppends / (single.elapsedMs / 1000);
    const batchEvents = N.batches * N.batchSize;
    const batchRate = batchEvents / (batched.elapsedMs / 1000);
    const line = `appends: single_events_per_s=${Math.round(singleRate)} batch_size=${N.batchSize} batch_events_per_s=${Math.round(batchRate)}`;
    const rows = [
      {
        name: 'Event store: single-event appends',
        throughput: `${rate(singleRate)} events/s`,
        details: `${int(N.singleAppends)} appends of 1 event, round-robin over ${N.singleAppendStreams} streams at the exact expected revision; one SQLite transaction each (WAL, synchronous=NORMAL); ${ms(single.elapsedMs)} ms total`,
      },
      {
        name: 'Event store: batches of 100 events',
        throughput: `${rate(batchRate)} events/s`,
        details: `${N.batches} appends of ${N.batchSize} events (${rate(N.batches / (batched.elapsedMs / 1000))} batches/s), each to a new stream; ${ms(batched.elapsedMs)} ms total`,
      },
    ];
    return { rows, line };
  } finally {
    await store.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 2, 3, 5. HTTP: GET and PATCH of a space on the real API, GET on a bare Nest endpoint
// ---------------------------------------------------------------------------------------------

let BARE_BODY: unknown = {};

@Controller()
class BareController {
  @Get('v1/spaces/:spaceId')
  get() {
    return BARE_BODY;
  }
}

@Module({ controllers: [BareController] })
class BareModule {}

function latencyRow(name: string, r: LoadResult, details: string): Row {
  const failures = Object.entries(r.failures);
  const failed = failures.reduce((n, [, c]) => n + c, 0);
  // A warm-up request shed by a busy machine does not end the run (the measured ones count).
  const warmups = Object.entries(r.warmupFailures ?? {});
  const warm = warmups.reduce((n, [, c]) => n + c, 0);
  return {
    name,
    throughput: `${rate(r.requests / (r.elapsedMs / 1000))} req/s`,
    p50: ms(percentile(r.latenciesMs, 50)),
    p95: ms(percentile(r.latenciesMs, 95)),
    p99: ms(percentile(r.latenciesMs, 99)),
    details:
      details +
      (failed ? `; **${failed} non-2xx responses** (${failures.map(([s, c]) => `${s}: ${c}`).join(', ')}); first: ${r.firstFailure}` : '; all responses 2xx') +
      (warm ? ` (${warm} non-2xx during the warm-up: ${warmups.map(([s, c]) => `${s}: ${c}`).join(', ')})` : ''),
  };
}

async function benchHttp(dataDir: string): Promise<Section> {
  // The rate limiter runs but never binds (25k GETs on one token); log lines are not written.
  const config = PlatformConfig.fromEnv(
    {},
    { dataDir: path.join(dataDir, 'api'), runWorkers: true, rateLimitPerMinute: Number.MAX_SAFE_INTEGER, logLevel: 'silent' },
  );
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ config }), { bodyParser: false, logger: ['error'] });
  let bare: NestExpressApplication | null = null;
  try {
    configureHttp(app);
    const baseUrl = await listen(app);
    config.publicUrl = baseUrl;
    const engine = app.get(ProjectionEngine);
    const events = app.get(EventStore);

    // Organization, user and token through the CLI command, as an operator would.
    const lines: string[] = [];
    await runCli(['bootstrap', '--org', 'Bench Org', '--email', 'bench@example.com', '--name', 'Bench Admin'], app, (l) => lines.push(l));
    const { organizationId, token } = JSON.parse(lines[0]) as { organizationId: string; token: string };
    await engine.waitForHead();
    const headers = { authorization: `Bearer ${token}` };

    const createSpace = (title: string): Promise<string> => createSpaceOver(baseUrl, organizationId, token, title);
    const getSpaceId = await createSpace('Bench space');
    const getPath = `/v1/spaces/${getSpaceId}`;
    const sample = await fetch(baseUrl + getPath, { headers });
    const sampleText = await sample.text();
    if (sample.status !== 200) throw new Error(`GET ${getPath} -> ${sample.status}: ${sampleText}`);
    const bodyBytes = Buffer.byteLength(sampleText);

    // 5. The same GET against a bare Nest endpoint with a constant body of the same size:
    // the very JSON the API returned, with the same Express settings (no ETag, no X-Powered-By),
    // and none of the guard, interceptor, CQRS query and read-store work.
    BARE_BODY = JSON.parse(sampleText);
    bare = await NestFactory.create<NestExpressApplication>(BareModule, { logger: ['error'] });
    bare.disable('x-powered-by');
    bare.set('etag', false);
    const bareUrl = await listen(bare);
    const bareSample = await (await fetch(bareUrl + getPath, { headers })).text();
    const bareBytes = Buffer.byteLength(bareSample);

    // 2 and 5 together: the API's GET and the bare GET alternate in rounds (API, bare, API, ...),
    // so a change of load on the machine during the run affects both sides of the ratio alike.
    log(
      `GET ${getPath}, API and bare alternating: ${N.getWarmup} warm-up + ${N.getCount} requests each in ${N.getRounds} rounds, concurrency ${N.getConcurrency}`,
    );
    const [get, bareGet] = await runLoad({
      targets: [
        { baseUrl, method: 'GET', paths: [getPath], headers },
        { baseUrl: bareUrl, method: 'GET', paths: [getPath], headers },
      ],
      concurrency: N.getConcurrency,
      warmup: N.getWarmup,
      count: N.getCount,
      rounds: N.getRounds,
      countWarmupFailures: true,
    });

    // 3. PATCH /v1/spaces/{id}: one space per client loop, so concurrent PATCHes never conflict.
    const patchPaths: string[] = [];
    for (let i = 0; i < N.patchConcurrency; i++) patchPaths.push(`/v1/spaces/${await createSpace(`Patch space ${i}`)}`);
    await engine.waitForHead();

    // Projection lag, measured in this process for every event a PATCH appends: from the moment
    // EventStore.append() resolves (the event is committed) to the moment
    // ProjectionEngine.waitFor(position) resolves, i.e. every query-serving projection's
    // checkpoint has reached that position. waitFor is woken by the projection runners' progress
    // callbacks (it is the same wait the server's read-your-writes uses), so this is not polling.
    const lags: number[] = [];
    let lagFailures = 0;
    let tracking = false;
    const pending = new Set<Promise<void>>();
    const unhook = hookAppends(events, (stream, outcome) => {
      if (!tracking || !stream.startsWith('spaces.space-') || !('result' in outcome)) return;
      const committed = performance.now();
      const p: Promise<void> = engine.waitFor(outcome.result.position, 30_000).then(
        () => {
          lags.push(performance.now() - committed);
        },
        () => {
          lagFailures++;
        },
      );
      pending.add(p);
      void p.finally(() => pending.delete(p));
    });
    log(`PATCH: ${N.patchWarmup} warm-up + ${N.patchCount} requests at concurrency ${N.patchConcurrency}`);
    let patch: LoadResult;
    try {
      [patch] = await runLoad(
        {
          targets: [{ baseUrl, method: 'PATCH', paths: patchPaths, headers, titlePrefix: 'Bench title ' }],
          concurrency: N.patchConcurrency,
          warmup: N.patchWarmup,
          count: N.patchCount,
          countWarmupFailures: true,
        },
        () => {
          tracking = true;
        },
      );
      tracking = false;
      await Promise.all([...pending]);
    } finally {
      tracking = false;
      unhook();
    }

    const getRps = get.requests / (get.elapsedMs / 1000);
    const bareRps = bareGet.requests / (bareGet.elapsedMs / 1000);
    const line =
      `http: get_rps=${Math.round(getRps)} get_p99_ms=${ms(percentile(get.latenciesMs, 99))} bare_rps=${Math.round(bareRps)} ceiling=${(getRps / bareRps).toFixed(2)} ` +
      `patch_rps=${Math.round(patch.requests / (patch.elapsedMs / 1000))} patch_p99_ms=${ms(percentile(patch.latenciesMs, 99))} lag_p99_ms=${ms(percentile(lags, 99))}`;
    const rows = [
      latencyRow(
        '`GET /v1/spaces/{id}`',
        get,
        `${int(N.getCount)} requests after ${N.getWarmup} warm-up, ${N.getConcurrency} concurrent keep-alive loops, in ${N.getRounds} rounds alternating with the bare GET; bearer token auth, read model lookup, role check; ${bodyBytes}-byte JSON body`,
      ),
      latencyRow(
        '`PATCH /v1/spaces/{id}`',
        patch,
        `${int(N.patchCount)} requests after ${N.patchWarmup} warm-up, ${N.patchConcurrency} concurrent loops, each on its own space, body {"title": "Bench title <n>"} (always a change, so 1 SpaceUpdated event each); includes the read-your-writes wait and the re-read`,
      ),
      {
        name: 'Projection lag (PATCH events)',
        throughput: '—',
        p50: ms(percentile(lags, 50)),
        p95: ms(percentile(lags, 95)),
        p99: ms(percentile(lags, 99)),
        details: `${int(lags.length)} SpaceUpdated events of the measured PATCHes${lagFailures ? ` (**${lagFailures} timed out**)` : ''}: time from EventStore.append() resolving to ProjectionEngine.waitFor(position) resolving, i.e. until every query-serving projection's checkpoint reached the event (in-process hook on the append; waitFor is woken by projection progress callbacks)`,
      },
      latencyRow(
        'Bare Nest `GET` (constant body)',
        bareGet,
        `same path, headers, concurrency, count and rounds (alternating with the API GET); a minimal @Controller with one @Get returning a constant ${bareBytes}-byte JSON body (the API's ${bodyBytes}-byte GET response), ETag and X-Powered-By off like the API`,
      ),
      {
        name: 'Framework ceiling',
        throughput: `${(getRps / bareRps).toFixed(2)}`,
        details: `API GET req/s ÷ bare Nest GET req/s (${rate(getRps)} ÷ ${rate(bareRps)})`,
      },
    ];
    return { rows, line };
  } finally {
    if (bare) await bare.close();
    await app.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 4. Projection rebuild over 100k events
// ---------------------------------------------------------------------------------------------

async function benchRebuild(dataDir: string): Promise<Section> {
  const config = PlatformConfig.fromEnv({}, { dataDir: path.join(dataDir, 'rebuild'), runWorkers: false });
  const ctx = await openContext({ config });
  try {
    const store = ctx.get(EventStore);
    const es = ctx.get(EventSourcing);
    const ids = ctx.get(IdGenerator);
    const engine = ctx.get(ProjectionEngine);
    const organizationId = ids.next();
    const spaceIds = Array.from({ length: N.rebuildSpaces }, () => ids.next());
    const languages = ['en', 'fr', 'de', null] as const;
    const visibilities = ['private', 'public', 'unlisted'] as const;

    // Append the events as the command handlers would (EventSourcing.toNew builds the metadata):
    // round 0 creates every space, rounds 1..9 update each space once, so a space's events are
    // spread over the whole log like in a real store.
    const setup = await timed(() =>
      RequestContext.run({ actor: 'bench-user' }, async () => {
        const started = Date.parse('2026-01-01T00:00:00.000Z');
        for (let round = 0; round < N.rebuildEventsPerSpace; round++) {
          for (let s = 0; s < N.rebuildSpaces; s++) {
            const now = new Date(started + (round * N.rebuildSpaces + s) * 1000);
            const spaceId = spaceIds[s];
            let e: SpaceEvent;
            if (round === 0) {
              const data: SpaceCreated = {
                title: `Space ${s}`,
                emoji: '',
                icon: null,
                visibility: 'private',
                editMode: 'live',
                language: null,
                defaultLevel: null,
                mergeRules: { type: 'inherit' },
                spaceId,
                organizationId,
                parent: null,
                revision: ids.next(),
                createdAt: now.toISOString(),
                duplicatedFrom: null,
              };
              e = { type: 'SpaceCreated', data };
            } else {
              const changes =
                round % 3 === 0
                  ? { visibility: visibilities[(s + round) % visibilities.length], language: languages[(s + round) % languages.length] }
                  : { title: `Space ${s} revision ${round}` };
              e = { type: 'SpaceUpdated', data: { spaceId, changes, updatedAt: now.toISOString() } };
            }
            await store.append(spaceStream(spaceId), [es.toNew(e, now, undefined, 0)], round === 0 ? 'no_stream' : round - 1);
          }
        }
      }),
    );
    const total = N.rebuildSpaces * N.rebuildEventsPerSpace;
    const head = await store.headPosition();
    log(`appended ${int(head)} events in ${ms(setup.elapsedMs)} ms; rebuilding 'spaces'`);

    const rebuilt = await timed(() => engine.rebuild('spaces'));
    const report = rebuilt.result;
    const docs = (await engine.dump('spaces')).spaces?.length ?? 0;
    if (report.events !== total || docs !== N.rebuildSpaces) {
      throw new Error(`rebuild replayed ${report.events} events into ${docs} spaces; expected ${total} events and ${N.rebuildSpaces} spaces`);
    }
    const eventsPerS = report.events / (rebuilt.elapsedMs / 1000);
    const rows = [
      {
        name: "Projection rebuild (`rebuild('spaces')`)",
        throughput: `${rate(eventsPerS)} events/s`,
        details: `${int(report.events)} events (${int(N.rebuildSpaces)} SpaceCreated + ${int(total - N.rebuildSpaces)} SpaceUpdated, interleaved over ${int(N.rebuildSpaces)} spaces) replayed into generation ${report.generation} in ${ms(rebuilt.elapsedMs)} ms, ${int(docs)} space documents; application context with runWorkers=false (setup: appended with the EventStore port in ${ms(setup.elapsedMs)} ms, not counted)`,
      },
    ];
    return { rows, line: `rebuild: events=${report.events} events_per_s=${Math.round(eventsPerS)}` };
  } finally {
    await ctx.close();
  }
}

// ---------------------------------------------------------------------------------------------

function table(rows: Row[]): string {
  const head = ['Benchmark', 'Throughput', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'What is measured'];
  const cell = (s: string | undefined) => (s ?? '—').replace(/\|/g, '\\|');
  return [
    `| ${head.join(' | ')} |`,
    `| ${['---', '---:', '---:', '---:', '---:', '---'].join(' | ')} |`,
    ...rows.map((r) => `| ${[r.name, r.throughput, r.p50, r.p95, r.p99, r.details].map(cell).join(' | ')} |`),
  ].join('\n');
}

type PartResult = { line: string; details: string[] };

async function withDataDir<T>(fn: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-bench-'));
  try {
    return await fn(dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A section of the main table as a part: its rows as detail lines. */
const tablePart = (bench: (dataDir: string) => Promise<Section>) => () =>
  withDataDir(async (dataDir) => {
    const { rows, line } = await bench(dataDir);
    const latency = (r: Row) => (r.p99 ? `, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms` : '');
    return { line, details: rows.map((r) => `${r.name}: ${r.throughput}${latency(r)}; ${r.details}`) };
  });

const catchUpOptions = () => {
  const spaces = process.argv.indexOf('--spaces');
  return spaces > 0 ? { spaces: Number(process.argv[spaces + 1]) } : {};
};

/** Conversations in the full run (the part alone: 100,000): a steady processing rate in a fifth of the time. */
const FULL_RUN_CONVERSATIONS = 20_000;

/** `npm run bench -- <part>` runs one part alone: its details on stderr, its `<part>: key=value ...` line on stdout. */
const PARTS: Record<string, () => Promise<PartResult>> = {
  appends: tablePart(benchEventStore),
  http: tablePart(benchHttp),
  rebuild: tablePart(benchRebuild),
  'patch-one-space': () => runPatchOneSpace(),
  published: () => runPublishedBench(),
  // The whole content benchmark (it builds the 5,000-page space the merge ratio needs).
  merge: async () => {
    const r = await runContentBench();
    return { line: r.line, details: r.rows.map((row) => `${row.metric}: ${row.value}`) };
  },
  'catch-up': () => runCatchUpBench(catchUpOptions()),
  overload: async () => {
    const [line, ...details] = await runOverloadBench();
    return { line, details };
  },
  pdf: runPdfBench,
  search: runSearchBench,
  conversations: () => runConversationsBench(),
  insights: runInsightsBench,
  'as-of': runAsOfBench,
  webhooks: runWebhooksBench,
  audit: async () => (await import('./audit')).runAuditBench(),
};

/** Where the last full run is kept (.bench/ is ignored by git and prettier). */
const LAST_RUN = path.join(path.resolve(__dirname, path.basename(path.dirname(__dirname)) === 'dist' ? '../..' : '..'), '.bench', 'last.json');

interface LastRun {
  startedAt: string;
  finishedAt: string;
  totalSeconds: number;
  machine: string;
  lines: string[];
  figures: Figures;
  /** Parts that threw, with the error. */
  failed: Record<string, string>;
}

function printLastGoals(): void {
  if (!fs.existsSync(LAST_RUN)) {
    log(`no full run recorded yet (${LAST_RUN}): run \`npm run bench\` first`);
    process.exitCode = 1;
    return;
  }
  const last = JSON.parse(fs.readFileSync(LAST_RUN, 'utf8')) as LastRun;
  process.stdout.write(
    [`Goals of the full run finished ${last.finishedAt} (${Math.round(last.totalSeconds)} s; ${last.machine})`, '', goalsTable(last.figures, last.failed)].join(
      '\n',
    ) + '\n',
  );
}

async function main(): Promise<void> {
  const part = process.argv[2];
  if (part === 'goals') return printLastGoals();
  if (part) {
    if (!PARTS[part]) throw new Error(`unknown bench part "${part}" (known: ${[...Object.keys(PARTS), 'goals'].join(', ')})`);
    const r = await PARTS[part]();
    for (const d of r.details) log(d);
    process.stdout.write(r.line + '\n');
    return;
  }
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-bench-'));
  const cpus = os.cpus();
  const load0 = os.loadavg()[0].toFixed(2);
  const machine = `${cpus[0]?.model?.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}`;
  const figures: Figures = {};
  const failed: Record<string, string> = {};
  const lines: string[] = [];
  /** Runs one part; a part that throws is reported (its goals say so) and the run goes on. */
  const run = async <T extends { line: string }>(name: string, label: string, fn: () => Promise<T>): Promise<T | null> => {
    log(`${label} (${Math.round((performance.now() - started) / 1000)} s into the run)`);
    const t0 = performance.now();
    try {
      const r = await fn();
      collect(figures, r.line);
      lines.push(r.line);
      log(`${r.line}  [${Math.round((performance.now() - t0) / 1000)} s]`);
      return r;
    } catch (e) {
      failed[name] = String((e as Error)?.stack ?? e);
      log(`${name} FAILED after ${Math.round((performance.now() - t0) / 1000)} s: ${failed[name]}`);
      process.exitCode = 1;
      return null;
    }
  };
  try {
    log(`data dir ${dataDir}`);
    const appends = await run('appends', 'event store appends', () => benchEventStore(dataDir));
    const http = await run('http', 'HTTP', () => benchHttp(dataDir));
    const rebuild = await run('rebuild', 'projection rebuild', () => benchRebuild(dataDir));
    const content = await run('merge', 'content (revisions, merge, update from main, merge 5,000 ÷ 50 pages)', () => runContentBench());
    const patchOne = await run('patch-one-space', 'PATCH + GET, 10 connections on one space', () => runPatchOneSpace());
    const published = await run('published', 'published site pages vs the bare ceiling', () => runPublishedBench());
    const catchUp = await run('catch-up', 'catch-up (a start 1,000,000 events behind, then at the head)', () => runCatchUpBench());
    const overload = await run('overload', 'overload (500 connections)', async () => {
      const [line, ...details] = await runOverloadBench();
      return { line, details };
    });
    const pdf = await run('pdf', 'pdf (a 500-page space)', () => runPdfBench());
    const search = await run('search', 'search (10,000 pages)', () => runSearchBench());
    const insights = await run('insights', 'insights (1,000,000 visitor events)', () => runInsightsBench());
    const asOf = await run('as-of', 'asOf (a 10,000-event stream)', () => runAsOfBench());
    const webhooks = await run('webhooks', 'webhooks (10 endpoints)', () => runWebhooksBench());
    const audit = await run('audit', 'audit log (1,000,000 events)', async () => (await import('./audit')).runAuditBench());
    const conversations = await run('conversations', `conversations (${FULL_RUN_CONVERSATIONS.toLocaleString('en-US')})`, () =>
      runConversationsBench({ total: FULL_RUN_CONVERSATIONS }),
    );

    const rows: Row[] = [];
    if (appends) rows.push(...appends.rows);
    const [getRow, patchRow, lagRow, bareRow, ceilingRow] = http?.rows ?? [];
    if (http) rows.push(getRow, patchRow, lagRow);
    if (rebuild) rows.push(...rebuild.rows);
    if (http) rows.push(bareRow, ceilingRow);
    const failure = (name: string) => [`**Failed:** ${(failed[name] ?? 'not run').split('\n')[0]}`];
    /** A part's section: intro, details as a list, its line. */
    const section = (title: string, intro: string[], name: string, r: PartResult | null) => [
      `### ${title}`,
      '',
      ...(intro.length ? [...intro, ''] : []),
      ...(r ? [...r.details.map((d) => (d.startsWith('- ') ? d : `- ${d}`)), ...(r.details.length ? [''] : []), r.line] : failure(name)),
      '',
    ];

    const out = [
      '## docs-platform-api benchmark',
      '',
      `- Machine: ${cpus[0]?.model?.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM`,
      `- Node ${process.version} on ${os.platform()} ${os.release()} (${os.arch()})`,
      `- Load average (1 min) at start / end: ${load0} / ${os.loadavg()[0].toFixed(2)} (other processes on the machine skew absolute numbers; compare ratios)`,
      `- Storage: embedded SQLite event store and read store in a fresh temp data dir (${os.tmpdir()})`,
      '- HTTP: server and bare endpoint in this process on 127.0.0.1; the client (global fetch, keep-alive) runs in a worker thread; latencies are client-observed',
      '',
      ...(rows.length ? [table(rows), ''] : []),
      ...(['appends', 'http', 'rebuild'] as const).flatMap((name) => (failed[name] ? [`${name}: ${failure(name)[0]}`, ''] : [])),
      ...[appends, http, rebuild].flatMap((r) => (r ? [r.line] : [])),
      '',
      '### Content: cost in proportion to the change',
      '',
      ...(content
        ? [
            '| Benchmark | Result |',
            '| --- | --- |',
            ...content.rows.map((r) => `| ${r.metric.replace(/\|/g, '\\|')} | ${r.value.replace(/\|/g, '\\|')} |`),
            '',
            content.line,
          ]
        : failure('merge')),
      '',
      ...section('PATCH and read-your-writes GET: 10 connections on one space', [], 'patch-one-space', patchOne),
      ...section('Published site pages against the bare ceiling', [], 'published', published),
      ...section('Catch-up: a start 1,000,000 events behind, then a start at the head', [], 'catch-up', catchUp),
      ...section(
        'Overload: 500 concurrent connections',
        [
          'The server process (main.ts) on its own, 500 keep-alive connections (25 of them PATCH loops) sending back to back for 10 s and retrying 503s at once; a timeout is an answer after 2 s or none.',
        ],
        'overload',
        overload,
      ),
      ...section('PDF: a 500-page space through the signed link', [], 'pdf', pdf),
      ...section('Search: 10,000 pages', [], 'search', search),
      ...section('Insights: 1,000,000 visitor events, embedded', [], 'insights', insights),
      ...section('asOf: a space with 10,000 events', [], 'as-of', asOf),
      ...section('Webhooks: PATCH with 10 endpoints subscribed', [], 'webhooks', webhooks),
      ...section('Audit log: 1,000,000 events', [], 'audit', audit),
      ...section(
        `Conversations: ${FULL_RUN_CONVERSATIONS.toLocaleString('en-US')} ingested and processed`,
        ['(`npm run bench -- conversations` alone: 100,000)'],
        'conversations',
        conversations,
      ),
      '## Goals',
      '',
      goalsTable(figures, failed),
      '',
      `Total run time: ${(Math.round((performance.now() - started) / 100) / 10).toFixed(1)} s`,
    ];
    process.stdout.write(out.join('\n') + '\n');
    const last: LastRun = {
      startedAt,
      finishedAt: new Date().toISOString(),
      totalSeconds: (performance.now() - started) / 1000,
      machine: `${machine}, load average ${load0} → ${os.loadavg()[0].toFixed(2)}`,
      lines,
      figures,
      failed,
    };
    fs.mkdirSync(path.dirname(LAST_RUN), { recursive: true });
    fs.writeFileSync(LAST_RUN, JSON.stringify(last, null, 2) + '\n');
    log(`figures kept in ${LAST_RUN} (\`npm run bench -- goals\` prints the goals table again)`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

process.on('unhandledRejection', (e) => {
  process.stderr.write(`[bench] unhandled rejection: ${(e as Error)?.stack ?? e}\n`);
  process.exitCode = 1;
});

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    process.stderr.write(`[bench] failed: ${e?.stack ?? e}\n`);
    process.exit(1);
  },
);
