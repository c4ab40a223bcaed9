import { Injectable } from '@nestjs/common';
import { Clock, Conflict, EventSourcing, IdGenerator, ReadStore } from '@app/platform';
import { ChangeRequestNotFound, changeRequest, ChangeRequestState, HeadMoved } from '../domain/change-request';
import { changeRequestStream, RevisionRef, spaceContentStream } from '../domain/change-request.events';
import { BatchContext } from '../domain/content-batch';
import { MainMoved, spaceContent } from '../domain/space-content';
import { CHANGE_REQUESTS, ChangeRequestDoc } from './queries/change-requests.projection';
import { hashBody, RevisionStore } from './storage/revision-store';

/** Write-side helpers shared by the content commands. */
@Injectable()
export class ContentWriter {
  constructor(
    readonly es: EventSourcing, readonly revisions: RevisionStore, readonly ids: IdGenerator, readonly clock: Clock, private readonly reads: ReadStore,
  ) {}

  /** Main's head from the space's content stream, or the empty initial revision SpaceCreated announced. */
  async mainHead(spaceId: string, initialRevision: string): Promise<RevisionRef> {
    const { state } = await this.es.load(spaceContentStream(spaceId), spaceContent);
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
    const { state } = await this.es.load(changeRequestStream(id), changeRequest);
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
