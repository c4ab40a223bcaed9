import { atLeast, Role, Urls } from '@app/platform';
import { DefaultContent } from '../../domain/organization';
import { OrganizationDoc } from './read-models';

/** Who the caller is in an organization: not a member, a guest (role null) or a member with a role. */
export interface OrgCaller {
  member: boolean;
  role: Role | null;
  /** Owner of at least one of the organization's teams. */
  ownsTeam: boolean;
}
export const OUTSIDER: OrgCaller = { member: false, role: null, ownsTeam: false };

/** Organization-level permissions (docs/organization-roles.md has the table and the endpoints each flag opens). */
export function organizationPermissions(c: OrgCaller) {
  const staff = c.member && c.role !== null;
  return {
    view: c.member,
    admin: atLeast(c.role, 'admin'),
    ownTeam: staff && c.ownsTeam,
    createContent: atLeast(c.role, 'create'),
    createOpenAPISpec: atLeast(c.role, 'create'),
    ingestConversations: atLeast(c.role, 'edit'),
    viewBilling: atLeast(c.role, 'admin'),
    listMembers: staff,
    listTeams: staff,
    listIntegrations: staff,
    listInstallations: atLeast(c.role, 'admin'),
    installIntegration: atLeast(c.role, 'admin'),
  };
}
export type OrganizationPermissions = ReturnType<typeof organizationPermissions>;

/** Only a site pointer is an OrganizationDefaultContent of the reference; older pointer kinds stay internal. */
const renderedDefaultContent = (dc: DefaultContent | null | undefined) => (dc && dc.type === 'site' ? { defaultContent: dc } : {});

/** The reference `Organization` shape, with permissions for the caller. */
export function toOrganizationView(o: OrganizationDoc, caller: OrgCaller, urls: Urls) {
  return {
    object: 'organization' as const,
    id: o.id,
    title: o.title,
    createdAt: o.createdAt,
    emailDomains: o.emailDomains ?? [],
    ...(o.hostname ? { hostname: o.hostname } : {}),
    type: 'business' as const,
    defaultRole: o.defaultRole ?? null,
    ...renderedDefaultContent(o.defaultContent),
    sso: o.sso ?? false,
    ai: o.ai ?? false,
    inviteLinks: o.inviteLinks ?? false,
    plan: 'free_2024' as const,
    mergeRules: o.mergeRules ?? { type: 'none' },
    urls: { location: urls.api(`/orgs/${o.id}`), app: urls.app(`/o/${o.id}`), ...(o.logo ? { logo: o.logo } : {}) },
    trial: { status: 'notapplicable' as const, count: 0 },
    permissions: organizationPermissions(caller),
  };
}
export type OrganizationView = ReturnType<typeof toOrganizationView>;
