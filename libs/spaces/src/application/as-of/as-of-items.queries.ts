import { IQueryHandler, Query, QueryBus, QueryHandler, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import { AsOfPoint, ReadStore, Urls } from '@app/platform';
import { CountOpenSpaceCommentsQuery, SpaceContentStats, SpaceContentStatsAsOfQuery, SpaceContentStatsQuery } from '../../contracts';
import { allows, SPACE_FLAG_POLICY } from '../../domain/authorization';
import { CollectionNotFound } from '../../domain/collection';
import { SpaceNotFound } from '../../domain/space';
import { CollectionView, toCollectionView } from '../queries/collection.view';
import { COLLECTIONS, CollectionDoc } from '../queries/collections.read-model';
import { SpaceView, toSpaceView } from '../queries/space.view';
import { SPACES, SpaceDoc } from '../queries/spaces.projection';
import { SpaceAccess } from '../space-access';
import { SpacesAsOf } from './as-of-spaces';

/*
 * Time travel: a space or a collection as a GET answered it at a point. The caller must see it
 * now (a space in the bin: they must be able to restore it); the item must have existed (and a
 * space not been in the bin) then; `permissions` are the caller's as they were then.
 */

/** Content's figures then when content answers that, else today's (see SpaceContentStatsAsOfQuery). */
async function contentStats(queries: QueryBus, spaceIds: string[], point: AsOfPoint): Promise<Map<string, SpaceContentStats>> {
  try {
    return await queries.execute(new SpaceContentStatsAsOfQuery(spaceIds, point));
  } catch (e) {
    if (e instanceof QueryHandlerNotFoundException) return queries.execute(new SpaceContentStatsQuery(spaceIds));
    throw e;
  }
}

/** The space then, with the permissions `userId` had then (none for null); null when it was not live then. */
export async function spaceAsOf(past: SpacesAsOf, queries: QueryBus, urls: Urls, spaceId: string, point: AsOfPoint, userId: string | null) {
  const store = await past.items(point, [spaceId]);
  const s = await store.get<SpaceDoc>(SPACES, spaceId);
  if (!s || s.status !== 'active') return null;
  const [role, content, comments] = await Promise.all([
    userId ? past.accessor(userId, point, store).spaceRole(s) : null,
    contentStats(queries, [spaceId], point),
    // Open comments are counted as they are now: the comments context keeps no past.
    queries.execute(new CountOpenSpaceCommentsQuery([spaceId])),
  ]);
  return toSpaceView(s, role, urls, content.get(spaceId), comments.get(spaceId));
}

/** The collection then, with the permissions `userId` had then; null when it did not exist then. */
export async function collectionAsOf(past: SpacesAsOf, urls: Urls, collectionId: string, point: AsOfPoint, userId: string | null) {
  const store = await past.items(point, [], [collectionId]);
  const c = await store.get<CollectionDoc>(COLLECTIONS, collectionId);
  if (!c) return null;
  return toCollectionView(c, userId ? await past.accessor(userId, point, store).collectionRole(c) : null, urls);
}

export class GetSpaceAsOfQuery extends Query<SpaceView> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

@QueryHandler(GetSpaceAsOfQuery)
export class GetSpaceAsOfHandler implements IQueryHandler<GetSpaceAsOfQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly past: SpacesAsOf,
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetSpaceAsOfQuery): Promise<SpaceView> {
    const now = await this.store.get<SpaceDoc>(SPACES, q.spaceId);
    const role = now ? await this.access.roleOn(now, q.userId) : null;
    // Live: readers now; in the bin: those who may restore it (the admin flag, as RestoreSpace asks).
    const visible = now?.status === 'active' ? !!role : allows(SPACE_FLAG_POLICY.admin, role);
    const view = visible ? await spaceAsOf(this.past, this.queries, this.urls, q.spaceId, q.point, q.userId) : null;
    if (!view) throw new SpaceNotFound(q.spaceId);
    return view;
  }
}

export class GetCollectionAsOfQuery extends Query<CollectionView> {
  constructor(
    readonly collectionId: string,
    readonly userId: string,
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

@QueryHandler(GetCollectionAsOfQuery)
export class GetCollectionAsOfHandler implements IQueryHandler<GetCollectionAsOfQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly past: SpacesAsOf,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetCollectionAsOfQuery): Promise<CollectionView> {
    const now = await this.store.get<CollectionDoc>(COLLECTIONS, q.collectionId);
    const role = now ? await this.access.for(q.userId).collectionRole(now) : null;
    const view = role ? await collectionAsOf(this.past, this.urls, q.collectionId, q.point, q.userId) : null;
    if (!view) throw new CollectionNotFound(q.collectionId);
    return view;
  }
}
