import { Injectable, Logger, Optional } from '@nestjs/common';
import { randomBytes } from 'crypto';
import * as os from 'os';
import { EventStore } from '../event-store/event-store.port';
import { RequestContext } from '../http/request-context';
import { Doc, ParkedEvent, ReadStore } from '../read-store/read-store.port';
import { ServiceUnavailable } from '../ddd/errors';
import { PlatformConfig } from '../config/platform-config';
import { gatesQueries, ProjectionDefinition, SagaDefinition } from './projection';
import { ProjectionRunner, RunnerTarget } from './projection-runner';
import { EventFeed } from './event-feed';
import { TurnQueue } from './turn-queue';
import { boundHeap, CatchUpHeap } from './catch-up-heap';
import { InvalidatingCache } from '../cache/invalidating-cache';

/** Longest run of one runner's work before the next runner (and the event loop) gets a turn. */
const SLICE_MS = 20;
/** The event loop gets a turn at least this often during a catch-up. */
const YIELD_EVERY_MS = 10;
/** Events per read of the store, shared by the runners at one position. */
const SLICE_SIZE = 2000;
/**
 * A runner waits while it is this many events ahead of the slowest query-serving projection
 * (that one decides readiness; the feed keeps enough slices for both to share each read).
 */
const CONVOY_LEAD = 2 * SLICE_SIZE;
/** A projection that has not moved for this long is not waited for (it may be failing). */
const CONVOY_STALL_MS = 2000;
/** How often an engine that follows another's read models (followReadModels) looks at their position. */
const FOLLOW_POLL_MS = 5;
/** The lease in the read store that the instance running the projections holds (see lead). */
export const PROJECTIONS_LEASE = 'projections';

/** Whether a lease holder (host/pid/nonce) is a process of this machine that no longer exists. */
export function holderIsGone(holder: string): boolean {
  const [host, pid] = holder.split('/');
  if (host !== os.hostname() || !/^\d+$/.test(pid ?? '') || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Read models unknown to this process (runWorkers=false) are looked up at most this often. */
const REMOTE_STATE_TTL_MS = 250;

/** One projection's or saga's progress, for health checks and operators. */
export interface ProjectionStatus {
  name: string;
  kind: 'projection' | 'saga';
  /** Whether its read models are awaited for read-your-writes. */
  servesQueries: boolean;
  position: number;
  head: number;
  /** Events of the store after its checkpoint (positions, an upper bound on EventStoreDB). */
  lag: number;
  /** Events per second over the recent past, when it has been measured. */
  eventsPerSecond?: number;
  /** Estimated seconds until it reaches the head, when it can be estimated. */
  etaSeconds?: number;
}

/** How far the query-serving read models are behind the head, for gating requests. */
export interface ServingState {
  /** Events (positions) between the head and the slowest query-serving projection. */
  lag: number;
  /** Whether that is more than readyMaxLagEvents: requests that read models then get 503. */
  behind: boolean;
  etaSeconds?: number;
}

export interface RebuildReport {
  projection: string;
  generation: number;
  events: number;
  position: number;
  ms: number;
}

/**
 * Holds every projection and saga of the application, runs them (in workers: the API by
 * default), answers read-your-writes waits, rebuilds projections beside the live read models
 * and replays parked events.
 */
@Injectable()
export class ProjectionEngine {
  private readonly projections = new Map<string, ProjectionDefinition>();
  private readonly sagas = new Map<string, SagaDefinition>();
  private readonly runners = new Map<string, ProjectionRunner>();
  private readonly waiters = new Set<() => void>();
  private defined = false;
  private feed: EventFeed | null = null;
  private remoteState: { at: number; state: Promise<ServingState> } | null = null;
  /** Read models this engine's afterReadModels projections wait for, kept by another engine (see followReadModels). */
  private followed: { position: () => Promise<number>; at: number } | null = null;
  private positionSource: ((names: readonly string[]) => Promise<number>) | null = null;
  private readonly heap = new CatchUpHeap();
  /** Every runner of this process, live or rebuilding, takes turns here. */
  readonly turns = new TurnQueue(YIELD_EVERY_MS);
  private readonly logger = new Logger('ProjectionEngine');
  /** This instance, as the projections lease names it. */
  readonly holder = `${os.hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;
  private leading = false;
  private leadStopped = true;
  private leaseTimer: NodeJS.Timeout | null = null;
  private leaseTurn: Promise<void> = Promise.resolve();
  private readonly leadershipListeners = new Set<(leading: boolean) => void>();

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly config: PlatformConfig,
    /**
     * The application's cache of read-model answers: enabled while this engine runs the
     * query-serving projections, whose runners invalidate it (engines of other stores have none).
     */
    @Optional() private readonly cache?: InvalidatingCache,
  ) {}

  registerProjection(def: ProjectionDefinition): void {
    if (this.projections.has(def.name) || this.sagas.has(def.name)) throw new Error(`duplicate projection ${def.name}`);
    // It would wait for itself.
    if (def.afterReadModels && def.servesQueries !== false) throw new Error(`projection ${def.name}: afterReadModels needs servesQueries: false`);
    this.projections.set(def.name, def);
  }

  registerSaga(def: SagaDefinition): void {
    if (this.projections.has(def.name) || this.sagas.has(def.name)) throw new Error(`duplicate saga ${def.name}`);
    this.sagas.set(def.name, def);
  }

  /** Every registered projection's definition (operations, the projections contract suite). */
  projectionDefinitions(): ProjectionDefinition[] {
    return [...this.projections.values()];
  }

  projectionNames(): string[] {
    return [...this.projections.keys()];
  }

  collectionsOf(name: string): string[] {
    return this.projection(name).collections.map((c) => c.name);
  }

  private projection(name: string): ProjectionDefinition {
    const def = this.projections.get(name);
    if (!def) throw new Error(`unknown projection "${name}" (known: ${this.projectionNames().join(', ')})`);
    return def;
  }

  private targetOf(name: string): RunnerTarget {
    const p = this.projections.get(name);
    if (p) return { name, handles: new Set(p.handles), apply: (e, ctx) => p.apply(e, ctx), invalidates: p.invalidates && ((e) => p.invalidates!(e)) };
    const s = this.sagas.get(name);
    if (!s) throw new Error(`unknown projection or saga "${name}"`);
    return {
      name,
      handles: new Set(s.handles),
      // Commands a saga sends carry the event's correlation id and the event as their cause.
      apply: (e) => RequestContext.run({ actor: e.metadata.actor, correlationId: e.metadata.correlationId, causationId: e.id }, () => s.react(e)),
    };
  }

  /** Declares every read-model collection (every process does this before reading). */
  async define(): Promise<void> {
    if (this.defined) return;
    for (const p of this.projections.values()) await this.store.defineProjection(p.name, p.collections);
    for (const s of this.sagas.values()) await this.store.defineProjection(s.name, []);
    this.defined = true;
  }

  /**
   * Starts every projection and saga from its checkpoint and returns at once: the catch-up
   * runs in turns in the background, so the process can listen and answer meanwhile.
   */
  async start(): Promise<void> {
    await this.define();
    // Runners are at most CONVOY_LEAD plus a turn's slice ahead of the slowest, which reads one
    // more: every slice in between stays cached, so each event is read and parsed once.
    const feed = new EventFeed(this.events, { sliceSize: SLICE_SIZE, cachedSlices: CONVOY_LEAD / SLICE_SIZE + 4 });
    await feed.open(true);
    this.feed = feed;
    for (const name of [...this.projections.keys(), ...this.sagas.keys()]) {
      const saga = this.sagas.has(name) || this.projections.get(name)?.afterReadModels ? { readModelsAt: this.readModelsAt } : {};
      // Runners of projections that cached answers come from invalidate them (rebuilds do not:
      // their generation serves nothing until the switch, which clears the cache).
      const cache = this.projections.get(name)?.invalidates ? { cache: this.cache } : {};
      const projection = this.projections.get(name);
      const background = projection !== undefined && !gatesQueries(projection);
      const runner = new ProjectionRunner(this.events, this.store, this.targetOf(name), {
        ...this.runnerOptions(feed),
        convoy: this.convoy,
        ...saga,
        ...cache,
        background,
      });
      runner.onProgress(() => this.wake());
      this.runners.set(name, runner);
      await runner.start();
    }
    // The answers of the read models may be cached now that their runners invalidate them here.
    if (this.projectsHere) this.cache?.enable();
    if ((await this.servingState()).behind) {
      this.heap.bound(
        async () => (await this.servingState()).behind,
        () => this.logger.log('caught up with the event store'),
      );
    }
  }

  private runnerOptions(feed: EventFeed) {
    return { retryDelaysMs: this.config.retryDelaysMs, feed, turns: this.turns, sliceMs: SLICE_MS };
  }

  /** See CONVOY_LEAD. */
  private readonly convoy = {
    blocked: (runner: ProjectionRunner): boolean => {
      const now = performance.now();
      let slowest = Number.POSITIVE_INFINITY;
      for (const p of this.projections.values()) {
        const r = this.runners.get(p.name);
        if (!r || r === runner || !gatesQueries(p) || now - r.progressAt > CONVOY_STALL_MS) continue;
        slowest = Math.min(slowest, r.applied);
      }
      return runner.applied - slowest > CONVOY_LEAD;
    },
    progress: () => this.nextProgress(50),
  };

  /** See RunnerOptions.readModelsAt: the query-serving projections of this process, or the followed ones. */
  private readonly readModelsAt = {
    reached: (position: number): boolean => {
      if (this.followed && this.followed.at < position) return false;
      for (const p of this.projections.values()) {
        const r = this.runners.get(p.name);
        if (gatesQueries(p) && r && r.position < position) return false;
      }
      return true;
    },
    progress: async () => {
      if (!this.followed) return this.nextProgress(50);
      // Another engine's progress is not announced here: poll it.
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_POLL_MS));
      this.followed.at = await this.followed.position();
    },
  };

  /**
   * For an engine that runs only afterReadModels projections beside the engine that keeps the
   * query-serving read models (a worker thread of the same process, say): its projections wait
   * until `position()` — that engine's committed query position — has passed each event.
   */
  followReadModels(position: () => Promise<number>): void {
    this.followed = { position, at: 0 };
  }

  /** Stops after each runner's current turn (its commit completes). */
  /**
   * Runs the projections and sagas while this instance holds the projections lease in the read
   * store — one instance, and only one, of those sharing a store — and otherwise follows the
   * leader's read models (queries and read-your-writes read its checkpoints). The lease lasts
   * projectionLeaseMs and is renewed every third of it; when its holder dies another instance
   * takes over once it expires, or at once when the holder was a process of this machine that
   * no longer exists (a restart after kill -9 does not wait). A renewal that fails stops the
   * runners before the lease can pass to another: never two leaders.
   */
  async lead(): Promise<void> {
    await this.define();
    this.leadStopped = false;
    await this.leaseRound();
  }

  /** Position of the last event in the store. */
  headPosition(): Promise<number> {
    return this.events.headPosition();
  }

  /** Whether this instance runs the projections now (see lead). */
  get isLeading(): boolean {
    return this.leading;
  }

  /** Called with true when this instance starts running the projections, false when it stops. */
  onLeadership(listener: (leading: boolean) => void): () => void {
    this.leadershipListeners.add(listener);
    return () => this.leadershipListeners.delete(listener);
  }

  private leaseRound(): Promise<void> {
    this.leaseTurn = this.leaseTurn.then(async () => {
      if (this.leadStopped) return;
      const ttl = this.config.projectionLeaseMs;
      let held: boolean;
      try {
        held = await this.store.acquireLease(PROJECTIONS_LEASE, this.holder, ttl);
        if (!held && !this.leading) {
          const other = await this.store.leaseHolder(PROJECTIONS_LEASE);
          if (other && holderIsGone(other)) {
            this.logger.log(`taking over the projections from ${other}, a process of this machine that has ended`);
            held = await this.store.acquireLease(PROJECTIONS_LEASE, this.holder, ttl, other);
          }
        }
      } catch (e) {
        this.logger.error(`cannot renew the projections lease: ${(e as Error).message}`);
        held = false;
      }
      if (this.leadStopped) return;
      if (held && !this.leading) {
        this.leading = true;
        this.logger.log(`running the projections (lease ${this.holder})`);
        await this.start();
        for (const l of this.leadershipListeners) l(true);
      } else if (!held && this.leading) {
        this.leading = false;
        this.logger.warn('the projections lease passed to another instance: following its read models');
        for (const l of this.leadershipListeners) l(false);
        await this.stopRunners();
      }
      this.leaseTimer = setTimeout(() => void this.leaseRound(), Math.max(100, Math.floor(ttl / 3)));
      this.leaseTimer.unref();
    });
    return this.leaseTurn;
  }

  /** Stops the runners and gives the projections lease up (another instance takes over at once). */
  async stop(): Promise<void> {
    this.leadStopped = true;
    if (this.leaseTimer) clearTimeout(this.leaseTimer);
    this.leaseTimer = null;
    await this.leaseTurn;
    const leading = this.leading;
    if (leading) {
      this.leading = false;
      for (const l of this.leadershipListeners) l(false);
    }
    await this.stopRunners();
    if (leading) await this.store.releaseLease(PROJECTIONS_LEASE, this.holder).catch(() => undefined);
  }

  private async stopRunners(): Promise<void> {
    this.cache?.disable();
    this.heap.release();
    await Promise.all([...this.runners.values()].map((r) => r.stop()));
    this.runners.clear();
    await this.feed?.close();
    this.feed = null;
    this.wake();
  }

  private wake() {
    for (const w of [...this.waiters]) w();
  }

  /** Progress of every projection and saga against the head of the store. */
  async status(): Promise<ProjectionStatus[]> {
    const head = await this.events.headPosition();
    this.feed?.advance(head);
    const out: ProjectionStatus[] = [];
    const add = async (name: string, kind: 'projection' | 'saga', servesQueries: boolean) => {
      const local = this.runners.get(name);
      const position = local ? local.position : (await this.store.checkpoint(name)).position;
      const s: ProjectionStatus = { name, kind, servesQueries, position, head, lag: Math.max(0, head - position) };
      if (local) {
        s.eventsPerSecond = local.eventsPerSecond();
        s.etaSeconds = local.etaSeconds(head);
      }
      out.push(s);
    };
    for (const p of this.projections.values()) await add(p.name, 'projection', gatesQueries(p));
    for (const s of this.sagas.values()) await add(s.name, 'saga', false);
    return out;
  }

  /**
   * How far the query-serving read models are behind, from what this process knows (no store
   * round trip when the projections run here: it is asked on every request).
   */
  async servingState(): Promise<ServingState> {
    const local = [...this.projections.values()].filter(gatesQueries).map((p) => this.runners.get(p.name));
    if (this.feed && local.every((r) => r)) {
      const head = this.feed.head;
      let lag = 0;
      let etaSeconds: number | undefined = 0;
      for (const r of local as ProjectionRunner[]) {
        lag = Math.max(lag, head - r.position);
        const eta = r.etaSeconds(head);
        etaSeconds = eta === undefined || etaSeconds === undefined ? undefined : Math.max(etaSeconds, eta);
      }
      return { lag, behind: lag > this.config.readyMaxLagEvents, etaSeconds };
    }
    // Projections run in another process: ask the stores, at most every REMOTE_STATE_TTL_MS.
    if (!this.remoteState || performance.now() - this.remoteState.at > REMOTE_STATE_TTL_MS) {
      const state = (async (): Promise<ServingState> => {
        const lag = Math.max(0, (await this.events.headPosition()) - (await this.queryPosition()));
        return { lag, behind: lag > this.config.readyMaxLagEvents };
      })();
      this.remoteState = { at: performance.now(), state };
      state.catch(() => {
        this.remoteState = null;
      });
    }
    return this.remoteState.state;
  }

  /**
   * Before a request that reads read models: resolves at once when they are within
   * readyMaxLagEvents of the head; when a catch-up should end within `maxWaitMs`, waits for it;
   * otherwise throws 503 with Retry-After the estimated time to catch up.
   */
  async ensureServing(maxWaitMs = 1000): Promise<void> {
    let state = await this.servingState();
    if (!state.behind) return;
    if (state.etaSeconds !== undefined && state.etaSeconds * 1000 <= maxWaitMs) {
      const deadline = Date.now() + maxWaitMs;
      while (state.behind && Date.now() < deadline) {
        await this.nextProgress(deadline - Date.now());
        state = await this.servingState();
      }
      if (!state.behind) return;
    }
    const retryAfter = Math.min(300, Math.max(1, Math.ceil(state.etaSeconds ?? 5)));
    throw new ServiceUnavailable(
      `The read models are catching up with the event store (${state.lag} events behind); retry in about ${retryAfter} s`,
      retryAfter,
    );
  }

  private nextProgress(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.waiters.delete(done);
        resolve();
      };
      const t = setTimeout(done, Math.min(ms, this.runners.size ? 50 : 10));
      this.waiters.add(done);
    });
  }

  /**
   * In a lane's worker thread the projections run in the parent thread: where they are (in
   * memory there, ahead of the checkpoints they store lazily) comes from it (see positionOf).
   */
  answerPositionsFrom(source: (names: readonly string[]) => Promise<number>): void {
    this.positionSource = source;
  }

  /** Lowest position of the named projections: in memory for those running here, else their stored checkpoints. */
  async positionOf(names: readonly string[]): Promise<number> {
    if (this.positionSource) return this.positionSource(names);
    let min = Number.MAX_SAFE_INTEGER;
    for (const name of names) {
      const local = this.runners.get(name);
      min = Math.min(min, local ? local.position : (await this.store.checkpoint(name)).position);
    }
    return min === Number.MAX_SAFE_INTEGER ? 0 : min;
  }

  /**
   * For the queries of a projection with consistency 'own': 503 with Retry-After while it is
   * far behind (catching up), else waits (bounded) until it includes everything the read models
   * that gate every request include, so a caller's earlier writes are in it.
   */
  async awaitProjection(name: string, timeoutMs = this.config.consistencyTimeoutMs): Promise<void> {
    const target = await this.queryPosition();
    let at = await this.positionOf([name]);
    if (at >= target) return;
    const behind = (this.feed?.head ?? (await this.events.headPosition())) - at;
    if (behind > this.config.readyMaxLagEvents) {
      const eta = this.runners.get(name)?.etaSeconds(this.feed?.head ?? at + behind);
      throw new ServiceUnavailable(
        `The ${name} read model is catching up (${behind} events behind); retry shortly`,
        Math.min(300, Math.max(1, Math.ceil(eta ?? 5))),
      );
    }
    const deadline = Date.now() + timeoutMs;
    while (at < target) {
      const left = deadline - Date.now();
      if (left <= 0) throw new ServiceUnavailable(`The ${name} read model has not caught up with the latest writes yet; retry shortly`, 1);
      await this.nextProgress(left);
      at = await this.positionOf([name]);
    }
  }

  /** Lowest checkpoint among the projections that serve queries. */
  async queryPosition(): Promise<number> {
    let min = Number.MAX_SAFE_INTEGER;
    for (const p of this.projections.values()) {
      if (!gatesQueries(p)) continue;
      const local = this.runners.get(p.name);
      const pos = local ? local.position : (await this.store.checkpoint(p.name)).position;
      min = Math.min(min, pos);
    }
    return min === Number.MAX_SAFE_INTEGER ? 0 : min;
  }

  /**
   * Read-your-writes: resolves once every query-serving projection has passed `position`;
   * past `timeoutMs`, throws 503 so a caller never reads stale data silently.
   */
  async waitFor(position: number, timeoutMs = this.config.consistencyTimeoutMs): Promise<void> {
    if (position <= 0) return;
    const deadline = Date.now() + timeoutMs;
    while ((await this.queryPosition()) < position) {
      const left = deadline - Date.now();
      if (left <= 0) throw new ServiceUnavailable('The read models have not caught up with this write yet; retry shortly', 1);
      // Projections may run in another process: poll as well as listen.
      await this.nextProgress(left);
    }
  }

  /** True when this process runs the query-serving projections itself (runWorkers). */
  get projectsHere(): boolean {
    return [...this.projections.values()].some((p) => gatesQueries(p) && this.runners.has(p.name));
  }

  /** Waits until the read models include every write of the current request so far. */
  async settle(): Promise<void> {
    await this.waitFor(RequestContext.current()?.writePosition ?? 0);
  }

  /**
   * Waits until every local runner — projections, sagas, timers — has processed everything in
   * the store, including events the sagas appended meanwhile (operations and tests).
   */
  async drain(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const head = await this.events.headPosition();
      while ([...this.runners.values()].some((r) => r.position < head)) {
        if (Date.now() > deadline) {
          const behind = [...this.runners.values()].filter((r) => r.position < head).map((r) => `${r.name} at ${r.position}`);
          throw new Error(`projections did not reach position ${head} within ${timeoutMs} ms: ${behind.join(', ')}`);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      if ((await this.events.headPosition()) === head) return;
    }
  }

  /** Waits until the read models include everything in the store now. */
  async waitForHead(timeoutMs?: number): Promise<void> {
    await this.waitFor(await this.events.headPosition(), timeoutMs);
  }

  /**
   * Replays the whole event store into a new generation of the projection's collections while
   * the live one keeps serving, then switches to it once it has caught up.
   */
  async rebuild(name: string, onProgress?: (position: number, head: number) => void): Promise<RebuildReport> {
    await this.define();
    if (!this.projections.has(name)) throw new Error(`"${name}" is a saga: sagas are not rebuilt`);
    const target = this.targetOf(name);
    const started = Date.now();
    const generation = await this.store.createGeneration(name);
    // Its own feed (it reads from the start, far from the live runners), the engine's turns.
    const feed = new EventFeed(this.events, { sliceSize: SLICE_SIZE * 2, cachedSlices: 1 });
    await feed.open(false);
    const runner = new ProjectionRunner(this.events, this.store, target, { ...this.runnerOptions(feed), sliceMs: SLICE_MS * 5, background: true }, generation);
    const report = () => onProgress?.(runner.position, feed.head);
    runner.onProgress(report);
    const unboundHeap = boundHeap();
    try {
      await runner.start();
      for (;;) {
        const head = await this.events.headPosition();
        feed.advance(head);
        await new Promise<void>((resolve) => {
          const check = () => {
            if (runner.position >= head) {
              off();
              resolve();
            }
          };
          const off = runner.onProgress(check);
          check();
        });
        if (await this.store.activateGeneration(name, generation)) {
          // Queries read the new generation from now on: no answer of the old one may be served.
          this.cache?.clear();
          break;
        }
        // The live generation is ahead (a write landed meanwhile): catch up again.
        await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      await runner.stop();
      await feed.close();
      unboundHeap();
    }
    const events = runner.eventsSeen;
    const previous = generation - 1;
    // Live runners (here or in another process) notice the switch at their next commit.
    const local = this.runners.get(name);
    if (local) {
      await local.stop();
      await local.start();
    }
    this.logger.log(`rebuilt ${name} into generation ${generation} (${events} events, previous generation ${previous} kept until the next rebuild)`);
    return { projection: name, generation, events, position: runner.position, ms: Date.now() - started };
  }

  async dump(name: string): Promise<Record<string, Doc[]>> {
    const out: Record<string, Doc[]> = {};
    for (const c of this.collectionsOf(name)) out[c] = await this.store.dump(c);
    return out;
  }

  listParked(name?: string): Promise<ParkedEvent[]> {
    return this.store.listParked(name);
  }

  async replayParked(id: string): Promise<ParkedEvent> {
    const parked = (await this.store.listParked()).find((p) => p.id === id);
    if (!parked) throw new Error(`no parked event with id ${id}`);
    await ProjectionRunner.replayParked(this.events, this.store, this.targetOf(parked.projection), parked, this.cache);
    return parked;
  }
}
