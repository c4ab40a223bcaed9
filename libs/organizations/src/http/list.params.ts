import { IsIn, IsOptional, IsString } from 'class-validator';
import { PageQuery, ROLES } from '@app/platform';

/** Query of listMembersInOrganizationById. */
export class ListMembersParams extends PageQuery {
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @IsOptional()
  @IsIn([...ROLES, 'guest'])
  role?: (typeof ROLES)[number] | 'guest';

  @IsOptional()
  @IsString()
  search?: string;

  /** lastSeenAt is not tracked here, and a mutable sort key could not page stably anyway. */
  @IsOptional()
  @IsIn(['joinedAt'], { message: 'sort: only joinedAt is supported (lastSeenAt is not tracked by this server)' })
  sort?: 'joinedAt';
}

/** Query of listTeamsInOrganizationById. */
export class ListTeamsParams extends PageQuery {
  @IsOptional()
  @IsString()
  owner?: string;

  @IsOptional()
  @IsString()
  title?: string;
}

/** Query of listTeamsForOrganizationMember. */
export class ListMemberTeamsParams extends PageQuery {
  @IsOptional()
  @IsString()
  title?: string;
}
