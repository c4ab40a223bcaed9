import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetUsersQuery, UserView } from '@app/identity';
import { Urls } from '@app/platform';
import { CountMemberSpacesQuery } from '../../contracts';
import { MemberDoc } from './read-models';
import { MemberView, toMemberView } from './member.view';

/** Renders member documents with identity's User shape and their space counts, one lookup of each per page. */
@Injectable()
export class MemberRenderer {
  constructor(
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}

  async users(userIds: string[]): Promise<Map<string, UserView>> {
    return this.queries.execute(new GetUsersQuery(userIds));
  }

  async render(docs: MemberDoc[]): Promise<MemberView[]> {
    const spaces = new Map<string, Map<string, number>>();
    const [users] = await Promise.all([
      this.users(docs.map((d) => d.userId)),
      // One count per organization (a page's members usually share one).
      ...[...new Set(docs.map((d) => d.organizationId))].map(async (org) => {
        spaces.set(
          org,
          await this.queries.execute(
            new CountMemberSpacesQuery(
              org,
              docs.filter((d) => d.organizationId === org).map((d) => d.userId),
            ),
          ),
        );
      }),
    ]);
    return docs.map((d) => toMemberView(d, users.get(d.userId), this.urls, spaces.get(d.organizationId)?.get(d.userId) ?? 0));
  }
}
