import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { AcceptsFormBody, BadRequest, isPlainObject, NotFound, Public, readFormBody, ReadStore } from '@app/platform';
import { SamlProviderNotFound, providerStatus } from '../domain/saml-provider';
import { SAML_PROVIDERS, SamlProviderDoc } from '../application/saml-provider.projection';
import { ListSsoLoginsQuery } from '../application/saml-provider.queries';
import { SamlService } from '../application/saml-service';
import { SignInWithSamlCommand } from '../application/saml-sign-in.command';

/** A SAML response is a few kilobytes; a form body beyond this is not one. */
const FORM_LIMIT_BYTES = 1024 * 1024;
/** The SAML bindings' bound for RelayState. */
const RELAY_STATE_MAX = 80;

class StartParams {
  @IsOptional()
  @IsString()
  @MaxLength(RELAY_STATE_MAX, { message: `RelayState: must be at most ${RELAY_STATE_MAX} characters (SAML bindings)` })
  RelayState?: string;
}

/** `{SAMLResponse, RelayState?}` from a form (the HTTP-POST binding) or a JSON body. */
async function acsFields(req: Request): Promise<{ samlResponse: string }> {
  const form = await readFormBody(req, FORM_LIMIT_BYTES);
  const body: unknown = form ?? req.body;
  if (!isPlainObject(body)) throw new BadRequest('body: must carry SAMLResponse, as a form (application/x-www-form-urlencoded) or a JSON object');
  // A browser's form may carry more fields than these; a JSON body is held to them.
  const extra = form ? undefined : Object.keys(body).find((k) => k !== 'SAMLResponse' && k !== 'RelayState');
  if (extra !== undefined) throw new BadRequest(`body.${extra}: unknown field`);
  if (typeof body.SAMLResponse !== 'string' || body.SAMLResponse.length === 0) throw new BadRequest('SAMLResponse: is required (a base64 SAML response)');
  if (body.RelayState !== undefined && typeof body.RelayState !== 'string') throw new BadRequest('RelayState: must be a string');
  return { samlResponse: body.SAMLResponse };
}

/**
 * The sign-in side of SSO, served without a token (whoever uses it has none yet): the providers
 * a sign-in page offers, and each provider's `service` endpoints (start, metadata, ACS).
 */
@Controller('orgs/:organizationId')
export class SsoSignInController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly store: ReadStore,
    private readonly saml: SamlService,
  ) {}

  /** Reference listSSOProviderLoginsInOrganization. */
  @Public()
  @Get('sso')
  logins(@Param('organizationId') organizationId: string) {
    return this.queries.execute(new ListSsoLoginsQuery(organizationId));
  }

  /** `service.startURL`: redirects the browser to the IdP with an AuthnRequest. */
  @Public()
  @Get('saml/:samlProviderId/start')
  async start(
    @Param('organizationId') organizationId: string,
    @Param('samlProviderId') providerId: string,
    @Query() q: StartParams,
    @Res() res: Response,
  ): Promise<void> {
    const p = await this.provider(organizationId, providerId);
    if (providerStatus(p) !== 'active')
      throw new NotFound(`samlProviderId: SAML provider ${providerId} is pending (its IdP sign-in URL and certificate are not set)`);
    res.setHeader('Cache-Control', 'no-store').redirect(302, await this.saml.authorizeUrl(p, q.RelayState ?? ''));
  }

  /** `service.entityID`: this service's SAML metadata, for configuring the IdP (pending providers too). */
  @Public()
  @Get('saml/:samlProviderId/metadata')
  async metadata(@Param('organizationId') organizationId: string, @Param('samlProviderId') providerId: string, @Res() res: Response): Promise<void> {
    const p = await this.provider(organizationId, providerId);
    res.status(200).type('application/samlmetadata+xml').send(this.saml.metadata(p));
  }

  /** `service.acsURL`: the IdP posts its SAML response here; the answer carries a new API token. */
  @Public()
  @AcceptsFormBody()
  @Post('saml/:samlProviderId/acs')
  @HttpCode(200)
  async acs(
    @Param('organizationId') organizationId: string,
    @Param('samlProviderId') providerId: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { samlResponse } = await acsFields(req);
    res.setHeader('Cache-Control', 'no-store');
    return this.commands.execute(new SignInWithSamlCommand(organizationId, providerId, samlResponse));
  }

  private async provider(organizationId: string, providerId: string): Promise<SamlProviderDoc> {
    const p = await this.store.get<SamlProviderDoc>(SAML_PROVIDERS, providerId);
    if (!p || p.organizationId !== organizationId) throw new SamlProviderNotFound(providerId);
    return p;
  }
}
