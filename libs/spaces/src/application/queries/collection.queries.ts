import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Filter, ListResponse, NotFound, PageQuery, ReadStore, Urls } from '@app/platform';
import { CollectionNotFound } from '../../domain/collection';
import { SpaceAccess } from '../space-access';
import { CollectionView, toCollectionView } from './collection.view';
import { COLLECTIONS, CollectionDoc } from './collections.read-model';
import { pageTree } from './content-tree';
import { spacesOf } from './space.queries';
import { SpaceView } from './space.view';

/** A live collection the caller may view, with their role; 404 otherwise. */
async function visibleCollection(store: ReadStore, access: SpaceAccess, collectionId: string, userId: string) {
  const c = await store.get<CollectionDoc>(COLLECTIONS, collectionId);
  const acc = access.for(userId);
  const role = c ? await acc.collectionRole(c) : null;
  if (!c || !role) throw new CollectionNotFound(collectionId);
  return { c, role, acc };
}

export class GetCollectionQuery extends Query<CollectionView> {
  constructor(
    readonly collectionId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetCollectionQuery)
export class GetCollectionHandler implements IQueryHandler<GetCollectionQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetCollectionQuery): Promise<CollectionView> {
    const { c, role } = await visibleCollection(this.store, this.access, q.collectionId, q.userId);
    return toCollectionView(c, role, this.urls);
  }
}

/**
 * Collections of an organization for one of its members, in the users' order (top level
 * first). `nested` (the reference parameter, default true) includes collections inside others.
 */
export class ListCollectionsQuery extends Query<ListResponse<CollectionView>> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly nested: boolean,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListCollectionsQuery)
export class ListCollectionsHandler implements IQueryHandler<ListCollectionsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly urls: Urls,
  ) {}
  async execute(q: ListCollectionsQuery): Promise<ListResponse<CollectionView>> {
    const acc = this.access.for(q.userId);
    if (!(await acc.orgRole(q.organizationId))) throw new NotFound(`No organization with id ${q.organizationId}`);
    const filter: Filter = { organizationId: q.organizationId, kind: 'collection', ...(q.nested ? {} : { parent: '' }) };
    return pageTree(this.store, filter, q.page, async (entries) => {
      const docs = new Map((await this.store.find<CollectionDoc>(COLLECTIONS, { id: { $in: entries.map((e) => e.itemId) } })).map((d) => [d.id, d]));
      const out: CollectionView[] = [];
      for (const e of entries) {
        const c = docs.get(e.itemId);
        const role = c ? await acc.collectionRole(c) : null;
        if (c && role) out.push(toCollectionView(c, role, this.urls));
      }
      return out;
    });
  }
}

/** The spaces directly inside a collection, in the users' order. */
export class ListSpacesInCollectionQuery extends Query<ListResponse<SpaceView>> {
  constructor(
    readonly collectionId: string,
    readonly userId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSpacesInCollectionQuery)
export class ListSpacesInCollectionHandler implements IQueryHandler<ListSpacesInCollectionQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly urls: Urls,
    private readonly queries: QueryBus,
  ) {}
  async execute(q: ListSpacesInCollectionQuery): Promise<ListResponse<SpaceView>> {
    const { c, acc } = await visibleCollection(this.store, this.access, q.collectionId, q.userId);
    return pageTree(this.store, { parent: c.id, kind: 'space' }, q.page, (entries) => spacesOf(this.store, this.queries, acc, this.urls, entries));
  }
}
