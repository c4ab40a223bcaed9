import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { TokenVerifier, type Principal } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';

/**
 * Previews (`PUBLIC_URL/published/~preview/<siteId>/…`, the URL getSitePublishingPreview
 * answers) show a site as it would be published, published or not and whatever its visibility,
 * with the claims in `?claims=`. That is for the organization's members only: the request must
 * carry a member's API token (`Authorization: Bearer`); anyone else gets the 404 of a site that
 * does not exist.
 */
@Injectable()
export class MemberPreview {
  constructor(
    private readonly modules: ModuleRef,
    private readonly queries: QueryBus,
  ) {}

  async member(token: string, organizationId: string): Promise<Principal | null> {
    // The identity context provides the verifier to the application (the bearer guard uses it too).
    const principal = await this.modules.get(TokenVerifier, { strict: false }).verify(token);
    if (!principal) return null;
    const role = await this.queries.execute(new GetMemberRoleQuery(organizationId, principal.userId));
    return role ? principal : null;
  }
}
