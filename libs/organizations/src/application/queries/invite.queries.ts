import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { atLeast, ListResponse, PageQuery, paginate, ReadStore, Role } from '@app/platform';
import { InviteNotFound } from '../../domain/organization';
import { InviteLinkIds } from '../invite-link-ids';
import { OrgAccess } from '../org-access';
import { INVITES, InviteDoc } from './read-models';

/**
 * The reference `InviteLinkToOrganization`; `id` is the sealed id (the read model, like the
 * events, holds the record id); redundant: the caller already has at least the role it grants.
 */
export function toInviteView(i: InviteDoc, callerRole: Role | null, publicId: string) {
  return { object: 'invite' as const, id: publicId, role: i.role, redundant: i.role === null || atLeast(callerRole, i.role) };
}
export type InviteView = ReturnType<typeof toInviteView>;

/** Link invites of the organization, oldest first (admins only: a link is a key to the organization). */
export class ListInviteLinksQuery extends Query<ListResponse<InviteView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListInviteLinksQuery)
export class ListInviteLinksHandler implements IQueryHandler<ListInviteLinksQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly links: InviteLinkIds,
  ) {}
  async execute(q: ListInviteLinksQuery): Promise<ListResponse<InviteView>> {
    const { caller } = await this.access.require(q.organizationId, q.callerId, 'admin', 'Listing invite links');
    return paginate<InviteDoc, InviteView>(this.store, INVITES, { organizationId: q.organizationId }, [['seq', 1]], q.page, (i) =>
      toInviteView(i, caller.role, this.links.toPublic(q.organizationId, i.id)),
    );
  }
}

export class GetInviteLinkQuery extends Query<InviteView> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly inviteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetInviteLinkQuery)
export class GetInviteLinkHandler implements IQueryHandler<GetInviteLinkQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly links: InviteLinkIds,
  ) {}
  async execute(q: GetInviteLinkQuery): Promise<InviteView> {
    const { caller } = await this.access.require(q.organizationId, q.callerId, 'admin', 'Viewing invite links');
    const i = await this.store.get<InviteDoc>(INVITES, this.links.toRecord(q.organizationId, q.inviteId));
    if (!i || i.organizationId !== q.organizationId) throw new InviteNotFound(q.inviteId, q.organizationId);
    return toInviteView(i, caller.role, q.inviteId);
  }
}
