import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { MemberRenderer } from './member-renderer';
import type { MemberView } from './member.view';
import { MEMBERS, MemberDoc } from './read-models';

/**
 * The reference `OrganizationMember` of each of `userIds` who is a member (or guest) of the
 * organization, by user id; others are left out. For contexts that list people as members
 * (the commenters of a space or change request).
 */
export class GetMemberViewsQuery extends Query<Map<string, MemberView>> {
  constructor(
    readonly organizationId: string,
    readonly userIds: string[],
  ) {
    super();
  }
}

@QueryHandler(GetMemberViewsQuery)
export class GetMemberViewsHandler implements IQueryHandler<GetMemberViewsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly members: MemberRenderer,
  ) {}
  async execute(q: GetMemberViewsQuery): Promise<Map<string, MemberView>> {
    if (q.userIds.length === 0) return new Map();
    const docs = await this.store.find<MemberDoc>(MEMBERS, { organizationId: q.organizationId, userId: { $in: [...new Set(q.userIds)] } });
    const views = await this.members.render(docs);
    return new Map(views.map((v) => [v.id, v]));
  }
}
