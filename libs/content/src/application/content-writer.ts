import { Injectable } from '@nestjs/common';
import { Clock, EventSourcing, FoldedStates, IdGenerator, ReadStore } from '@app/platform';
import { ChangeRequestNotFound, ChangeRequestState } from '../domain/change-request';
import { changeRequestDecider } from '../domain/change-request.decider';
import { changeRequestStream, RevisionRef, spaceContentStream } from '../domain/change-request.events';
import { applyBatch, ChangeOutcome, ContentChange } from '../domain/content-batch';
import { FileEntry, ReusableEntry } from '../domain/page';
import { mainOf } from '../domain/space-content';
import { spaceContentDecider } from '../domain/space-content.decider';
import { CHANGE_REQUESTS, ChangeRequestDoc } from './queries/change-requests.projection';
import { hashBody, RevisionStore } from './storage/revision-store';

export interface CommittedBatch {
  /** Root of the new content (its objects are stored; no event references it yet). */
  root: string;
  outcomes: ChangeOutcome[];
  insertedFiles: FileEntry[];
  insertedReusables: ReusableEntry[];
}

/** Write-side helpers shared by the content commands. */
@Injectable()
export class ContentWriter {
  /**
   * Folded states of the content streams, for `EventSourcing.execute/load` (option `cache`):
   * a change request's 150th update reads one event, not 150.
   */
  readonly folded = new FoldedStates(2_000);

  constructor(
    readonly es: EventSourcing,
    readonly revisions: RevisionStore,
    readonly ids: IdGenerator,
    readonly clock: Clock,
    private readonly reads: ReadStore,
  ) {}

  /** The empty revision SpaceCreated announced, with the root of empty content. */
  async initial(revision: string): Promise<RevisionRef> {
    return { revision, root: await this.revisions.emptyRoot() };
  }

  /** Main's head from the space's content stream, or the empty initial revision SpaceCreated announced. */
  async mainHead(spaceId: string, initialRevision: string): Promise<RevisionRef> {
    const { state } = await this.es.load(spaceContentStream(spaceId), spaceContentDecider, this.folded);
    return mainOf(state, await this.initial(initialRevision));
  }

  /** A change request's state (another aggregate's, for a merge decided on the space's stream). */
  async changeRequestState(id: string): Promise<ChangeRequestState> {
    return (await this.es.load(changeRequestStream(id), changeRequestDecider, this.folded)).state;
  }

  /**
   * The id of a change request given by id or by number. Numbers map to ids through the read
   * model (the mapping never changes once created); whether it exists in the space is the
   * decider's to say.
   */
  async changeRequestId(spaceId: string, ref: string): Promise<string> {
    if (!/^\d+$/.test(ref) || (await this.reads.get<ChangeRequestDoc>(CHANGE_REQUESTS, ref))) return ref;
    const [byNumber] = await this.reads.find<ChangeRequestDoc>(CHANGE_REQUESTS, { spaceId, number: Number(ref) }, { limit: 1 });
    if (!byNumber) throw new ChangeRequestNotFound(ref);
    return byNumber.id;
  }

  /**
   * Applies a batch to the content at `root` (the pure batch decides everything first: any
   * invalid change rejects it all, 400, nothing written) and stores the objects it creates.
   */
  async commitBatch(root: string, changes: ContentChange[], blobs?: Map<string, string>): Promise<CommittedBatch> {
    const ctx = { now: this.clock.now().toISOString(), newId: () => this.ids.next(), hash: hashBody };
    const result = applyBatch(await this.revisions.structure(root, 'write'), changes, ctx);
    const next = await this.revisions.commit({ base: root, next: result.structure, bodies: result.bodies, blobs });
    return { root: next, outcomes: result.outcomes, insertedFiles: result.insertedFiles, insertedReusables: result.insertedReusables };
  }
}
