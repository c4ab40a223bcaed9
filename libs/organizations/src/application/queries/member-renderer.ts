import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetUsersQuery, UserView } from '@app/identity';
import { Urls } from '@app/platform';
import { MemberDoc } from './read-models';
import { MemberView, toMemberView } from './member.view';

/** Renders member documents with identity's User shape, one identity lookup per page. */
@Injectable()
export class MemberRenderer {
  constructor(private readonly queries: QueryBus, private readonly urls: Urls) {}

  async users(userIds: string[]): Promise<Map<string, UserView>> {
    return this.queries.execute(new GetUsersQuery(userIds));
  }

  async render(docs: MemberDoc[]): Promise<MemberView[]> {
    const users = await this.users(docs.map((d) => d.userId));
    return docs.map((d) => toMemberView(d, users.get(d.userId), this.urls));
  }
}
