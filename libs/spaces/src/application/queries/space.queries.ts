import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, NotFound, PageQuery, paginate, ReadStore, Urls } from '@app/platform';
import { SpaceNotFound } from '../../domain/space';
import { SpaceAccess } from '../space-access';
import { SpaceView, toSpaceView } from './space.view';
import { SPACES, SpaceDoc } from './spaces.projection';

/** A live space the caller may view; 404 otherwise (deleted, purged or not visible to them). */
export class GetSpaceQuery extends Query<SpaceView> {
  constructor(readonly spaceId: string, readonly userId: string) { super(); }
}

@QueryHandler(GetSpaceQuery)
export class GetSpaceHandler implements IQueryHandler<GetSpaceQuery> {
  constructor(private readonly store: ReadStore, private readonly access: SpaceAccess, private readonly urls: Urls) {}
  async execute(q: GetSpaceQuery): Promise<SpaceView> {
    const s = await this.store.get<SpaceDoc>(SPACES, q.spaceId);
    if (!s || s.status !== 'active') throw new SpaceNotFound(q.spaceId);
    const role = await this.access.roleOn(s, q.userId);
    if (!role) throw new SpaceNotFound(q.spaceId);
    return toSpaceView(s, role, this.urls);
  }
}

/** Live spaces of an organization, oldest first; the caller must be a member. */
export class ListSpacesQuery extends Query<ListResponse<SpaceView>> {
  constructor(readonly organizationId: string, readonly userId: string, readonly page: PageQuery) { super(); }
}

@QueryHandler(ListSpacesQuery)
export class ListSpacesHandler implements IQueryHandler<ListSpacesQuery> {
  constructor(private readonly store: ReadStore, private readonly access: SpaceAccess, private readonly urls: Urls) {}
  async execute(q: ListSpacesQuery): Promise<ListResponse<SpaceView>> {
    const member = await this.access.orgRole(q.organizationId, q.userId);
    if (!member) throw new NotFound(`No organization with id ${q.organizationId}`);
    return paginate<SpaceDoc, SpaceView>(this.store, SPACES, { organizationId: q.organizationId, status: 'active' }, [['seq', 1]], q.page, async (s) =>
      toSpaceView(s, await this.access.roleOn(s, q.userId), this.urls),
    );
  }
}

export interface SpaceAccessInfo {
  spaceId: string;
  organizationId: string;
  /** The caller's effective role; null when they may not see the space. */
  role: import('@app/platform').Role | null;
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
  constructor(readonly spaceId: string, readonly userId: string) { super(); }
}

@QueryHandler(GetSpaceAccessQuery)
export class GetSpaceAccessHandler implements IQueryHandler<GetSpaceAccessQuery> {
  constructor(private readonly store: ReadStore, private readonly access: SpaceAccess) {}
  async execute(q: GetSpaceAccessQuery): Promise<SpaceAccessInfo | null> {
    const s = await this.store.get<SpaceDoc>(SPACES, q.spaceId);
    if (!s || s.status !== 'active') return null;
    return {
      spaceId: s.id, organizationId: s.organizationId, role: await this.access.roleOn(s, q.userId),
      editMode: s.editMode, mergeRules: s.mergeRules, initialRevision: s.revision,
    };
  }
}
