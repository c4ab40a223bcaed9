import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { CountOpenCommentsQuery } from '@app/content/contracts';
import { CountOpenSpaceCommentsQuery } from '@app/spaces/contracts';
import { ThreadScope } from '../../domain/comment-thread.events';
import { OPEN_COMMENT_COUNTS, OpenCountDoc, scopeKey } from './comments.read-model';

/** Open comments of each scope, by the id it was asked with: one read for a whole page. */
async function openCounts(store: ReadStore, scopes: Array<[string, ThreadScope]>): Promise<Map<string, number>> {
  if (!scopes.length) return new Map();
  const byKey = new Map(scopes.map(([id, scope]) => [scopeKey(scope), id]));
  const docs = await store.find<OpenCountDoc>(OPEN_COMMENT_COUNTS, { id: { $in: [...byKey.keys()] } });
  return new Map(docs.map((d) => [byKey.get(d.id)!, d.open]));
}

/** Answers the content context's `CountOpenCommentsQuery`: a change request's `comments`. */
@QueryHandler(CountOpenCommentsQuery)
export class CountOpenCommentsHandler implements IQueryHandler<CountOpenCommentsQuery> {
  constructor(private readonly store: ReadStore) {}
  execute(q: CountOpenCommentsQuery): Promise<Map<string, number>> {
    return openCounts(
      this.store,
      [...new Set(q.changeRequestIds)].map((id) => [id, { spaceId: '', changeRequestId: id }]),
    );
  }
}

/** Answers the spaces context's `CountOpenSpaceCommentsQuery`: a space's `comments` (its own discussion). */
@QueryHandler(CountOpenSpaceCommentsQuery)
export class CountOpenSpaceCommentsHandler implements IQueryHandler<CountOpenSpaceCommentsQuery> {
  constructor(private readonly store: ReadStore) {}
  execute(q: CountOpenSpaceCommentsQuery): Promise<Map<string, number>> {
    return openCounts(
      this.store,
      [...new Set(q.spaceIds)].map((id) => [id, { spaceId: id, changeRequestId: null }]),
    );
  }
}
