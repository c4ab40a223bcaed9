import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { IsIn, IsOptional } from 'class-validator';
import { Caller, PageQuery, Principal } from '@app/platform';
import { ListMemberSpacesQuery } from '../application/queries/member-spaces.query';

/** Query of listSpacesForOrganizationMember: paging and the reference's `order` (default desc: newest first). */
export class ListMemberSpacesParams extends PageQuery {
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

/** Reference listSpacesForOrganizationMember (tag organization-members), answered here: spaces and roles on them are this context's. */
@Controller('orgs/:organizationId/members/:userId/spaces')
export class MemberSpacesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('userId') userId: string, @Query() q: ListMemberSpacesParams) {
    return this.queries.execute(new ListMemberSpacesQuery(organizationId, caller.userId, userId, q.order ?? 'desc', q));
  }
}
