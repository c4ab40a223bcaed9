import { Logger } from '@nestjs/common';
import { EventStore, RecordedEvent } from '../event-store/event-store.port';
import { upcast } from '../ddd/domain-event';
import { ParkedEvent, ReadStore } from '../read-store/read-store.port';
import { UnitOfWork } from './unit-of-work';
import { ProjectionContext } from './projection';
import { EventFeed, SliceEvent } from './event-feed';
import { RateMeter } from './rate-meter';
import { TurnQueue } from './turn-queue';
import { ProjectionBatchSpan } from '../observability/tracing-spans';
import type { CacheInvalidator } from '../cache/invalidating-cache';

export interface RunnerTarget {
  name: string;
  handles: Set<string>;
  apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void>;
  /** Tags of the cached answers an applied event may change (ProjectionDefinition.invalidates). */
  invalidates?(event: RecordedEvent): readonly string[];
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
  /**
   * Sagas: whether the read models include `position` yet. A saga reacts to an event only then
   * (its commands read those read models), and waits for it outside its turn: waiting inside
   * would keep the projections it waits for from ever taking a turn.
   */
  readModelsAt?: { reached(position: number): boolean; progress(): Promise<void> };
  /**
   * The cache of answers read from this projection's read models: the tags of the events a
   * commit wrote are invalidated after it and before the position moves (so a request that
   * starts once the position shows the write never gets an answer from before it), and the
   * whole cache is cleared whenever the runner reloads its checkpoint (another worker or a
   * rebuild changed the read models, or a commit failed: what changed is not known).
   */
  cache?: CacheInvalidator;
  /** A runner of a projection no query waits for, or a rebuild: its turns come after the others' (see TurnQueue). */
  background?: boolean;
}

/**
 * Behind the head, a runner commits about this often (and once caught up): the writes of its
 * turns since, with the checkpoint. A large commit writes each page of a read model once for
 * many changes, and a document changed many times meanwhile once (commits of one 20 ms turn
 * each rewrote most pages of a 10,000-document collection again and again).
 */
const COMMIT_EVERY_MS = 1000;
/**
 * ... or sooner, once it holds this many documents (a commit of them keeps the event loop about
 * 60 ms: it gets a turn of its own) or this many characters of them.
 */
const COMMIT_DOCUMENTS = 12_000;
const COMMIT_CHARS = 8 * 1024 * 1024;
/**
 * A runner this close to the head is live, not catching up: it commits every turn. Under a
 * steady stream of writes the head moves on while a turn applies, so "at the head" alone would
 * send a live runner that nothing else waits for (the audit log, whose requests do not hold
 * read-your-writes) into the once-a-second cadence of a catch-up, and with it whatever follows it.
 */
const LIVE_GAP_EVENTS = 256;

/**
 * A runner with a cache (RunnerOptions.cache) looks this often whether another process changed
 * its read models: a rebuild switched generations, another worker moved the checkpoint, a parked
 * event was replayed (the CLI against a running API). Its own commits find the first two out
 * anyway, but a runner with nothing to commit would keep serving cached answers from before.
 */
const FOREIGN_WRITES_CHECK_MS = 500;

class StaleCheckpoint extends Error {}

/**
 * What a store may offer runners (the embedded one does): reads served better when told where
 * turns begin and end, and a read version for commits computed from cached reads (see
 * CommitOptions.readVersion).
 */
interface RunnerAware {
  beginTurn?(): void;
  endTurn?(): void;
  readVersion?(): number;
}

type Landing = 'ok' | 'stale' | 'error';

type Step = { kind: 'progress' } | { kind: 'held' } | { kind: 'idle' } | { kind: 'backoff'; ms: number } | { kind: 'stale' } | { kind: 'error' };

/** A runner's work since its last commit. */
interface Pending {
  uow: UnitOfWork;
  parked: Array<Omit<ParkedEvent, 'id'>>;
  /** Events taken past (handled or skipped) since the last commit. */
  seen: number;
  /** The store's read version when it began (see RunnerAware). */
  readVersion: number | undefined;
  /** Cache tags of the events applied (RunnerOptions.cache). */
  tags: Set<string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** What a failure is logged and parked with: the stack when there is one, else the thrown value. */
const stackOf = (e: unknown): string => (e instanceof Error && e.stack ? e.stack : String(e));

/**
 * Drives one projection (or saga) from its durable checkpoint. It works in turns (see
 * TurnQueue): each turn applies events for at most `sliceMs` to a unit of work, which is
 * committed together with the checkpoint once caught up, or behind the head about once a second
 * (see COMMIT_EVERY_MS); until then nothing of it is visible and the position does not move. If
 * another worker moved the checkpoint (or a rebuild switched generations, or another process
 * changed the read models under its reads), the unit of work is discarded and the runner resumes
 * from the stored checkpoint, so nothing is applied twice. A failing event is retried in later
 * turns after a backoff (other runners keep going meanwhile), then parked.
 */
export class ProjectionRunner {
  private stopped = true;
  private loop: Promise<void> | null = null;
  private listeners = new Set<() => void>();
  private failing: { position: number; attempts: number } | null = null;
  private ownFeed: EventFeed | null = null;
  private readonly turns: TurnQueue;
  private readonly rate = new RateMeter();
  /**
   * Everything up to here is in the read models (the stored checkpoint may trail it when the
   * events since wrote nothing, see COMMIT_EVERY_MS): what read-your-writes and readiness see.
   */
  position = 0;
  /** Everything up to here is applied: in the read models or in the pending unit of work. */
  applied = 0;
  generation = 0;
  /** Events taken past (handled or skipped) since this runner was made. */
  eventsSeen = 0;
  /** When the position last moved (performance.now()). */
  progressAt = performance.now();
  private committed = 0;
  /** Caught up with nothing to write: the checkpoint is committed once the turn is over. */
  private checkpointDue = false;
  private committedAt = 0;
  /** Writes applied in earlier turns and not committed yet (see COMMIT_EVERY_MS). */
  private pending: Pending | null = null;
  /** See FOREIGN_WRITES_CHECK_MS: when it last looked, and the parked events it saw. */
  private foreignCheckedAt = 0;
  private parkedIds: Set<string> | null = null;

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
    let generation: number;
    let position: number;
    if (this.fixedGeneration !== undefined) {
      generation = this.fixedGeneration;
      position = await this.store.generationCheckpoint(this.target.name, generation);
    } else {
      ({ generation, position } = await this.store.checkpoint(this.target.name));
    }
    if (this.options.cache) {
      this.parkedIds = new Set((await this.store.listParked(this.target.name)).map((p) => p.id));
      this.foreignCheckedAt = performance.now();
      // Whatever changed the read models since (a rebuild's switch, another worker), its events
      // will not be applied here: no cached answer may outlive it, nor be shown with the position.
      this.options.cache.clear();
    }
    this.generation = generation;
    this.position = position;
    this.committed = this.position;
    this.applied = this.position;
    this.pending = null;
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
    // The writes of the last turns and the checkpoint of those that wrote nothing.
    if (this.applied > this.committed) await this.flush();
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
      await this.turns.acquire(this.target.name, this.options.background);
      const store = this.store as RunnerAware;
      try {
        store.beginTurn?.();
        step = this.stopped ? { kind: 'idle' } : await this.step(performance.now() + (this.options.sliceMs ?? 20));
      } catch (e: unknown) {
        // A store error (not a handler's: those are retried and parked): resume from the checkpoint.
        this.logger.error(`turn failed, resuming from the stored checkpoint: ${stackOf(e)}`);
        step = { kind: 'error' };
        this.failing = null;
      } finally {
        // Background runners wait for this checkpoint commit (see TurnQueue.hold).
        const unhold = this.checkpointDue && !this.options.background ? this.turns.hold() : undefined;
        store.endTurn?.();
        this.turns.release();
        if (this.checkpointDue) {
          // Outside the turn: the next runners take theirs meanwhile and their checkpoint moves
          // join this one (stores that group them commit them in one transaction).
          this.checkpointDue = false;
          const landing = await this.flush().finally(() => unhold?.());
          if (landing !== 'ok' && step!.kind !== 'error') step = { kind: landing };
        }
      }
      if (this.stopped) break;
      if (step.kind === 'idle') await this.feed.waitBeyond(this.applied, this.options.idlePollMs ?? (this.feed.following ? 1000 : 20));
      else if (step.kind === 'backoff') await sleep(step.ms);
      else if (step.kind === 'error') await sleep(200);
      else if (step.kind === 'held') await this.options.readModelsAt?.progress();
      if (step.kind === 'stale' || step.kind === 'error') await this.load().catch((e) => this.logger.error(`cannot read the checkpoint: ${e}`));
    }
  }

  /**
   * One turn: the events after the applied position until `deadline`, or else the commit of
   * what earlier turns gathered, when that is due (a large commit gets a turn of its own).
   */
  private async step(deadline: number): Promise<Step> {
    if (this.options.cache && performance.now() - this.foreignCheckedAt >= FOREIGN_WRITES_CHECK_MS && (await this.foreignWrites())) return { kind: 'stale' };
    if (this.applied > this.committed && this.flushDue(performance.now())) {
      const landing = await this.flush();
      return { kind: landing === 'ok' ? 'progress' : landing };
    }
    const { events, types } = await this.feed.after(this.applied);
    if (events.length === 0) return { kind: 'idle' };
    return this.apply(events, deadline, false, types);
  }

  /** Whether another process changed this runner's read models since it loaded (see FOREIGN_WRITES_CHECK_MS). */
  private async foreignWrites(): Promise<boolean> {
    this.foreignCheckedAt = performance.now();
    const cp = await this.store.checkpoint(this.target.name);
    if (cp.generation !== this.generation || cp.position !== this.committed) return true;
    const parked = new Set((await this.store.listParked(this.target.name)).map((p) => p.id));
    const replayed = [...(this.parkedIds ?? [])].some((id) => !parked.has(id));
    this.parkedIds = parked;
    return replayed;
  }

  private flushDue(now: number): boolean {
    const p = this.pending;
    return (!!p && (p.uow.size >= COMMIT_DOCUMENTS || p.uow.chars >= COMMIT_CHARS || p.parked.length > 0)) || now - this.committedAt >= COMMIT_EVERY_MS;
  }

  /**
   * Applies events (all after the applied position, in order) until `deadline` to the pending
   * unit of work; commits it with the checkpoint when caught up or after a failing event, else
   * leaves it to later turns (see flushDue).
   */
  private async apply(slice: SliceEvent[], deadline: number, flush = false, types?: ReadonlySet<string>): Promise<Step> {
    const pending = (this.pending ??= {
      uow: new UnitOfWork(this.store, this.generation, () => this.turns.breathe()),
      parked: [],
      seen: 0,
      readVersion: (this.store as RunnerAware).readVersion?.(),
      tags: new Set(),
    });
    const { uow, parked } = pending;
    const from = this.applied;
    let to = from;
    let seen = 0;
    let outcome: Step = { kind: 'progress' };
    // None of the slice's types: pass it at once (most runners skip most events).
    const none = types !== undefined && ![...types].some((t) => this.target.handles.has(t));
    // Tracing on: one span for the events this turn applies, linked to the writes they come from.
    const traced = none ? undefined : ProjectionBatchSpan.begin(this.target.name);
    if (none) {
      to = slice[slice.length - 1].position;
      seen = slice.length;
    }
    for (let i = none ? slice.length : 0; i < slice.length; i++) {
      const item = slice[i];
      if (this.target.handles.has(item.type)) {
        if (this.options.readModelsAt && !this.options.readModelsAt.reached(item.position)) {
          outcome = { kind: 'held' };
          break;
        }
        const event = upcast(item.event());
        uow.savepoint();
        try {
          await (traced ? traced.apply(event, () => this.target.apply(event, uow)) : this.target.apply(event, uow));
          this.failing = null;
          if (this.options.cache && this.target.invalidates) for (const tag of this.target.invalidates(event)) pending.tags.add(tag);
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
    traced?.end();
    this.applied = to;
    pending.seen += seen;
    const now = performance.now();
    if (to > from) this.progressAt = now;
    // The pace is that of applying (commits come about once a second behind the head).
    this.rate.note(to, seen);
    const feed = this.options.feed ?? this.ownFeed;
    const caughtUp = !feed || feed.head - to <= LIVE_GAP_EVENTS;
    const writes = uow.size > 0 || parked.length > 0;
    if (flush || caughtUp || outcome.kind !== 'progress' || parked.length > 0) {
      if (this.applied > this.committed && !flush && !writes && outcome.kind === 'progress') {
        // Caught up, nothing to write: only the checkpoint moves (others read it: a second
        // instance's read-your-writes). That commit waits for the end of the turn, so the
        // runners that passed the same events move theirs together (see run).
        this.checkpointDue = true;
      } else if (this.applied > this.committed) {
        const landing = await this.flush();
        if (landing !== 'ok') return { kind: landing };
      }
    } else if (!writes) {
      // Nothing to write: the read models are at `to` already; the stored checkpoint may trail
      // it a little (skipping is cheap, a commit is not), but not for long, nor once caught up.
      this.pending = null;
      this.options.cache?.invalidate(pending.tags);
      this.advance(to, pending.seen);
    }
    return outcome;
  }

  /**
   * Commits the pending writes with the checkpoint at the applied position. 'stale' (another
   * worker moved the checkpoint, a rebuild switched generations, or the reads were older than
   * another writer's change) or 'error': nothing was written, the runner must reload.
   */
  private async flush(): Promise<Landing> {
    const pending = this.pending;
    const to = this.applied;
    this.pending = null;
    try {
      const ok = await this.store.commit(this.target.name, this.generation, this.committed, to, pending?.uow.writes() ?? [], {
        requireActive: this.fixedGeneration === undefined,
        park: pending?.parked ?? [],
        readVersion: pending?.readVersion,
      });
      if (!ok) {
        this.failing = null;
        return 'stale';
      }
    } catch (e: unknown) {
      this.logger.error(`commit failed, resuming from the stored checkpoint: ${stackOf(e)}`);
      this.failing = null;
      return 'error';
    }
    this.committed = to;
    this.committedAt = performance.now();
    // In the read models now, not yet shown: drop the answers they may change first.
    if (pending) this.options.cache?.invalidate(pending.tags);
    this.advance(to, pending?.seen ?? 0);
    return 'ok';
  }

  /** The read models are at `to` now, `seen` events further. */
  private advance(to: number, seen: number): void {
    if (to <= this.position) return;
    this.position = to;
    this.progressAt = performance.now();
    this.eventsSeen += seen;
    this.notify();
  }

  /**
   * Applies one batch now, retrying a failing event after its backoff, and commits it with the
   * checkpoint (rebuild tools and tests; a running runner works through its feed instead).
   */
  async process(batch: RecordedEvent[]): Promise<void> {
    let rest = batch.filter((e) => e.position > this.applied).map((e): SliceEvent => ({ position: e.position, type: e.type, event: () => e }));
    while (rest.length > 0) {
      const step = await this.apply(rest, Number.POSITIVE_INFINITY, true);
      if (step.kind === 'stale' || step.kind === 'error')
        throw new StaleCheckpoint(`${this.target.name}: ${step.kind === 'stale' ? 'the checkpoint moved' : 'the commit failed'}`);
      if (step.kind === 'backoff') await sleep(step.ms);
      rest = rest.filter((e) => e.position > this.applied);
    }
  }

  /** Applies a parked event again on the active generation and removes it once it succeeds. */
  static async replayParked(events: EventStore, store: ReadStore, target: RunnerTarget, parked: ParkedEvent, cache?: CacheInvalidator): Promise<void> {
    // By stream, not by position - 1: EventStoreDB positions are not consecutive.
    const raw = (await events.readStream(parked.stream)).find((e) => e.id === parked.eventId);
    if (!raw) throw new Error(`event ${parked.eventId} not found in stream ${parked.stream}`);
    for (let attempt = 0; attempt < 10; attempt++) {
      const cp = await store.checkpoint(target.name);
      const uow = new UnitOfWork(store, cp.generation);
      const event = upcast(raw);
      await target.apply(event, uow);
      if (await store.commit(target.name, cp.generation, cp.position, cp.position, uow.writes(), { requireActive: true, unpark: [parked.id] })) {
        cache?.invalidate(target.invalidates?.(event) ?? []);
        return;
      }
    }
    throw new Error(`could not replay ${parked.id}: the projection kept moving`);
  }
}
