import { X509Certificate } from 'crypto';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, EventSourcing, NotFound, ProjectionEngine, ReadStore, RequestContext } from '@app/platform';
import { IssueTokenCommand, RegisterUserCommand } from '@app/identity';
import { JoinWithSsoCommand } from '@app/organizations';
import { validityProblem } from '../domain/idp-certificate';
import { samlAssertion, samlAssertionStream, SamlResponseRefused } from '../domain/saml-assertion';
import { checkAssertion, signInIdentity } from '../domain/saml-login';
import { providerStatus } from '../domain/saml-provider';
import { SAML_PROVIDERS, SamlProviderDoc } from './saml-provider.projection';
import { SamlService } from './saml-service';
import { SsoUrls } from './sso-urls';

/** What the ACS answers: the API token is shown once, here, and stored hashed only. */
export interface SamlSignIn {
  object: 'sso-sign-in';
  organizationId: string;
  userId: string;
  /** The user was not a member before: they joined with the provider's default role and team. */
  joined: boolean;
  tokenId: string;
  token: string;
}

/** A SAML response posted to a provider's ACS (HTTP-POST binding). */
export class SignInWithSamlCommand extends Command<SamlSignIn> {
  constructor(
    readonly organizationId: string,
    readonly providerId: string,
    readonly samlResponse: string,
  ) {
    super();
  }
}

/**
 * Verifies the response (SamlService, then checkAssertion on this server's clock), consumes the
 * assertion (a replay is refused), registers the user when their email is new, makes them an SSO
 * member (joining with the provider's default role and team when new: organizations decides,
 * and refuses users who belong to other organizations), then issues an API token.
 */
@CommandHandler(SignInWithSamlCommand)
export class SignInWithSamlHandler implements ICommandHandler<SignInWithSamlCommand> {
  constructor(
    private readonly store: ReadStore,
    private readonly saml: SamlService,
    private readonly urls: SsoUrls,
    private readonly es: EventSourcing,
    private readonly commands: CommandBus,
    private readonly engine: ProjectionEngine,
    private readonly clock: Clock,
  ) {}

  async execute({ organizationId, providerId, samlResponse }: SignInWithSamlCommand): Promise<SamlSignIn> {
    const p = await this.store.get<SamlProviderDoc>(SAML_PROVIDERS, providerId);
    if (!p || p.organizationId !== organizationId || providerStatus(p) !== 'active') {
      throw new NotFound(`samlProviderId: no active SAML provider ${providerId} in organization ${organizationId}`);
    }
    const now = this.clock.now();
    const expired = validityProblem(new X509Certificate(p.certificate!), now);
    if (expired) throw new SamlResponseRefused(`the provider's certificate cannot be used: ${expired}; an admin must update it`);
    const verified = await this.saml.verify(p, samlResponse);
    const assertion = checkAssertion(verified.facts, { acsURL: this.urls.service(organizationId, providerId).acsURL, issuer: p.entityID! }, now);
    const who = signInIdentity(verified.nameID, verified.attributes);
    await this.es.execute(samlAssertionStream(providerId, assertion.id), samlAssertion, {
      type: 'ConsumeSamlAssertion',
      providerId,
      organizationId,
      subject: who.email,
      notOnOrAfter: assertion.notOnOrAfter,
    });
    const { userId } = await this.commands.execute(new RegisterUserCommand(who.email, who.displayName, true));
    RequestContext.setActor(userId);
    const { joined } = await this.commands.execute(new JoinWithSsoCommand(organizationId, userId, providerId, p.defaultRole, p.defaultTeam));
    // Issuing asks the read models whether the user may get a token (an SSO member now).
    await this.engine.settle();
    const { tokenId, token } = await this.commands.execute(new IssueTokenCommand(userId, `SAML sign-in (${p.label})`));
    return { object: 'sso-sign-in', organizationId, userId, joined, tokenId, token };
  }
}
