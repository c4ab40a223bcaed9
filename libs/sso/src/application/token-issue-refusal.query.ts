import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { TokenIssueRefusalQuery } from '@app/identity/contracts';
import { ListUserMembershipsQuery } from '@app/organizations';

/**
 * Answers identity's TokenIssueRefusalQuery: an organization that enforces single sign-on (its
 * `sso` setting) lets a member get new API tokens only as its SSO member, who gets them by
 * signing in at its SAML provider. A token is user-wide, so one such organization is enough.
 */
@QueryHandler(TokenIssueRefusalQuery)
export class TokenIssueRefusalHandler implements IQueryHandler<TokenIssueRefusalQuery> {
  constructor(private readonly queries: QueryBus) {}
  async execute(q: TokenIssueRefusalQuery): Promise<string | null> {
    const blocking = (await this.queries.execute(new ListUserMembershipsQuery(q.userId))).filter((m) => m.organizationSso && !m.sso);
    if (blocking.length === 0) return null;
    const ids = blocking.map((m) => m.organizationId).join(', ');
    return (
      `Organization ${ids} enforces single sign-on and user ${q.userId} is not its SSO member: new API tokens come from signing in ` +
      `through its SAML provider (GET /v1/orgs/${blocking[0].organizationId}/sso lists where to start)`
    );
  }
}
