import { Injectable } from '@nestjs/common';
import type { CacheProvider, SAML } from '@node-saml/node-saml';
import { BadRequest, onFirstUse } from '@app/platform';
import { SamlResponseRefused } from '../domain/saml-assertion';
import { AssertionFacts } from '../domain/saml-login';
import { SamlProviderDoc } from './saml-provider.projection';
import { SsoUrls } from './sso-urls';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (onFirstUse)
const nodeSaml = onFirstUse(() => require('@node-saml/node-saml') as typeof import('@node-saml/node-saml'));

/**
 * Requests are not remembered (InResponseTo is not checked: IdP-initiated sign-ins have none);
 * replays are refused by the assertion's ID instead (domain/saml-assertion.ts), durably.
 */
const NO_CACHE: CacheProvider = {
  saveAsync: async () => null,
  getAsync: async () => null,
  removeAsync: async () => null,
};

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** What node-saml verified, and what this server checks itself (domain/saml-login.ts). */
export interface VerifiedResponse {
  facts: AssertionFacts;
  nameID: string | null;
  attributes: Record<string, unknown>;
}

type Attrs = { $?: Record<string, string> };
type ParsedAssertion = {
  Assertion?: Attrs & {
    Conditions?: Attrs[];
    Subject?: Array<{ SubjectConfirmation?: Array<Attrs & { SubjectConfirmationData?: Attrs[] }> }>;
  };
};

/**
 * @node-saml/node-saml for one provider: the response's XML signature (of the response or of
 * its assertion, by the provider's certificate; unsigned is refused) and audience are checked
 * by the library; time windows, recipient, issuer and replays by this server, on its own clock.
 */
@Injectable()
export class SamlService {
  constructor(private readonly urls: SsoUrls) {}

  private saml(p: SamlProviderDoc): SAML {
    const service = this.urls.service(p.organizationId, p.id);
    return new (nodeSaml().SAML)({
      idpCert: p.certificate!,
      issuer: service.entityID,
      callbackUrl: service.acsURL,
      entryPoint: p.ssoURL!,
      audience: service.entityID,
      wantAuthnResponseSigned: false,
      wantAssertionsSigned: false,
      // -1: the library's own (wall-clock) time checks are off; checkAssertion does them on the injected clock.
      acceptedClockSkewMs: -1,
      validateInResponseTo: nodeSaml().ValidateInResponseTo.never,
      cacheProvider: NO_CACHE,
      identifierFormat: EMAIL_FORMAT,
      disableRequestedAuthnContext: true,
    });
  }

  async verify(p: SamlProviderDoc, samlResponse: string): Promise<VerifiedResponse> {
    if (!/^[A-Za-z0-9+/\r\n]+={0,2}[\r\n]*$/.test(samlResponse)) throw new BadRequest('SAMLResponse: must be base64 (the HTTP-POST binding)');
    let profile;
    try {
      ({ profile } = await this.saml(p).validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (e) {
      throw new SamlResponseRefused(`it could not be verified (${(e as Error).message})`);
    }
    if (!profile) throw new SamlResponseRefused('it is a logout response, not a sign-in');
    const a = (profile.getAssertion?.() as ParsedAssertion | undefined)?.Assertion ?? {};
    const conditions = a.Conditions?.[0]?.$ ?? {};
    const confirmations = (a.Subject?.[0]?.SubjectConfirmation ?? [])
      .filter((c) => c.$?.Method === BEARER)
      .map((c) => c.SubjectConfirmationData?.[0]?.$ ?? {})
      .map((d) => ({ recipient: d.Recipient ?? null, notOnOrAfter: d.NotOnOrAfter ?? null, notBefore: d.NotBefore ?? null }));
    return {
      facts: {
        id: a.$?.ID ?? null,
        issuer: profile.issuer ?? null,
        notBefore: conditions.NotBefore ?? null,
        notOnOrAfter: conditions.NotOnOrAfter ?? null,
        confirmations,
      },
      nameID: profile.nameID ?? null,
      attributes: (profile.attributes as Record<string, unknown> | undefined) ?? {},
    };
  }

  /** Where the start URL sends the browser: the IdP's sign-in URL with an AuthnRequest (HTTP-Redirect binding). */
  authorizeUrl(p: SamlProviderDoc, relayState: string): Promise<string> {
    return this.saml(p).getAuthorizeUrlAsync(relayState, undefined, {});
  }

  /** This service's SAML metadata (its entity ID, ACS URL and NameID format), served at `service.entityID`. */
  metadata(p: { id: string; organizationId: string }): string {
    const service = this.urls.service(p.organizationId, p.id);
    return nodeSaml().generateServiceProviderMetadata({
      issuer: service.entityID,
      callbackUrl: service.acsURL,
      identifierFormat: EMAIL_FORMAT,
      wantAssertionsSigned: false,
    });
  }
}
