import { atLeast, Role } from '@app/platform';

/**
 * Who may do what with a site (the reference Site.permissions), from the caller's role in the
 * site's organization: members read a site, organization admins administer it. A flag whose
 * feature this server does not serve is false for everyone. The access seam (SiteAccess), the
 * `permissions` of every Site answered and listPermissionsAggregateInSite all read this table.
 */
export interface SiteFlagPolicy {
  min: Role;
  available: boolean;
}

export const SITE_FLAG_POLICY = {
  view: { min: 'read', available: true },
  access: { min: 'read', available: true },
  edit: { min: 'admin', available: true },
  create: { min: 'admin', available: true },
  admin: { min: 'admin', available: true },
  installIntegration: { min: 'admin', available: false }, // integrations: no route yet
  viewAdaptiveSchema: { min: 'read', available: true },
  editAdaptiveSchema: { min: 'admin', available: true },
} as const satisfies Record<string, SiteFlagPolicy>;

export type SiteFlag = keyof typeof SITE_FLAG_POLICY;
export type SitePermissions = Record<SiteFlag, boolean>;

export const siteAllows = (role: Role | null, flag: SiteFlag): boolean => SITE_FLAG_POLICY[flag].available && atLeast(role, SITE_FLAG_POLICY[flag].min);

export const sitePermissions = (role: Role | null): SitePermissions =>
  Object.fromEntries(Object.keys(SITE_FLAG_POLICY).map((f) => [f, siteAllows(role, f as SiteFlag)])) as SitePermissions;
