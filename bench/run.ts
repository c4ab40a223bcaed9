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
import { Controller, Get, INestApplication, Module } from '@nestjs/common';
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
 * endpoint as the framework ceiling. Everything runs in this one process over a fresh temp
 * data folder, except the HTTP clients, which run in a worker thread (see load.ts).
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

async function benchEventStore(dataDir: string): Promise<Row[]> {
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
    return [
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

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

function latencyRow(name: string, r: LoadResult, details: string): Row {
  const failures = Object.entries(r.failures);
  const failed = failures.reduce((n, [, c]) => n + c, 0);
  return {
    name,
    throughput: `${rate(r.requests / (r.elapsedMs / 1000))} req/s`,
    p50: ms(percentile(r.latenciesMs, 50)),
    p95: ms(percentile(r.latenciesMs, 95)),
    p99: ms(percentile(r.latenciesMs, 99)),
    details:
      details +
      (failed ? `; **${failed} non-2xx responses** (${failures.map(([s, c]) => `${s}: ${c}`).join(', ')}); first: ${r.firstFailure}` : '; all responses 2xx'),
  };
}

async function benchHttp(dataDir: string): Promise<Row[]> {
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
    const originalAppend = events.append;
    events.append = async function (this: EventStore, stream, batch, expected) {
      const result = await originalAppend.call(this, stream, batch, expected);
      if (tracking && stream.startsWith('spaces.space-')) {
        const committed = performance.now();
        const p: Promise<void> = engine.waitFor(result.position, 30_000).then(
          () => {
            lags.push(performance.now() - committed);
          },
          () => {
            lagFailures++;
          },
        );
        pending.add(p);
        void p.finally(() => pending.delete(p));
      }
      return result;
    };
    log(`PATCH: ${N.patchWarmup} warm-up + ${N.patchCount} requests at concurrency ${N.patchConcurrency}`);
    let patch: LoadResult;
    try {
      [patch] = await runLoad(
        {
          targets: [{ baseUrl, method: 'PATCH', paths: patchPaths, headers, titlePrefix: 'Bench title ' }],
          concurrency: N.patchConcurrency,
          warmup: N.patchWarmup,
          count: N.patchCount,
        },
        () => {
          tracking = true;
        },
      );
      tracking = false;
      await Promise.all([...pending]);
    } finally {
      tracking = false;
      events.append = originalAppend;
    }

    const getRps = get.requests / (get.elapsedMs / 1000);
    const bareRps = bareGet.requests / (bareGet.elapsedMs / 1000);
    return [
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
  } finally {
    if (bare) await bare.close();
    await app.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 4. Projection rebuild over 100k events
// ---------------------------------------------------------------------------------------------

async function benchRebuild(dataDir: string): Promise<Row[]> {
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
    return [
      {
        name: "Projection rebuild (`rebuild('spaces')`)",
        throughput: `${rate(report.events / (rebuilt.elapsedMs / 1000))} events/s`,
        details: `${int(report.events)} events (${int(N.rebuildSpaces)} SpaceCreated + ${int(total - N.rebuildSpaces)} SpaceUpdated, interleaved over ${int(N.rebuildSpaces)} spaces) replayed into generation ${report.generation} in ${ms(rebuilt.elapsedMs)} ms, ${int(docs)} space documents; application context with runWorkers=false (setup: appended with the EventStore port in ${ms(setup.elapsedMs)} ms, not counted)`,
      },
    ];
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

/** `npm run bench -- <part>` runs one part alone. */
const PARTS: Record<string, () => Promise<void>> = {
  'catch-up': async () => {
    const spaces = process.argv.indexOf('--spaces');
    const r = await runCatchUpBench(spaces > 0 ? { spaces: Number(process.argv[spaces + 1]) } : {});
    for (const d of r.details) log(d);
    process.stdout.write(r.line + '\n');
  },
  overload: async () => {
    process.stdout.write((await runOverloadBench()).join('\n') + '\n');
  },
  pdf: async () => {
    const r = await runPdfBench();
    for (const d of r.details) log(d);
    process.stdout.write(r.line + '\n');
  },
  search: async () => {
    const r = await runSearchBench();
    for (const d of r.details) log(d);
    process.stdout.write(r.line + '\n');
  },
  conversations: async () => {
    const r = await runConversationsBench();
    for (const d of r.details) log(d);
    process.stdout.write(r.line + '\n');
  },
  insights: async () => {
    const r = await runInsightsBench();
    for (const d of r.details) log(d);
    process.stdout.write(r.line + '\n');
  },
  'as-of': async () => {
    const r = await runAsOfBench();
    for (const d of r.details) log(d);
    process.stdout.write(r.line + '\n');
  },
  webhooks: async () => {
    const r = await runWebhooksBench();
    for (const d of r.details) log(d);
    process.stdout.write(r.line + '\n');
  },
  audit: async () => {
    const r = await (await import('./audit')).runAuditBench();
    for (const d of r.details) log(d);
    process.stdout.write(r.line + '\n');
  },
};

async function main(): Promise<void> {
  const part = process.argv[2];
  if (part) {
    if (!PARTS[part]) throw new Error(`unknown bench part "${part}" (known: ${Object.keys(PARTS).join(', ')})`);
    return PARTS[part]();
  }
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-bench-'));
  const cpus = os.cpus();
  const load0 = os.loadavg()[0].toFixed(2);
  try {
    log(`data dir ${dataDir}`);
    log('event store appends');
    const appendRows = await benchEventStore(dataDir);
    log('HTTP');
    const httpRows = await benchHttp(dataDir);
    log('projection rebuild');
    const rebuildRows = await benchRebuild(dataDir);
    log('content (revisions, merge, update from main)');
    const contentRows = await runContentBench();
    log('catch-up (a start 1,000,000 events behind)');
    const catchUp = await runCatchUpBench();
    log('overload (500 connections)');
    const overload = await runOverloadBench();
    log('pdf (a 500-page space)');
    const pdf = await runPdfBench();
    log('search (10,000 pages)');
    const search = await runSearchBench();
    log('insights (1,000,000 visitor events)');
    const insights = await runInsightsBench();
    const [getRow, patchRow, lagRow, bareRow, ceilingRow] = httpRows;
    const rows = [...appendRows, getRow, patchRow, lagRow, ...rebuildRows, bareRow, ceilingRow];

    const out = [
      '## docs-platform-api benchmark',
      '',
      `- Machine: ${cpus[0]?.model?.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM`,
      `- Node ${process.version} on ${os.platform()} ${os.release()} (${os.arch()})`,
      `- Load average (1 min) at start / end: ${load0} / ${os.loadavg()[0].toFixed(2)} (other processes on the machine skew absolute numbers; compare ratios)`,
      `- Storage: embedded SQLite event store and read store in a fresh temp data dir (${os.tmpdir()})`,
      '- HTTP: server and bare endpoint in this process on 127.0.0.1; the client (global fetch, keep-alive) runs in a worker thread; latencies are client-observed',
      '',
      table(rows),
      '',
      '### Content: cost in proportion to the change',
      '',
      '| Benchmark | Result |',
      '| --- | --- |',
      ...contentRows.map((r) => `| ${r.metric.replace(/\|/g, '\\|')} | ${r.value.replace(/\|/g, '\\|')} |`),
      '',
      '### Catch-up: a start 1,000,000 events behind',
      '',
      ...catchUp.details.map((d) => `- ${d}`),
      '',
      catchUp.line,
      '',
      '### Overload: 500 concurrent connections',
      '',
      'The server process (main.ts) on its own, 500 keep-alive connections (25 of them PATCH loops) sending back to back for 10 s and retrying 503s at once; a timeout is an answer after 2 s or none.',
      '',
      ...overload,
      '',
      '### PDF: a 500-page space through the signed link',
      '',
      ...pdf.details.map((d) => `- ${d}`),
      '',
      pdf.line,
      '',
      '### Search: 10,000 pages',
      '',
      ...search.details.map((d) => `- ${d}`),
      '',
      search.line,
      '',
      '### Insights: 1,000,000 visitor events, embedded',
      '',
      ...insights.details.map((d) => `- ${d}`),
      '',
      insights.line,
      '',
      `Total run time: ${(Math.round((performance.now() - started) / 100) / 10).toFixed(1)} s`,
    ];
    process.stdout.write(out.join('\n') + '\n');
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
