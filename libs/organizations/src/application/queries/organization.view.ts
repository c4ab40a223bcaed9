import { atLeast, Role, Urls } from '@app/platform';
import { OrganizationDoc } from './organizations.projection';

/** Organization-level permissions implied by the caller's member role (README: role table). */
export function organizationPermissions(role: Role | null) {
  const member = role !== null;
  return {
    view: member,
    admin: atLeast(role, 'admin'),
    ownTeam: false,
    createContent: atLeast(role, 'create'),
    createOpenAPISpec: atLeast(role, 'create'),
    ingestConversations: atLeast(role, 'edit'),
    viewBilling: atLeast(role, 'admin'),
    listMembers: member,
    listTeams: member,
    listIntegrations: member,
    listInstallations: atLeast(role, 'admin'),
    installIntegration: atLeast(role, 'admin'),
  };
}

/** The reference `Organization` shape, with permissions for the caller. */
export function toOrganizationView(o: OrganizationDoc, role: Role | null, urls: Urls) {
  return {
    object: 'organization' as const,
    id: o.id,
    title: o.title,
    createdAt: o.createdAt,
    emailDomains: o.emailDomains ?? [],
    ...(o.hostname ? { hostname: o.hostname } : {}),
    type: 'business' as const,
    defaultRole: o.defaultRole ?? null,
    ...(o.defaultContent ? { defaultContent: o.defaultContent } : {}),
    sso: o.sso ?? false,
    ai: o.ai ?? false,
    inviteLinks: o.inviteLinks ?? false,
    plan: 'free_2024' as const,
    mergeRules: o.mergeRules ?? { type: 'none' },
    urls: { location: urls.api(`/orgs/${o.id}`), app: urls.app(`/o/${o.id}`), ...(o.logo ? { logo: o.logo } : {}) },
    trial: { status: 'notapplicable' as const, count: 0 },
    permissions: organizationPermissions(role),
  };
}
export type OrganizationView = ReturnType<typeof toOrganizationView>;
