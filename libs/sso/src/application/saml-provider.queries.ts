import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, PageQuery, paginate, ReadStore, Role } from '@app/platform';
import { GetTeamViewsQuery, TeamView } from '@app/organizations';
import { providerStatus, SamlProviderNotFound } from '../domain/saml-provider';
import { SAML_PROVIDERS, SamlProviderDoc } from './saml-provider.projection';
import { SsoAccess } from './sso-access';
import { ServiceEndpoints, SsoUrls } from './sso-urls';

/**
 * The reference OrganizationSAMLProvider. A pending provider (created with a label only, so its
 * admin can configure the IdP with `service` first) shows the IdP fields it lacks as the
 * reference's types allow: entityID and certificate empty, ssoURL `about:blank`.
 */
export interface SamlProviderView {
  object: 'saml-provider';
  id: string;
  label: string;
  ssoURL: string;
  entityID: string;
  certificate: string;
  defaultTeam?: TeamView;
  defaultRole: Role | null;
  createdAt: string;
  status: 'active' | 'pending';
  service: ServiceEndpoints;
  urls: { location: string };
}

export const NO_SSO_URL = 'about:blank';

/** Renders providers, with their default team as the caller sees it (a team deleted since is left out). */
async function render(docs: SamlProviderDoc[], callerId: string, queries: QueryBus, urls: SsoUrls): Promise<SamlProviderView[]> {
  const byOrg = new Map<string, string[]>();
  for (const d of docs) if (d.defaultTeam) byOrg.set(d.organizationId, [...(byOrg.get(d.organizationId) ?? []), d.defaultTeam]);
  const teams = new Map<string, TeamView>();
  for (const [org, ids] of byOrg) for (const [id, t] of await queries.execute(new GetTeamViewsQuery(org, callerId, ids))) teams.set(id, t);
  return docs.map((d) => {
    const team = d.defaultTeam ? teams.get(d.defaultTeam) : undefined;
    return {
      object: 'saml-provider',
      id: d.id,
      label: d.label,
      ssoURL: d.ssoURL ?? NO_SSO_URL,
      entityID: d.entityID ?? '',
      certificate: d.certificate ?? '',
      ...(team ? { defaultTeam: team } : {}),
      defaultRole: d.defaultRole,
      createdAt: d.createdAt,
      status: providerStatus(d),
      service: urls.service(d.organizationId, d.id),
      urls: { location: urls.location(d.organizationId, d.id) },
    };
  });
}

/** An organization's SAML providers, oldest first (admins only). */
export class ListSamlProvidersQuery extends Query<ListResponse<SamlProviderView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSamlProvidersQuery)
export class ListSamlProvidersHandler implements IQueryHandler<ListSamlProvidersQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SsoAccess,
    private readonly queries: QueryBus,
    private readonly urls: SsoUrls,
  ) {}
  async execute(q: ListSamlProvidersQuery): Promise<ListResponse<SamlProviderView>> {
    await this.access.requireAdmin(q.organizationId, q.callerId);
    const page = await paginate<SamlProviderDoc, SamlProviderDoc>(
      this.store,
      SAML_PROVIDERS,
      { organizationId: q.organizationId },
      [['seq', 1]],
      q.page,
      (d) => d,
    );
    return { ...page, items: await render(page.items, q.callerId, this.queries, this.urls) };
  }
}

export class GetSamlProviderQuery extends Query<SamlProviderView> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly providerId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSamlProviderQuery)
export class GetSamlProviderHandler implements IQueryHandler<GetSamlProviderQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SsoAccess,
    private readonly queries: QueryBus,
    private readonly urls: SsoUrls,
  ) {}
  async execute(q: GetSamlProviderQuery): Promise<SamlProviderView> {
    await this.access.requireAdmin(q.organizationId, q.callerId);
    const doc = await this.store.get<SamlProviderDoc>(SAML_PROVIDERS, q.providerId);
    if (!doc || doc.organizationId !== q.organizationId) throw new SamlProviderNotFound(q.providerId);
    return (await render([doc], q.callerId, this.queries, this.urls))[0];
  }
}

/** Reference OrganizationSSOProviderLogin. */
export interface SsoLoginView {
  id: string;
  label: string;
  startURL: string;
}

/**
 * listSSOProviderLoginsInOrganization: where to start signing in, for a sign-in page (public:
 * its reader has no token yet). Only active providers; an unknown organization has none, so the
 * answer tells nothing about which organizations exist.
 */
export class ListSsoLoginsQuery extends Query<{ items: SsoLoginView[] }> {
  constructor(readonly organizationId: string) {
    super();
  }
}

@QueryHandler(ListSsoLoginsQuery)
export class ListSsoLoginsHandler implements IQueryHandler<ListSsoLoginsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly urls: SsoUrls,
  ) {}
  async execute(q: ListSsoLoginsQuery): Promise<{ items: SsoLoginView[] }> {
    const docs = await this.store.find<SamlProviderDoc>(SAML_PROVIDERS, { organizationId: q.organizationId }, { sort: [['seq', 1]], limit: 1000 });
    return {
      items: docs
        .filter((d) => providerStatus(d) === 'active')
        .map((d) => ({ id: d.id, label: d.label, startURL: this.urls.service(d.organizationId, d.id).startURL })),
    };
  }
}
