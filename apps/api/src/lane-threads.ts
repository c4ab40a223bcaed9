import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import * as path from 'path';
import { EventLoopUtilization, performance } from 'perf_hooks';
import { Worker } from 'worker_threads';
import { LANE_LOAD_EVERY_MS, LaneDemand, PlatformConfig, ProjectionEngine } from '@app/platform';

/** Lanes of work that run in a worker thread of their own, and when. */
const LANES: Array<{ name: string; inThread: (c: PlatformConfig) => boolean }> = [
  // Webhook dispatch and delivery: writes never wait for deliveries (issue 19).
  { name: 'webhooks', inThread: (c) => c.webhookDelivery === 'thread' },
];
/** A lane that failed is started again after this (doubling up to a minute). */
const RESTART_MS = 1000;

/**
 * Starts each lane's worker thread in the process that runs workers, once the lane is wanted
 * (LaneDemand: a lane on demand waits until a context says it has work), restarts one that fails,
 * and stops them (each finishing its work in progress) before the application shuts down.
 */
@Injectable()
export class LaneThreads implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LaneThreads');
  private readonly threads = new Map<string, Worker>();
  private stopping = false;

  constructor(
    private readonly config: PlatformConfig,
    private readonly engine: ProjectionEngine,
    private readonly demand: LaneDemand,
  ) {}

  /** Lanes run where the projections run: on the instance holding the projections lease. */
  private leading = false;

  onApplicationBootstrap(): void {
    if (!this.config.runWorkers || this.config.lane !== null) return;
    this.engine.onLeadership((leading) => this.lead(leading));
    this.demand.onWanted((name) => {
      const lane = LANES.find((l) => l.name === name);
      if (lane && this.leading && this.runsHere(lane)) this.start(lane.name, RESTART_MS);
    });
    if (this.engine.isLeading) this.lead(true);
  }

  private lead(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    if (leading) for (const lane of LANES) if (this.runsHere(lane)) this.start(lane.name, RESTART_MS);
    if (!leading) void this.stopThreads();
  }

  /** A lane whose thread this process starts: one run in a thread, and wanted. */
  private runsHere(lane: (typeof LANES)[number]): boolean {
    return lane.inThread(this.config) && this.demand.isWanted(lane.name);
  }

  private start(lane: string, backoffMs: number): void {
    if (this.stopping || !this.leading || this.threads.has(lane)) return;
    const worker = spawn(lane, this.config);
    this.threads.set(lane, worker);
    this.tellLoad();
    let ready = false;
    worker.on('message', (m: unknown) => {
      if (m === 'ready') {
        ready = true;
        this.logger.log(`lane ${lane} runs in worker thread ${worker.threadId}`);
      } else if (isQuestion(m)) this.answer(worker, m.id, m.names);
      else if (m && typeof m === 'object' && 'failed' in m) this.logger.error(`lane ${lane} failed to start: ${String(m.failed)}`);
    });
    worker.on('error', (e) => this.logger.error(`lane ${lane} failed: ${e.stack ?? e.message}`));
    worker.on('exit', (code) => {
      if (this.threads.get(lane) === worker) this.threads.delete(lane);
      if (this.stopping || !this.leading) return;
      const wait = ready ? RESTART_MS : backoffMs;
      this.logger.error(`lane ${lane} stopped (exit ${code}); starting it again in ${wait} ms`);
      setTimeout(() => this.start(lane, Math.min(60_000, wait * 2)), wait).unref();
    });
  }

  private loadTimer: NodeJS.Timeout | null = null;

  /**
   * Tells every lane, every LANE_LOAD_EVERY_MS while one runs, how busy this event loop (the
   * API's) was since the last time: a lane keeps to its budget while it is busy (LanePacer).
   */
  private tellLoad(): void {
    if (this.loadTimer) return;
    let last: EventLoopUtilization = performance.eventLoopUtilization();
    this.loadTimer = setInterval(() => {
      if (this.threads.size === 0) {
        clearInterval(this.loadTimer!);
        this.loadTimer = null;
        return;
      }
      const now = performance.eventLoopUtilization();
      const busy = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      for (const w of this.threads.values()) w.postMessage({ type: 'load', busy });
    }, LANE_LOAD_EVERY_MS).unref();
  }

  /** A lane asks where projections are (they run here, ahead of their stored checkpoints). */
  private answer(worker: Worker, id: number, names: string[]): void {
    this.engine.positionOf(names).then(
      (position) => worker.postMessage({ type: 'position', id, position }),
      () => worker.postMessage({ type: 'position', id, position: 0 }),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.stopThreads();
  }

  /** Asks each thread to finish its work in progress and end (ended after shutdownTimeoutMs). */
  private async stopThreads(): Promise<void> {
    await Promise.all(
      [...this.threads.values()].map(
        (w) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => void w.terminate(), this.config.shutdownTimeoutMs).unref();
            w.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            w.postMessage('stop');
          }),
      ),
    );
  }
}

const isQuestion = (m: unknown): m is { type: 'position?'; id: number; names: string[] } =>
  !!m && typeof m === 'object' && (m as { type?: unknown }).type === 'position?';

/**
 * The thread runs lane.worker from the build, or from the TypeScript sources through the
 * repository's swc loader when this process runs them too (tests, `ts-node`-style runs).
 */
function spawn(lane: string, config: PlatformConfig): Worker {
  const workerData = { lane, config: JSON.parse(JSON.stringify(config)) as unknown };
  if (__filename.endsWith('.js')) return new Worker(path.join(__dirname, 'lane.worker.js'), { workerData });
  const loader = path.resolve(__dirname, '..', '..', '..', 'test', 'support', 'register-ts.js');
  const entry = path.join(__dirname, 'lane.worker.ts');
  return new Worker(`require(${JSON.stringify(loader)}); require(${JSON.stringify(entry)});`, { eval: true, workerData });
}
