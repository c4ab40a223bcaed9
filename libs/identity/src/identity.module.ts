import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine, TokenVerifier } from '@app/platform';
import { IssueTokenHandler } from './application/commands/issue-token';
import { RegisterUserHandler } from './application/commands/register-user';
import { RevokeTokenHandler } from './application/commands/revoke-token';
import { UpdateUserProfileHandler } from './application/commands/update-user-profile';
import { GetUsersHandler } from './application/queries/get-user';
import { GetUserEmailHandler } from './application/queries/get-user-email';
import { FindUserByEmailHandler } from './application/queries/find-user-by-email';
import { ListUserTokensHandler } from './application/queries/list-user-tokens';
import { identityProjection } from './application/queries/identity.projection';
import { ReadModelTokenVerifier } from './application/token-verifier';
import { TokenUsageRecorder } from './application/token-usage.recorder';
import { UsersController } from './http/users.controller';

/** Identity: users and their API tokens (stored hashed). */
@Module({
  controllers: [UsersController],
  providers: [
    RegisterUserHandler,
    IssueTokenHandler,
    RevokeTokenHandler,
    UpdateUserProfileHandler,
    GetUsersHandler,
    GetUserEmailHandler,
    FindUserByEmailHandler,
    ListUserTokensHandler,
    TokenUsageRecorder,
    { provide: TokenVerifier, useClass: ReadModelTokenVerifier },
  ],
  exports: [TokenVerifier],
})
export class IdentityModule implements OnModuleInit {
  constructor(private readonly engine: ProjectionEngine) {}
  onModuleInit(): void {
    this.engine.registerProjection(identityProjection);
  }
}
