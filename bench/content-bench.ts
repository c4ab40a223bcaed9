import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EventStore, PlatformConfig, ProjectionEngine } from '@app/platform';
import { AppModule } from '../apps/api/src/app.module';
import { configureHttp } from '../apps/api/src/bootstrap';
import { runCli } from '../apps/cli/src/cli';
import { hookAppends } from './api';

/**
 * Content benchmark, through the HTTP API of one in-process server over a fresh embedded data
 * folder (so figures include validation, the object store, event appends and read-your-writes):
 *  - one content batch of 50 page inserts;
 *  - merging a one-page change request into a 5,000-page space (up to date, and outdated:
 *    three-way), with the heap delta and the bytes appended to the event store;
 *  - updating a change request from main with 100 disjoint page edits on each side;
 *  - the cost of a merge in proportion to the change (`npm run bench -- merge`): one-page change
 *    requests merged into the 5,000-page space and into a 50-page space of the same server,
 *    alternating, MERGE_SAMPLES each after MERGE_WARMUP; the medians and their ratio (goal,
 *    issue 17: ≤ 2.0).
 */
const MERGE_WARMUP = 3;
const MERGE_SAMPLES = 15;

export interface ContentBenchResult {
  rows: Array<{ metric: string; value: string }>;
  /** `merge: …` with the medians and their ratio. */
  line: string;
}

export async function runContentBench(): Promise<ContentBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-bench-'));
  const config = PlatformConfig.fromEnv({}, { dataDir, schedulerIntervalMs: 3_600_000, rateLimitPerMinute: Number.MAX_SAFE_INTEGER, logLevel: 'silent' });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ config }), { bodyParser: false, logger: ['error'] });
  configureHttp(app);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}/v1`;
  config.publicUrl = base.slice(0, -3);
  const out: Array<{ metric: string; value: string }> = [];
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  try {
    const lines: string[] = [];
    await runCli(['bootstrap', '--org', 'Bench', '--email', 'bench@example.com', '--name', 'Bench'], app, (l) => lines.push(l));
    const { organizationId, token } = JSON.parse(lines[0]);
    // A request the server shed (503 "overloaded": the machine is busy; it does nothing then) is
    // sent again after its Retry-After, and the wait is left out of the timings.
    let shedWaitMs = 0;
    const call = async (method: string, url: string, body?: unknown): Promise<any> => {
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = (await res.json()) as { error?: { message?: string } };
        const message = json.error?.message ?? '';
        if (res.status === 503 && attempt < 30 && message.startsWith('The server is overloaded')) {
          const t0 = performance.now();
          process.stderr.write(`[bench] content: ${method} ${url} shed (${message}); sent again\n`);
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
          shedWaitMs += performance.now() - t0;
          continue;
        }
        if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${JSON.stringify(json)}`);
        return json;
      }
    };
    const timed = async <T>(fn: () => Promise<T>) => {
      const t0 = performance.now();
      const shed0 = shedWaitMs;
      const r = await fn();
      return { r, ms: performance.now() - t0 - (shedWaitMs - shed0) };
    };
    const space = (await call('POST', `/orgs/${organizationId}/spaces`, { title: 'Big' })).id as string;
    const crIn = async (sp: string) => (await call('POST', `/spaces/${sp}/change-requests`, { subject: 'bench', status: 'open' })).id as string;
    const writeIn = (sp: string, id: string, changes: unknown[]) => call('POST', `/spaces/${sp}/change-requests/${id}/content?compat=false`, { changes });
    const cr = () => crIn(space);
    const write = (id: string, changes: unknown[]) => writeIn(space, id, changes);
    const body = (tag: string) => Array.from({ length: 20 }, (_, i) => `${tag} paragraph ${i} with some text.`).join('\n\n');

    // 5,000 pages: 50 sections of 100 pages, written as 100 batches of 50 changes.
    const seed = await cr();
    const sections = await timed(() =>
      write(
        seed,
        Array.from({ length: 50 }, (_, i) => ({ operation: 'insert_page', title: `Section ${i}`, document: { markdown: body(`s${i}`) } })),
      ),
    );
    out.push({ metric: 'content batch: 50 page inserts (ms, empty change request)', value: ms(sections.ms) });
    const sectionIds: string[] = (sections.r as { changes: Array<{ page: { id: string } }> }).changes.map((c: { page: { id: string } }) => c.page.id);
    let batchMs = 0;
    for (let s = 0; s < 50; s++) {
      for (const [half, size] of [
        [0, 50],
        [1, 49],
      ]) {
        const changes = Array.from({ length: size }, (_, i) => ({
          operation: 'insert_page',
          into: sectionIds[s],
          title: `Page ${s}-${half}-${i}`,
          document: { markdown: body(`p${s}-${half}-${i}`) },
        }));
        batchMs = (await timed(() => write(seed, changes))).ms;
      }
    }
    out.push({ metric: 'content batch: 50 page inserts (ms, into a 5,000-page change request)', value: ms(batchMs) });
    await call('POST', `/spaces/${space}/change-requests/${seed}/merge`);
    const pages = (await call('GET', `/spaces/${space}/content/pages`)).pages.flatMap((p: { id: string; pages: Array<{ id: string }> }) => [
      p.id,
      ...p.pages.map((c) => c.id),
    ]);
    out.push({ metric: 'space size (pages)', value: String(pages.length) });

    // Merge of a one-page change request into the 5,000-page space.
    const store = app.get(EventStore);
    const one = await cr();
    await write(one, [{ operation: 'update_page', page: pages[1234], document: { markdown: `${body('edited')}\n\nOne more line.` } }]);
    const merge = async (id: string) => {
      const head = await store.headPosition();
      (global as { gc?: () => void }).gc?.();
      const heap = process.memoryUsage().heapUsed;
      const t = await timed(() => call('POST', `/spaces/${space}/change-requests/${id}/merge`));
      const heapDelta = process.memoryUsage().heapUsed - heap;
      const events = await store.readAll({ after: head });
      const bytes = events.reduce((n, e) => n + JSON.stringify(e.data).length + JSON.stringify(e.metadata).length, 0);
      return { ms: t.ms, heapDelta, events: events.length, bytes };
    };
    const upToDate = await merge(one);
    out.push({ metric: 'merge 1-page change request into 5,000-page space (ms)', value: ms(upToDate.ms) });
    out.push({
      metric: '  heap delta / events / bytes appended',
      value: `${(upToDate.heapDelta / 1e6).toFixed(1)} MB / ${upToDate.events} / ${upToDate.bytes} B`,
    });

    const behind = await cr();
    const ahead = await cr();
    await write(behind, [{ operation: 'update_page', page: pages[42], title: 'Retitled' }]);
    await write(ahead, [{ operation: 'update_page', page: pages[4242], title: 'Moved ahead' }]);
    await call('POST', `/spaces/${space}/change-requests/${ahead}/merge`);
    const threeWay = await merge(behind);
    out.push({ metric: 'merge outdated 1-page change request (three-way) into 5,000-page space (ms)', value: ms(threeWay.ms) });
    out.push({
      metric: '  heap delta / events / bytes appended',
      value: `${(threeWay.heapDelta / 1e6).toFixed(1)} MB / ${threeWay.events} / ${threeWay.bytes} B`,
    });

    // Update from main with 100 disjoint page edits on each side.
    const mine = await cr();
    const theirs = await cr();
    const edits = (from: number, tag: string) =>
      Array.from({ length: 100 }, (_, i) => ({ operation: 'update_page', page: pages[from + i * 7], document: { markdown: `${body(tag)}\n\n${tag} ${i}` } }));
    const ours = edits(100, 'mine');
    const other = edits(2000, 'theirs');
    for (const chunk of [ours.slice(0, 50), ours.slice(50)]) await write(mine, chunk);
    for (const chunk of [other.slice(0, 50), other.slice(50)]) await write(theirs, chunk);
    await call('POST', `/spaces/${space}/change-requests/${theirs}/merge`);
    const update = await timed(() => call('POST', `/spaces/${space}/change-requests/${mine}/update`));
    out.push({ metric: 'update from main, 100 disjoint page edits each side (ms)', value: ms(update.ms) });

    // The same one-page merge into a 50-page space of the same server: the merge's cost should
    // follow the change, not the space. Samples alternate between the spaces (a load change on
    // the machine hits both alike); each is a fresh change request with one page edit.
    // No other open change request in either space (a merge marks those outdated): merge the
    // updated one first.
    await call('POST', `/spaces/${space}/change-requests/${mine}/merge`);
    const small = (await call('POST', `/orgs/${organizationId}/spaces`, { title: 'Small' })).id as string;
    const smallSeed = await crIn(small);
    await writeIn(
      small,
      smallSeed,
      Array.from({ length: 50 }, (_, i) => ({ operation: 'insert_page', title: `Small page ${i}`, document: { markdown: body(`small${i}`) } })),
    );
    await call('POST', `/spaces/${small}/change-requests/${smallSeed}/merge`);
    const smallPages = (await call('GET', `/spaces/${small}/content/pages`)).pages.map((p: { id: string }) => p.id) as string[];
    // Where a merge's time goes: a merge appends the space's new revision, then the change
    // request's merge; the times from the request to each commit, and to the read models past
    // the last one (read-your-writes), against the whole request.
    const engine = app.get(ProjectionEngine);
    let commits: number[] = [];
    let readModels: Promise<number> | null = null;
    const unhook = hookAppends(store, (_, outcome) => {
      if (!('result' in outcome)) return;
      commits.push(performance.now());
      readModels = engine.waitFor(outcome.result.position, 30_000).then(() => performance.now());
    });
    const mergeOne = async (sp: string, page: string, n: number) => {
      const id = await crIn(sp);
      await writeIn(sp, id, [{ operation: 'update_page', page, document: { markdown: `${body(`merge ${n}`)}\n\nMerge sample ${n}.` } }]);
      commits = [];
      readModels = null;
      const t0 = performance.now();
      const t = await timed(() => call('POST', `/spaces/${sp}/change-requests/${id}/merge`));
      const readModelsAt = readModels ? await (readModels as Promise<number>) : NaN;
      return { ms: t.ms, commitsMs: commits.map((c) => c - t0), readModelsMs: readModelsAt - t0 };
    };
    const bigMs: number[] = [];
    const smallMs: number[] = [];
    const bigCommit: number[][] = [];
    const smallCommit: number[][] = [];
    const bigReadModels: number[] = [];
    const smallReadModels: number[] = [];
    try {
      for (let n = 0; n < MERGE_WARMUP + MERGE_SAMPLES; n++) {
        const big = await mergeOne(space, pages[(n * 331 + 17) % pages.length], n);
        const little = await mergeOne(small, smallPages[n % smallPages.length], n);
        if (n >= MERGE_WARMUP) {
          bigMs.push(big.ms);
          smallMs.push(little.ms);
          bigCommit.push(big.commitsMs);
          smallCommit.push(little.commitsMs);
          bigReadModels.push(big.readModelsMs);
          smallReadModels.push(little.readModelsMs);
        }
      }
    } finally {
      unhook();
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    const big = median(bigMs);
    const little = median(smallMs);
    out.push({
      metric: `merge 1-page change request, median of ${MERGE_SAMPLES}: ${pages.length}-page ÷ ${smallPages.length}-page space`,
      value: `${ms(big)} / ${ms(little)} = ${(big / little).toFixed(2)}`,
    });
    /** Medians of the i-th commit's time over the samples, then of the read models' time. */
    const phases = (commits: number[][], readModels: number[]) =>
      [
        ...Array.from({ length: Math.max(...commits.map((c) => c.length)) }, (_, i) => `commit ${i + 1} ${ms(median(commits.map((c) => c[i] ?? NaN)))}`),
        `read models ${ms(median(readModels))}`,
      ].join(', ');
    out.push({
      metric: '  from the request to each append committed, and to the read models past the last (medians)',
      value: `${phases(bigCommit, bigReadModels)} (5,000 pages); ${phases(smallCommit, smallReadModels)} (50 pages)`,
    });
    await app.get(ProjectionEngine).drain();
    return {
      rows: out,
      line: `merge: pages_big=${pages.length} pages_small=${smallPages.length} merge_big_ms=${big.toFixed(1)} merge_small_ms=${little.toFixed(1)} ratio=${(big / little).toFixed(2)}`,
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runContentBench().then(
    (r) => {
      r.rows.forEach((row) => console.log(`${row.metric.padEnd(80)} ${row.value}`));
      console.log(r.line);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
