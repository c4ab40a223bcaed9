import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReadStore, Urls } from '@app/platform';
import { CountOpenCommentsQuery } from '../../contracts';
import { ChangeRequestNotFound } from '../../domain/change-request';
import { ContentAccess } from '../content-access';
import { CHANGE_REQUESTS, ChangeRequestDoc } from './change-requests.projection';
import { ChangeRequestView, toChangeRequestView } from './change-request.view';
import { HEADS, HeadDoc } from './content.projection';

/** Renders change requests (batching the users and main heads they need) and finds them by id or number. */
@Injectable()
export class ChangeRequestViews {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ContentAccess,
    private readonly urls: Urls,
    private readonly queries: QueryBus,
  ) {}

  async render(docs: ChangeRequestDoc[]): Promise<ChangeRequestView[]> {
    const spaces = [...new Set(docs.map((d) => d.spaceId))];
    const [users, heads, comments] = await Promise.all([
      this.access.users(docs.map((d) => d.createdBy)),
      this.store.find<HeadDoc>(HEADS, { id: { $in: spaces } }),
      // Open comments are the comments context's figure (above content): asked, never read from its events.
      docs.length ? this.queries.execute(new CountOpenCommentsQuery(docs.map((d) => d.id))) : new Map<string, number>(),
    ]);
    const head = new Map(heads.map((h) => [h.id, h.revision]));
    return docs.map((d) => toChangeRequestView(d, users, head.get(d.spaceId) ?? null, this.urls, comments.get(d.id) ?? 0));
  }

  async one(doc: ChangeRequestDoc): Promise<ChangeRequestView> {
    return (await this.render([doc]))[0];
  }

  /** By id, or by number within the space ("changeRequestId is the id or the number"). */
  async find(spaceId: string, ref: string): Promise<ChangeRequestDoc> {
    const byId = await this.store.get<ChangeRequestDoc>(CHANGE_REQUESTS, ref);
    if (byId && byId.spaceId === spaceId) return byId;
    if (/^\d+$/.test(ref)) {
      const [byNumber] = await this.store.find<ChangeRequestDoc>(CHANGE_REQUESTS, { spaceId, number: Number(ref) }, { limit: 1 });
      if (byNumber) return byNumber;
    }
    throw new ChangeRequestNotFound(ref);
  }
}
