import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '@app/platform';
import { CreateSamlProviderHandler, DeleteSamlProviderHandler, UpdateSamlProviderHandler } from './application/saml-provider.commands';
import { samlProvidersProjection } from './application/saml-provider.projection';
import { GetSamlProviderHandler, ListSamlProvidersHandler, ListSsoLoginsHandler } from './application/saml-provider.queries';
import { SamlService } from './application/saml-service';
import { SignInWithSamlHandler } from './application/saml-sign-in.command';
import { SsoAccess } from './application/sso-access';
import { SsoUrls } from './application/sso-urls';
import { TokenIssueRefusalHandler } from './application/token-issue-refusal.query';
import { SamlProvidersController } from './http/saml-providers.controller';
import { SsoSignInController } from './http/sso-sign-in.controller';

/**
 * Single sign-on: an organization's SAML providers, signing in at their ACS (a member, and an API
 * token, for a verified assertion), and the organization-wide enforcement of SSO on token issuing.
 */
@Module({
  controllers: [SamlProvidersController, SsoSignInController],
  providers: [
    SsoAccess,
    SsoUrls,
    SamlService,
    CreateSamlProviderHandler,
    UpdateSamlProviderHandler,
    DeleteSamlProviderHandler,
    SignInWithSamlHandler,
    ListSamlProvidersHandler,
    GetSamlProviderHandler,
    ListSsoLoginsHandler,
    TokenIssueRefusalHandler,
  ],
})
export class SsoModule implements OnModuleInit {
  constructor(private readonly engine: ProjectionEngine) {}
  onModuleInit(): void {
    this.engine.registerProjection(samlProvidersProjection);
  }
}
