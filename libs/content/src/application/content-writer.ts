import { Injectable } from '@nestjs/common';
import { Clock, Conflict, DomainEvent, EventSourcing, EventStore, Evolver, IdGenerator, ReadStore, RequestContext, upcast, WrongExpectedRevisionError } from '@app/platform';
import { ChangeRequestNotFound, changeRequest, ChangeRequestState, HeadMoved } from '../domain/change-request';
import { changeRequestStream, RevisionRef, spaceContentStream } from '../domain/change-request.events';
import { BatchContext } from '../domain/content-batch';
import { MainMoved, spaceContent } from '../domain/space-content';
import { CHANGE_REQUESTS, ChangeRequestDoc } from './queries/change-requests.projection';
import { Lru } from './storage/lru';
import { hashBody, RevisionStore } from './storage/revision-store';

interface Folded { state: unknown; revision: number }

/** Write-side helpers shared by the content commands. */
@Injectable()
export class ContentWriter {
  /**
   * Folded states of the streams this process read, with the revision folded up to. Events are
   * immutable and appended only, so a later read folds just the events after that revision:
   * a change request's 150th update reads one row, not 150 events (events appended by other
   * processes are among those read, so the state is never stale).
   */
  private readonly folded = new Lru<string, Folded>(2_000);

  constructor(
    readonly es: EventSourcing, readonly revisions: RevisionStore, readonly ids: IdGenerator, readonly clock: Clock, private readonly reads: ReadStore,
    private readonly store: EventStore,
  ) {}

  /** A stream's state (EventSourcing.load), folding only the events this process has not folded yet. */
  async load<S, E extends DomainEvent>(stream: string, evolver: Evolver<S, E>): Promise<{ state: S; revision: number }> {
    const cached = this.folded.get(stream) as { state: S; revision: number } | undefined;
    let { state, revision } = cached ?? { state: evolver.initialState, revision: -1 };
    for (const e of await this.store.readStream(stream, { fromRevision: revision + 1 })) {
      state = evolver.evolve(state, upcast(e) as unknown as E);
      revision = e.revision;
    }
    if (revision >= 0 && revision !== cached?.revision) this.folded.set(stream, { state, revision });
    return { state, revision };
  }

  /**
   * EventSourcing.handle over `load`: decide on the current state, append at its revision,
   * re-decide on a concurrent append (bounded, then 409). Events get ids and metadata exactly
   * as EventSourcing writes them.
   */
  async handle<S, E extends DomainEvent>(stream: string, evolver: Evolver<S, E>, decide: (state: S, now: Date) => E[], maxRetries = 5): Promise<{ state: S; events: E[] }> {
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await this.load(stream, evolver);
      const now = this.clock.now();
      const events = decide(state, now);
      if (!events.length) return { state, events };
      try {
        const result = await this.store.append(stream, events.map((e, i) => this.es.toNew(e, now, undefined, i)), revision < 0 ? 'no_stream' : revision);
        RequestContext.notePosition(result.position);
        const next = events.reduce(evolver.evolve, state);
        this.folded.set(stream, { state: next, revision: result.nextRevision });
        return { state: next, events };
      } catch (e) {
        if (!(e instanceof WrongExpectedRevisionError)) throw e;
        if (attempt >= maxRetries) throw new Conflict(`Concurrent modification of ${stream}; retry the request`);
      }
    }
  }

  /** Main's head from the space's content stream, or the empty initial revision SpaceCreated announced. */
  async mainHead(spaceId: string, initialRevision: string): Promise<RevisionRef> {
    const { state } = await this.load(spaceContentStream(spaceId), spaceContent);
    return state.head ?? { revision: initialRevision, root: await this.revisions.emptyRoot() };
  }

  /**
   * A change request of this space by id or by number. Numbers map to ids through the read
   * model (the mapping never changes once created); the state itself is read from its stream.
   */
  async changeRequest(spaceId: string, ref: string): Promise<{ id: string; state: ChangeRequestState }> {
    let id = ref;
    if (/^\d+$/.test(ref) && !(await this.reads.get<ChangeRequestDoc>(CHANGE_REQUESTS, ref))) {
      const [byNumber] = await this.reads.find<ChangeRequestDoc>(CHANGE_REQUESTS, { spaceId, number: Number(ref) }, { limit: 1 });
      if (!byNumber) throw new ChangeRequestNotFound(ref);
      id = byNumber.id;
    }
    const { state } = await this.load(changeRequestStream(id), changeRequest);
    if (state.status === 'none' || state.spaceId !== spaceId) throw new ChangeRequestNotFound(ref);
    return { id, state };
  }

  batchContext(): BatchContext {
    return { now: this.clock.now().toISOString(), newId: () => this.ids.next(), hash: hashBody };
  }

  /**
   * Runs a computation that decides against a head read at its start; when another writer moved
   * that head meanwhile (HeadMoved, MainMoved) it recomputes, a bounded number of times.
   */
  async retrying<T>(what: string, fn: () => Promise<T>, attempts = 5): Promise<T> {
    for (let i = 0; ; i++) {
      try {
        return await fn();
      } catch (e) {
        if (!(e instanceof HeadMoved || e instanceof MainMoved)) throw e;
        if (i + 1 >= attempts) throw new Conflict(`${what}: concurrent changes kept moving the content; retry the request`);
      }
    }
  }
}
