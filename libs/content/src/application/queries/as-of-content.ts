import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AsOfEvents, AsOfPoint, AsOfReaders, ReadStore, Urls } from '@app/platform';
import { GetSpaceAccessQuery } from '@app/spaces';
import { CountOpenCommentsQuery } from '../../contracts';
import { changeRequestStream, spaceContentStream } from '../../domain/change-request.events';
import { ContentAccess, SpaceAccess } from '../content-access';
import { changeRequestAt, madeRevision, mainHeadAt } from './as-of-folds';
import { ChangeRequestView, toChangeRequestView } from './change-request.view';
import { ContentReader } from './content-reader';
import { REVISIONS, RevisionDoc } from './content.projection';

type RevisionView = Awaited<ReturnType<ContentReader['revisionView']>>;

/**
 * Content as its GETs answered at a point in the past, without caller checks (the queries and
 * the as-of readers decide who asks). The streams are folded up to the point with the code that
 * answers the present (as-of-folds.ts), then rendered by the present's view mappers. Revisions
 * never change, so a revision that existed then is read from the revision store as it is now.
 * Not as they were: users' display names (identity keeps no history here), a change request's
 * open-comment count (the comments context answers CountOpenCommentsQuery for now only) and
 * file download URLs (signed afresh, so they work now).
 */
@Injectable()
export class ContentAsOf {
  constructor(
    private readonly events: AsOfEvents,
    private readonly store: ReadStore,
    private readonly reader: ContentReader,
    private readonly access: ContentAccess,
    private readonly urls: Urls,
    private readonly queries: QueryBus,
    private readonly readers: AsOfReaders,
  ) {}

  /** GET /spaces/{spaceId}/change-requests/{id} at the point; null when it did not exist then (or is another space's). */
  async changeRequest(id: string, point: AsOfPoint, spaceId?: string): Promise<ChangeRequestView | null> {
    const fields = changeRequestAt(await this.events.stream(changeRequestStream(id), point));
    if (!fields || (spaceId !== undefined && fields.spaceId !== spaceId)) return null;
    const [head, users, comments] = await Promise.all([
      this.mainHead(fields.spaceId, point, true),
      this.access.users([fields.createdBy]),
      this.queries.execute(new CountOpenCommentsQuery([id])),
    ]);
    return toChangeRequestView({ ...fields, id }, users, head, this.urls, comments.get(id) ?? 0);
  }

  /** GET /spaces/{spaceId}/content at the point (main's revision then); null when the space did not exist then. */
  async mainContent(spaceId: string, point: AsOfPoint, spaceExisted = false): Promise<RevisionView | null> {
    const head = await this.mainHead(spaceId, point, spaceExisted);
    return head ? this.revision(spaceId, head, point, '') : null;
  }

  /** A revision (GET /spaces/{spaceId}/revisions/{id}) as answered at the point; null when it was not made yet. */
  async revisionById(revisionId: string, point: AsOfPoint): Promise<RevisionView | null> {
    const doc = await this.store.get<RevisionDoc>(REVISIONS, revisionId);
    if (!doc) return null;
    const streams = [spaceContentStream(doc.spaceId), ...(doc.changeRequestId ? [changeRequestStream(doc.changeRequestId)] : [])];
    const made = madeRevision(await this.events.streams(streams, point), revisionId);
    // The empty first revision is made by SpaceCreated, before content's saga records it.
    if (!made && (await this.mainHead(doc.spaceId, point)) !== revisionId) return null;
    return this.revision(doc.spaceId, revisionId, point, `/~/revisions/${revisionId}`);
  }

  /**
   * Main's head revision at the point. Before content's saga initialized main (a moment after
   * SpaceCreated), GET answered the empty revision SpaceCreated announced, as ContentReader does
   * now: then too, if the space existed then (`spaceExisted`, else asked of the spaces reader).
   */
  async mainHead(spaceId: string, point: AsOfPoint, spaceExisted = false): Promise<string | null> {
    const head = mainHeadAt(await this.events.stream(spaceContentStream(spaceId), point));
    if (head) return head.revision;
    if (!spaceExisted && (await this.readers.read('space', spaceId, point)) === null) return null;
    // The initial revision is the space's from its creation on, whoever asks ('': no caller here).
    return (await this.queries.execute(new GetSpaceAccessQuery(spaceId, '')))?.initialRevision ?? null;
  }

  /** The revision's view with its app URL under `/s/{spaceId}{suffix}` and `mergedFrom` as it was at the point. */
  private async revision(spaceId: string, revisionId: string, point: AsOfPoint, suffix: string): Promise<RevisionView> {
    const opened = await this.reader.resolveRevision(spaceId, revisionId);
    const app = `/s/${spaceId}${suffix}`;
    // revisionView reads only the space's id of the caller's access (no caller here).
    const space = { spaceId } as SpaceAccess;
    const view = await this.reader.revisionView({ space, changeRequest: null, ...opened, appUrl: (p) => this.urls.app(`${app}${p ? `/${p}` : ''}`) });
    const mergedFrom = view.mergedFrom && opened.revision.changeRequestId ? await this.changeRequest(opened.revision.changeRequestId, point) : null;
    return mergedFrom ? { ...view, mergedFrom } : view;
  }
}
