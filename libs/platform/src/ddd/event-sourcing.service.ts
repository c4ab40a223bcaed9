import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Clock } from '../clock/clock';
import { deterministicId, newEventId } from '../ids/ids';
import { EventStore, NewEvent, RecordedEvent, WrongExpectedRevisionError } from '../event-store/event-store.port';
import { RequestContext } from '../http/request-context';
import { WritePreconditions } from '../http/write-preconditions';
import { Decider } from './decider';
import { DomainEvent, Evolver, schemaVersionOf, upcast } from './domain-event';
import { Conflict } from './errors';
import { StreamLocks } from './stream-locks';
import { CommandSpan, traceCommand } from '../observability/tracing-spans';
import { traceMetadata } from '../observability/tracing-context';

export interface Decision<S, E extends DomainEvent> {
  state: S;
  events: E[];
  /** Global position of the last appended event (0 when nothing was appended). */
  position: number;
}

export interface ExecuteOptions<S> extends HandleOptions {
  /**
   * Checks that need I/O (the caller's access, read models of other aggregates), run on the
   * freshly loaded state of every attempt, before the pure decide. Throwing refuses the command.
   */
  precondition?: (state: S) => Promise<void> | void;
}

export interface HandleOptions {
  /** Same key, same event ids: a retried command (saga redelivery, timer refire) writes nothing twice. */
  idempotencyKey?: string;
  maxRetries?: number;
  /** Keeps the folded state between commands so that a long stream is read incrementally. */
  cache?: FoldedStates;
}

/** The command itself, or how to build it from the freshly loaded state (when that needs I/O). */
export type CommandOf<S, C> = C | ((state: S) => C | Promise<C>);

/** What identifies a fold: its evolve function (compared by identity, never called from here). */
// eslint-disable-next-line @typescript-eslint/unbound-method
const foldOf = (evolver: Evolver<unknown, DomainEvent>): object => evolver.evolve;

/**
 * Folded states of streams, kept between commands: events are immutable and only appended, so
 * a later load folds just the events after the revision folded to (a change request's 150th
 * edit reads one event, not 150). Events other writers appended are among those read, so a
 * state taken from here is never stale. One entry per stream, bounded (least recently used go).
 */
export class FoldedStates {
  private readonly entries: LRUCache<string, { evolve: object; state: unknown; revision: number }>;

  /**
   * `frozen`: states are deep-frozen as they are kept, so code that changes a loaded state in
   * place (which would change the kept one) throws. The default cache of EventSourcing freezes
   * them under tests: every command of the test suites proves its fold and decide pure.
   */
  constructor(
    maxStreams = 2_000,
    private readonly frozen = false,
  ) {
    this.entries = new LRUCache({ max: maxStreams });
  }

  /** The state folded by this evolve (a decider and its evolver share it; another fold does not count). */
  get<S>(stream: string, evolver: Evolver<S, DomainEvent>): { state: S; revision: number } | undefined {
    const e = this.entries.get(stream);
    return e && e.evolve === foldOf(evolver) ? { state: e.state as S, revision: e.revision } : undefined;
  }

  set<S>(stream: string, evolver: Evolver<S, DomainEvent>, state: S, revision: number): void {
    if (this.frozen) deepFreeze(state);
    this.entries.set(stream, { evolve: foldOf(evolver), state, revision });
  }

  delete(stream: string): void {
    this.entries.delete(stream);
  }
}

/** Plain objects and arrays, recursively (states are plain data). */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value) || ArrayBuffer.isView(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/**
 * Streams whose folded state commands keep when they bring no cache of their own: a command on
 * a stream of 2,000 events (one space edited all day) read and folded all of them each time.
 */
const FOLDED_STREAMS = 5_000;

/**
 * Runs one command against one event-sourced aggregate: read the stream, fold it with the pure
 * evolve, decide events with the pure decide, append at the expected revision. A concurrent
 * writer makes the append fail; the command is then re-decided on fresh state, a bounded
 * number of times, before answering 409.
 */
@Injectable()
export class EventSourcing {
  private readonly locks = new StreamLocks();
  /**
   * The folded states of commands without a cache of their own. Only loads fill it (from the
   * stored events): a decided event lacks what the store adds (position, metadata), which an
   * evolve may read, so the next command folds the appended events from the store.
   */
  private readonly folded = new FoldedStates(FOLDED_STREAMS, process.env.NODE_ENV === 'test');
  private conflicts = 0;

  /** Appends refused for a wrong expected revision (each retried or answered 409) since start. */
  get concurrencyConflicts(): number {
    return this.conflicts;
  }

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  /** A stream's state and revision; with a cache, folding only the events after the cached revision. */
  async load<S, E extends DomainEvent>(stream: string, evolver: Evolver<S, E>, cache?: FoldedStates): Promise<{ state: S; revision: number }> {
    const cached = cache?.get(stream, evolver);
    let state = cached?.state ?? evolver.initialState;
    let revision = cached?.revision ?? -1;
    for (const e of await this.store.readStream(stream, cached ? { fromRevision: revision + 1 } : undefined)) {
      state = evolver.evolve(state, upcast(e) as unknown as E);
      revision = e.revision;
    }
    if (cache && revision >= 0 && revision !== cached?.revision) cache.set(stream, evolver, state, revision);
    return { state, revision };
  }

  async handle<S, E extends DomainEvent>(
    stream: string,
    evolver: Evolver<S, E>,
    decide: (state: S, now: Date) => E[],
    options: HandleOptions = {},
  ): Promise<Decision<S, E>> {
    return traceCommand(stream, undefined, (span) => this.cycle(stream, evolver, async (state, now) => decide(state, now), options, span));
  }

  private async cycle<S, E extends DomainEvent>(
    stream: string,
    evolver: Evolver<S, E>,
    decide: (state: S, now: Date) => Promise<E[]>,
    options: HandleOptions,
    span?: CommandSpan,
  ): Promise<Decision<S, E>> {
    return this.locks.run(stream, () => this.attempts(stream, evolver, decide, options, span));
  }

  private async attempts<S, E extends DomainEvent>(
    stream: string,
    evolver: Evolver<S, E>,
    decide: (state: S, now: Date) => Promise<E[]>,
    options: HandleOptions,
    span?: CommandSpan,
  ): Promise<Decision<S, E>> {
    const maxRetries = options.maxRetries ?? 5;
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await this.load(stream, evolver, options.cache ?? this.folded);
      // If-Match: 412 when the stream moved after the representation the client's tag matched.
      await WritePreconditions.check(this.store, stream);
      const now = this.clock.now();
      const events = await decide(state, now);
      if (events.length === 0) {
        span?.unchanged();
        return { state, events, position: 0 };
      }
      try {
        const result = await this.store.append(
          stream,
          events.map((e, i) => this.toNew(e, now, options.idempotencyKey, i)),
          revision < 0 ? 'no_stream' : revision,
        );
        RequestContext.notePosition(result.position);
        span?.appended(
          events.map((e) => e.type),
          revision < 0 ? 'no_stream' : revision,
          result.position,
        );
        WritePreconditions.wrote(stream);
        const next = events.reduce((s, e) => evolver.evolve(s, e), state);
        // An idempotent replay appends nothing new: then the cache cannot know the revision.
        if (result.nextRevision === revision + events.length) options.cache?.set(stream, evolver, next, result.nextRevision);
        else options.cache?.delete(stream);
        return { state: next, events, position: result.position };
      } catch (e) {
        if (!(e instanceof WrongExpectedRevisionError)) throw e;
        this.conflicts++;
        if (attempt >= maxRetries) throw new Conflict(`Concurrent modification of ${stream}; retry the request`);
        span?.retried();
        // Another process wrote the stream meanwhile: back off a random while (up to 2, 4, 8 …
        // ms) so that writers racing on one stream do not meet again at once.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** (attempt + 1)));
      }
    }
  }

  /**
   * The one shape of a command handler: load the stream once, check preconditions, decide with
   * the pure decider, append at the expected revision; on a concurrency conflict the whole cycle
   * runs again on fresh state, a bounded number of times, then 409. A command that needs I/O on
   * the state it is decided on (a content batch applied to the current head, a merge computed
   * against main) is given as a function of that state: it is rebuilt in every attempt, after
   * the precondition.
   */
  execute<S, C extends { type: string }, E extends DomainEvent>(
    stream: string,
    decider: Decider<S, C, E>,
    command: CommandOf<S, C>,
    options: ExecuteOptions<S> = {},
  ): Promise<Decision<S, E>> {
    // A command built from the loaded state names its type once built (span?.named).
    return traceCommand(stream, typeof command === 'function' ? undefined : command.type, (span) =>
      this.cycle(
        stream,
        decider,
        async (state, now) => {
          await options.precondition?.(state);
          const c = typeof command === 'function' ? await command(state) : command;
          if (typeof command === 'function') span?.named(c.type);
          return decider.decide(c, state, now);
        },
        options,
        span,
      ),
    );
  }

  /** Appends events without folding (streams whose decisions need no state). */
  appendNew(stream: string, events: DomainEvent[], options: HandleOptions = {}): Promise<number> {
    return traceCommand(
      stream,
      undefined,
      async (span) => {
        const now = this.clock.now();
        const result = await this.store.append(
          stream,
          events.map((e, i) => this.toNew(e, now, options.idempotencyKey, i)),
          'any',
        );
        RequestContext.notePosition(result.position);
        span?.appended(
          events.map((e) => e.type),
          'any',
          result.position,
        );
        return result.position;
      },
      'append',
    );
  }

  toNew(e: DomainEvent, now: Date, idempotencyKey: string | undefined, index: number): NewEvent {
    const ctx = RequestContext.current();
    return {
      id: idempotencyKey ? deterministicId(idempotencyKey, index) : newEventId(),
      type: e.type,
      data: e.data,
      metadata: {
        actor: ctx?.actor ?? null,
        occurredAt: now.toISOString(),
        correlationId: ctx?.correlationId ?? newEventId(),
        causationId: ctx?.causationId ?? null,
        schemaVersion: schemaVersionOf(e.type),
        // The span that appends the event (tracing on): projection batches link back to it.
        ...traceMetadata(),
      },
    };
  }
}

export type { RecordedEvent };
