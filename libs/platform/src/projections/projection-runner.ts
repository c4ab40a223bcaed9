import { Logger } from '@nestjs/common';
import { EventStore, RecordedEvent } from '../event-store/event-store.port';
import { upcast } from '../ddd/domain-event';
import { ParkedEvent, ReadStore } from '../read-store/read-store.port';
import { UnitOfWork } from './unit-of-work';
import { ProjectionContext } from './projection';
import { EventFeed, SliceEvent } from './event-feed';
import { RateMeter } from './rate-meter';
import { TurnQueue } from './turn-queue';

export interface RunnerTarget {
  name: string;
  handles: Set<string>;
  apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void>;
}

export interface RunnerOptions {
  /** Backoff between attempts of a failing handler; after the last one the event is parked. */
  retryDelaysMs: number[];
  /** Shared reader of the global stream (the engine's); a runner started alone makes its own. */
  feed?: EventFeed;
  /** Shared turns (the engine's); a runner started alone makes its own. */
  turns?: TurnQueue;
  /** Longest run of work in one turn before the runner commits and lets the next one go. */
  sliceMs?: number;
  /** An idle runner looks at the store this often even when nothing woke it. */
  idlePollMs?: number;
  /**
   * Keeps a runner from running ahead of slower ones (so they share the feed's reads): while
   * `blocked(position)`, the runner waits for `progress()`.
   */
  convoy?: { blocked(runner: ProjectionRunner): boolean; progress(): Promise<void> };
}

/** A turn that wrote nothing moves the checkpoint at most this often (or when caught up). */
const CHECKPOINT_EVERY_MS = 250;

class StaleCheckpoint extends Error {}

/** A store that can serve a runner's reads better when told where its turns begin and end. */
interface TurnAware {
  beginTurn?(): void;
  endTurn?(): void;
}

type Step = { kind: 'progress' } | { kind: 'held' } | { kind: 'idle' } | { kind: 'backoff'; ms: number } | { kind: 'stale' } | { kind: 'error' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** What a failure is logged and parked with: the stack when there is one, else the thrown value. */
const stackOf = (e: unknown): string => (e instanceof Error && e.stack ? e.stack : String(e));

/**
 * Drives one projection (or saga) from its durable checkpoint. It works in turns (see
 * TurnQueue): each turn applies the events after the checkpoint for at most `sliceMs` to a unit
 * of work and commits them together with the checkpoint; if another worker moved the checkpoint
 * (or a rebuild switched generations), the turn is discarded and the runner resumes from the
 * stored checkpoint, so nothing is applied twice. A failing event is retried in later turns
 * after a backoff (other runners keep going meanwhile), then parked.
 */
export class ProjectionRunner {
  private stopped = true;
  private loop: Promise<void> | null = null;
  private listeners = new Set<() => void>();
  private failing: { position: number; attempts: number } | null = null;
  private ownFeed: EventFeed | null = null;
  private readonly turns: TurnQueue;
  private readonly rate = new RateMeter();
  /** Everything up to here is applied (the stored checkpoint may trail it, see CHECKPOINT_EVERY_MS). */
  position = 0;
  generation = 0;
  /** Events taken past (handled or skipped) since this runner was made. */
  eventsSeen = 0;
  /** When the position last moved (performance.now()). */
  progressAt = performance.now();
  private committed = 0;
  private committedAt = 0;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly target: RunnerTarget,
    private readonly options: RunnerOptions,
    /** Rebuilds write into a fixed, not yet active generation. */
    private readonly fixedGeneration?: number,
    private readonly logger = new Logger(`Projection:${target.name}`),
  ) {
    this.turns = options.turns ?? new TurnQueue();
  }

  get name(): string {
    return this.target.name;
  }

  private get feed(): EventFeed {
    const feed = this.options.feed ?? this.ownFeed;
    if (!feed) throw new Error(`runner ${this.target.name} has no event feed`);
    return feed;
  }

  /** Loads the checkpoint and starts working in the background (a catch-up is not awaited). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.load();
    if (!this.options.feed && !this.ownFeed) {
      this.ownFeed = new EventFeed(this.events);
      await this.ownFeed.open(true);
    }
    if (this.stopped) return;
    this.notify();
    this.loop = this.run();
  }

  async load(): Promise<void> {
    if (this.fixedGeneration !== undefined) {
      this.generation = this.fixedGeneration;
      this.position = await this.store.generationCheckpoint(this.target.name, this.generation);
    } else {
      const cp = await this.store.checkpoint(this.target.name);
      this.generation = cp.generation;
      this.position = cp.position;
    }
    this.committed = this.position;
    this.committedAt = performance.now();
    this.progressAt = performance.now();
  }

  /** Stops after the current turn (its commit completes). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.ownFeed?.close();
    this.ownFeed = null;
    await this.loop;
    this.loop = null;
    // The checkpoint of the last turns that wrote nothing.
    if (this.position > this.committed) {
      await this.store
        .commit(this.target.name, this.generation, this.committed, this.position, [], { requireActive: this.fixedGeneration === undefined })
        .catch((e) => this.logger.error(`cannot store the checkpoint: ${e}`));
    }
  }

  onProgress(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify() {
    for (const l of this.listeners) l();
  }

  eventsPerSecond(): number | undefined {
    return this.rate.eventsPerSecond();
  }

  etaSeconds(head: number): number | undefined {
    return this.rate.etaSeconds(head - this.position);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let step: Step;
      if (this.options.convoy?.blocked(this)) {
        await this.options.convoy.progress();
        continue;
      }
      await this.turns.acquire(this.target.name);
      const store = this.store as TurnAware;
      try {
        store.beginTurn?.();
        step = this.stopped ? { kind: 'idle' } : await this.step(performance.now() + (this.options.sliceMs ?? 20));
      } catch (e: unknown) {
        // A store error (not a handler's: those are retried and parked): resume from the checkpoint.
        this.logger.error(`turn failed, resuming from the stored checkpoint: ${stackOf(e)}`);
        step = { kind: 'error' };
        this.failing = null;
      } finally {
        store.endTurn?.();
        this.turns.release();
      }
      if (this.stopped) break;
      if (step.kind === 'idle') await this.feed.waitBeyond(this.position, this.options.idlePollMs ?? (this.feed.following ? 1000 : 20));
      else if (step.kind === 'backoff') await sleep(step.ms);
      else if (step.kind === 'error') await sleep(200);
      if (step.kind === 'stale' || step.kind === 'error') await this.load().catch((e) => this.logger.error(`cannot read the checkpoint: ${e}`));
    }
  }

  /** One turn: the events after the checkpoint, until `deadline`, committed with it. */
  private async step(deadline: number): Promise<Step> {
    const slice = await this.feed.after(this.position);
    if (slice.length === 0) return { kind: 'idle' };
    return this.apply(slice, deadline);
  }

  /** Applies events (all after the checkpoint, in order) until `deadline` and commits them. */
  private async apply(slice: SliceEvent[], deadline: number): Promise<Step> {
    const uow = new UnitOfWork(this.store, this.generation);
    const parked: Array<Omit<ParkedEvent, 'id'>> = [];
    const from = this.position;
    let to = from;
    let seen = 0;
    let outcome: Step = { kind: 'progress' };
    for (let i = 0; i < slice.length; i++) {
      const item = slice[i];
      if (this.target.handles.has(item.type)) {
        const event = upcast(item.event());
        uow.savepoint();
        try {
          await this.target.apply(event, uow);
          this.failing = null;
        } catch (e: unknown) {
          uow.rollback();
          const attempts = (this.failing?.position === item.position ? this.failing.attempts : 0) + 1;
          if (attempts <= this.options.retryDelaysMs.length) {
            // Commit what came before it and try it again in a later turn.
            this.failing = { position: item.position, attempts };
            outcome = { kind: 'backoff', ms: this.options.retryDelaysMs[attempts - 1] };
            break;
          }
          this.failing = null;
          this.logger.error(`parking event ${event.type} at ${event.position} after ${attempts} attempts: ${String(e)}`);
          parked.push({
            projection: this.target.name,
            position: event.position,
            eventId: event.id,
            eventType: event.type,
            stream: event.stream,
            error: stackOf(e).slice(0, 4000),
            parkedAt: new Date().toISOString(),
          });
        }
        to = item.position;
        seen = i + 1;
        if (performance.now() >= deadline) break;
      } else {
        to = item.position;
        seen = i + 1;
        // Skipping costs next to nothing: look at the clock now and then only.
        if ((i & 1023) === 1023 && performance.now() >= deadline) break;
      }
    }
    if (to === from) return outcome;
    const writes = uow.writes();
    const now = performance.now();
    const feed = this.options.feed ?? this.ownFeed;
    // Nothing to write: the checkpoint may trail the position a little (skipping is cheap,
    // a commit is not), but not for long and not once caught up.
    const deferred = writes.length === 0 && parked.length === 0 && !!feed && to < feed.head && now - this.committedAt < CHECKPOINT_EVERY_MS;
    if (!deferred) {
      const ok = await this.store.commit(this.target.name, this.generation, this.committed, to, writes, {
        requireActive: this.fixedGeneration === undefined,
        park: parked,
      });
      if (!ok) {
        this.failing = null;
        return { kind: 'stale' };
      }
      this.committed = to;
      this.committedAt = now;
    }
    this.position = to;
    this.progressAt = now;
    this.eventsSeen += seen;
    this.rate.note(to, seen);
    this.notify();
    return outcome;
  }

  /**
   * Applies one batch now, retrying a failing event after its backoff, and commits it with the
   * checkpoint (rebuild tools and tests; a running runner works through its feed instead).
   */
  async process(batch: RecordedEvent[]): Promise<void> {
    let rest = batch.filter((e) => e.position > this.position).map((e): SliceEvent => ({ position: e.position, type: e.type, event: () => e }));
    while (rest.length > 0) {
      const step = await this.apply(rest, Number.POSITIVE_INFINITY);
      if (step.kind === 'stale') throw new StaleCheckpoint(`checkpoint of ${this.target.name} moved`);
      if (step.kind === 'backoff') await sleep(step.ms);
      rest = rest.filter((e) => e.position > this.position);
    }
  }

  /** Applies a parked event again on the active generation and removes it once it succeeds. */
  static async replayParked(events: EventStore, store: ReadStore, target: RunnerTarget, parked: ParkedEvent): Promise<void> {
    // By stream, not by position - 1: EventStoreDB positions are not consecutive.
    const raw = (await events.readStream(parked.stream)).find((e) => e.id === parked.eventId);
    if (!raw) throw new Error(`event ${parked.eventId} not found in stream ${parked.stream}`);
    for (let attempt = 0; attempt < 10; attempt++) {
      const cp = await store.checkpoint(target.name);
      const uow = new UnitOfWork(store, cp.generation);
      await target.apply(upcast(raw), uow);
      if (await store.commit(target.name, cp.generation, cp.position, cp.position, uow.writes(), { requireActive: true, unpark: [parked.id] })) return;
    }
    throw new Error(`could not replay ${parked.id}: the projection kept moving`);
  }
}
