import { ValidateIf } from 'class-validator';
import { IfPresent, Role } from '@app/platform';
import { IsGivenRoleOrNull, IsIdList } from './space-fields';

/** Reference InviteUsersAndTeams: `role` (required, a role or null) with `users` and/or `teams`. */
export class InviteBody {
  @IsGivenRoleOrNull()
  role: Role | null;

  /** Validated when given, and named when neither users nor teams are. */
  @ValidateIf((o: InviteBody) => o.users !== undefined || o.teams === undefined)
  @IsIdList('give users, teams or both to invite')
  users?: string[];

  @IfPresent()
  @IsIdList()
  teams?: string[];
}

/** Body of PATCH .../permissions/users/{userId} and .../teams/{teamId}: `{role}`, null for guest. */
export class RoleBody {
  @IsGivenRoleOrNull()
  role: Role | null;
}
