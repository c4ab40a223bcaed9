import { Urls } from '@app/platform';
import { DefaultContent } from '../../domain/organization';
import { OrgCaller, organizationPermissions } from '../../domain/organization-permissions';
import { OrganizationDoc } from './read-models';

// Organization-level permissions: one policy (domain/organization-permissions.ts) for the flags and the guards.
export { OUTSIDER, organizationPermissions, type OrgCaller, type OrganizationPermissions } from '../../domain/organization-permissions';

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
