import { Injectable, Logger } from '@nestjs/common';
import { EventStore } from '../event-store/event-store.port';
import { RequestContext } from '../http/request-context';
import { Doc, ParkedEvent, ReadStore } from '../read-store/read-store.port';
import { ServiceUnavailable } from '../ddd/errors';
import { PlatformConfig } from '../config/platform-config';
import { ProjectionDefinition, SagaDefinition } from './projection';
import { ProjectionRunner, RunnerTarget } from './projection-runner';

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
  private readonly logger = new Logger('ProjectionEngine');

  constructor(private readonly events: EventStore, private readonly store: ReadStore, private readonly config: PlatformConfig) {}

  registerProjection(def: ProjectionDefinition): void {
    if (this.projections.has(def.name) || this.sagas.has(def.name)) throw new Error(`duplicate projection ${def.name}`);
    this.projections.set(def.name, def);
  }

  registerSaga(def: SagaDefinition): void {
    if (this.projections.has(def.name) || this.sagas.has(def.name)) throw new Error(`duplicate saga ${def.name}`);
    this.sagas.set(def.name, def);
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
    if (p) return { name, handles: new Set(p.handles), apply: (e, ctx) => p.apply(e, ctx) };
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

  async start(): Promise<void> {
    await this.define();
    for (const name of [...this.projections.keys(), ...this.sagas.keys()]) {
      const runner = new ProjectionRunner(this.events, this.store, this.targetOf(name), { retryDelaysMs: this.config.retryDelaysMs });
      runner.onProgress(() => this.wake());
      this.runners.set(name, runner);
      await runner.start();
    }
  }

  async stop(): Promise<void> {
    await Promise.all([...this.runners.values()].map((r) => r.stop()));
    this.runners.clear();
    this.wake();
  }

  private wake() {
    for (const w of [...this.waiters]) w();
  }

  /** Progress of every projection and saga against the head of the store. */
  async status(): Promise<ProjectionStatus[]> {
    const head = await this.events.headPosition();
    const out: ProjectionStatus[] = [];
    const add = async (name: string, kind: 'projection' | 'saga', servesQueries: boolean) => {
      const local = this.runners.get(name);
      const position = local ? local.position : (await this.store.checkpoint(name)).position;
      out.push({ name, kind, servesQueries, position, head, lag: Math.max(0, head - position) });
    };
    for (const p of this.projections.values()) await add(p.name, 'projection', p.servesQueries !== false);
    for (const s of this.sagas.values()) await add(s.name, 'saga', false);
    return out;
  }

  /** Lowest checkpoint among the projections that serve queries. */
  async queryPosition(): Promise<number> {
    let min = Number.MAX_SAFE_INTEGER;
    for (const p of this.projections.values()) {
      if (p.servesQueries === false) continue;
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
      await new Promise<void>((resolve) => {
        const done = () => { clearTimeout(t); this.waiters.delete(done); resolve(); };
        // Projections may run in another process: poll as well as listen.
        const t = setTimeout(done, Math.min(left, this.runners.size ? 50 : 10));
        this.waiters.add(done);
      });
    }
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
        if (Date.now() > deadline) throw new Error(`projections did not reach position ${head} within ${timeoutMs} ms`);
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
    const target = this.targetOf(name);
    if (!this.projections.has(name)) throw new Error(`"${name}" is a saga: sagas are not rebuilt`);
    const started = Date.now();
    const generation = await this.store.createGeneration(name);
    const runner = new ProjectionRunner(this.events, this.store, target, { retryDelaysMs: this.config.retryDelaysMs }, generation);
    runner.generation = generation;
    let events = 0;
    for (;;) {
      const batch = await this.events.readAll({ after: runner.position, maxCount: 1000 });
      if (batch.length > 0) {
        await runner.process(batch);
        events += batch.length;
        onProgress?.(runner.position, await this.events.headPosition());
        continue;
      }
      if (await this.store.activateGeneration(name, generation)) break;
      // The live generation is ahead (a write landed meanwhile): catch up again.
      await new Promise((r) => setTimeout(r, 5));
    }
    const previous = generation - 1;
    // Live runners (here or in another process) notice the switch at their next commit.
    const local = this.runners.get(name);
    if (local) { await local.stop(); await local.start(); }
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
    await ProjectionRunner.replayParked(this.events, this.store, this.targetOf(parked.projection), parked);
    return parked;
  }
}
