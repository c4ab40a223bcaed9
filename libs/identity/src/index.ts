export { IdentityModule } from './identity.module';
/** A user's event stream: what versions their profile (its ETag) wherever it is served. */
export { userStream } from './domain/user';
export { RegisterUserCommand } from './application/commands/register-user';
export { IssueTokenCommand } from './application/commands/issue-token';
export { RevokeTokenCommand } from './application/commands/revoke-token';
export { GetUsersQuery, type UserView } from './application/queries/get-user';
export { GetUserEmailQuery } from './application/queries/get-user-email';
export { ListUserTokensQuery, type TokenSummary } from './application/queries/list-user-tokens';
export { FindUserByEmailQuery } from './application/queries/find-user-by-email';
