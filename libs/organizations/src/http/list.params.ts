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

  /** lastSeenAt moves with every ping: a listing sorted by it could not page stably. */
  @IsOptional()
  @IsIn(['joinedAt'], { message: 'sort: only joinedAt is supported (lastSeenAt moves with every ping, so it cannot page stably)' })
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
