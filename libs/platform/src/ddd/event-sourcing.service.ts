import { Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { deterministicId, newEventId } from '../ids/ids';
import { EventStore, NewEvent, RecordedEvent, WrongExpectedRevisionError } from '../event-store/event-store.port';
import { RequestContext } from '../http/request-context';
import { Decider } from './decider';
import { DomainEvent, Evolver, schemaVersionOf, upcast } from './domain-event';
import { Conflict } from './errors';

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
}

/**
 * Runs one command against one event-sourced aggregate: read the stream, fold it with the pure
 * evolve, decide events with the pure decide, append at the expected revision. A concurrent
 * writer makes the append fail; the command is then re-decided on fresh state, a bounded
 * number of times, before answering 409.
 */
@Injectable()
export class EventSourcing {
  constructor(private readonly store: EventStore, private readonly clock: Clock) {}

  async load<S, E extends DomainEvent>(stream: string, evolver: Evolver<S, E>): Promise<{ state: S; revision: number }> {
    const events = await this.store.readStream(stream);
    let state = evolver.initialState;
    for (const e of events) state = evolver.evolve(state, upcast(e) as unknown as E);
    return { state, revision: events.length - 1 };
  }

  async handle<S, E extends DomainEvent>(
    stream: string,
    evolver: Evolver<S, E>,
    decide: (state: S, now: Date) => E[],
    options: HandleOptions = {},
  ): Promise<Decision<S, E>> {
    return this.cycle(stream, evolver, async (state, now) => decide(state, now), options);
  }

  private async cycle<S, E extends DomainEvent>(
    stream: string,
    evolver: Evolver<S, E>,
    decide: (state: S, now: Date) => Promise<E[]>,
    options: HandleOptions,
  ): Promise<Decision<S, E>> {
    const maxRetries = options.maxRetries ?? 5;
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await this.load(stream, evolver);
      const now = this.clock.now();
      const events = await decide(state, now);
      if (events.length === 0) return { state, events, position: 0 };
      try {
        const result = await this.store.append(stream, events.map((e, i) => this.toNew(e, now, options.idempotencyKey, i)), revision < 0 ? 'no_stream' : revision);
        RequestContext.notePosition(result.position);
        return { state: events.reduce(evolver.evolve, state), events, position: result.position };
      } catch (e) {
        if (!(e instanceof WrongExpectedRevisionError)) throw e;
        if (attempt >= maxRetries) throw new Conflict(`Concurrent modification of ${stream}; retry the request`);
      }
    }
  }

  /**
   * The one shape of a command handler: load the stream once, check preconditions, decide with
   * the pure decider, append at the expected revision; on a concurrency conflict the whole cycle
   * runs again on fresh state, a bounded number of times, then 409.
   */
  execute<S, C extends { type: string }, E extends DomainEvent>(
    stream: string,
    decider: Decider<S, C, E>,
    command: C,
    options: ExecuteOptions<S> = {},
  ): Promise<Decision<S, E>> {
    return this.cycle(stream, decider, async (state, now) => {
      await options.precondition?.(state);
      return decider.decide(command, state, now);
    }, options);
  }

  /** Appends events without folding (streams whose decisions need no state). */
  async appendNew(stream: string, events: DomainEvent[], options: HandleOptions = {}): Promise<number> {
    const now = this.clock.now();
    const result = await this.store.append(stream, events.map((e, i) => this.toNew(e, now, options.idempotencyKey, i)), 'any');
    RequestContext.notePosition(result.position);
    return result.position;
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
      },
    };
  }
}

export type { RecordedEvent };
