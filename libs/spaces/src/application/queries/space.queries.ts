import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, NotFound, PageQuery, ReadStore, Role, Urls } from '@app/platform';
import { CountOpenSpaceCommentsQuery, SpaceContentStatsQuery } from '../../contracts';
import { SpaceNotFound } from '../../domain/space';
import { Accessor, SpaceAccess, SpacePermissions, spacePermissions } from '../space-access';
import { pageTree, TreeEntry } from './content-tree';
import { SpaceView, toSpaceView } from './space.view';
import { SPACES, SpaceDoc } from './spaces.projection';

/** A live space the caller may view; 404 otherwise (deleted, purged or not visible to them). */
export class GetSpaceQuery extends Query<SpaceView> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSpaceQuery)
export class GetSpaceHandler implements IQueryHandler<GetSpaceQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly urls: Urls,
    private readonly queries: QueryBus,
  ) {}
  async execute(q: GetSpaceQuery): Promise<SpaceView> {
    const s = await this.store.get<SpaceDoc>(SPACES, q.spaceId);
    if (!s || s.status !== 'active') throw new SpaceNotFound(q.spaceId);
    const role = await this.access.roleOn(s, q.userId);
    if (!role) throw new SpaceNotFound(q.spaceId);
    const [content, comments] = await Promise.all([
      this.queries.execute(new SpaceContentStatsQuery([s.id])),
      this.queries.execute(new CountOpenSpaceCommentsQuery([s.id])),
    ]);
    return toSpaceView(s, role, this.urls, content.get(s.id), comments.get(s.id));
  }
}

/** The spaces of a page of tree entries, in the entries' order, each with the caller's permissions. */
export async function spacesOf(store: ReadStore, queries: QueryBus, acc: Accessor, urls: Urls, entries: TreeEntry[]): Promise<SpaceView[]> {
  const ids = entries.map((e) => e.itemId);
  const [docs, content, comments] = await Promise.all([
    store.find<SpaceDoc>(SPACES, { id: { $in: ids } }).then((found) => new Map(found.map((d) => [d.id, d]))),
    queries.execute(new SpaceContentStatsQuery(ids)),
    queries.execute(new CountOpenSpaceCommentsQuery(ids)),
  ]);
  const out: SpaceView[] = [];
  for (const e of entries) {
    const s = docs.get(e.itemId);
    if (!s || s.status !== 'active') continue; // deleted since the pass's snapshot
    const role = await acc.spaceRole(s);
    if (role) out.push(toSpaceView(s, role, urls, content.get(s.id), comments.get(s.id)));
  }
  return out;
}

/**
 * Live spaces of an organization for one of its members: top-level spaces first, then those
 * of each collection, each group in the order users gave it (see content-tree.ts for paging).
 */
export class ListSpacesQuery extends Query<ListResponse<SpaceView>> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSpacesQuery)
export class ListSpacesHandler implements IQueryHandler<ListSpacesQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly urls: Urls,
    private readonly queries: QueryBus,
  ) {}
  async execute(q: ListSpacesQuery): Promise<ListResponse<SpaceView>> {
    const acc = this.access.for(q.userId);
    if (!(await acc.orgRole(q.organizationId))) throw new NotFound(`No organization with id ${q.organizationId}`);
    return pageTree(this.store, { organizationId: q.organizationId, kind: 'space' }, q.page, (entries) =>
      spacesOf(this.store, this.queries, acc, this.urls, entries),
    );
  }
}

export interface SpaceAccessInfo {
  spaceId: string;
  organizationId: string;
  /** The caller's effective role; null when they may not see the space. */
  role: Role | null;
  /** What that role allows (the flags of Space.permissions): check these rather than roles. */
  permissions: SpacePermissions;
  editMode: 'live' | 'locked';
  mergeRules: SpaceDoc['mergeRules'];
  /** Id of the revision the space was created with (an empty revision). */
  initialRevision: string;
}

/**
 * For other contexts (content, comments…): a live space and the caller's role on it, or null
 * when there is no such live space. Contexts answer 404 when this is null or role is null.
 */
export class GetSpaceAccessQuery extends Query<SpaceAccessInfo | null> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSpaceAccessQuery)
export class GetSpaceAccessHandler implements IQueryHandler<GetSpaceAccessQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
  ) {}
  async execute(q: GetSpaceAccessQuery): Promise<SpaceAccessInfo | null> {
    const s = await this.store.get<SpaceDoc>(SPACES, q.spaceId);
    if (!s || s.status !== 'active') return null;
    const role = await this.access.roleOn(s, q.userId);
    return {
      spaceId: s.id,
      organizationId: s.organizationId,
      role,
      permissions: spacePermissions(role),
      editMode: s.editMode,
      mergeRules: s.mergeRules,
      initialRevision: s.revision,
    };
  }
}
