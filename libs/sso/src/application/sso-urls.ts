import { Injectable } from '@nestjs/common';
import { Urls } from '@app/platform';

/** The service provider's side of a SAML provider (reference `service`): endpoints this server serves, all under PUBLIC_URL. */
export interface ServiceEndpoints {
  /** Where the IdP posts its SAML response (HTTP-POST binding). */
  acsURL: string;
  /** Where a browser starts signing in: redirects to the IdP with an AuthnRequest. */
  startURL: string;
  /** This service's entity ID: the URL of its SAML metadata. */
  entityID: string;
}

@Injectable()
export class SsoUrls {
  constructor(private readonly urls: Urls) {}

  location(organizationId: string, providerId: string): string {
    return this.urls.api(`/orgs/${organizationId}/saml/${providerId}`);
  }

  service(organizationId: string, providerId: string): ServiceEndpoints {
    const base = this.location(organizationId, providerId);
    return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
  }
}
