import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Forbidden, Principal, ReadStore, Role } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';
import { siteAllows } from '../domain/site-permissions';
import { SiteNotFound } from '../domain/site.errors';
import { SITES, SiteSummary } from './queries/sites.read-model';

export type { SiteSummary } from './queries/sites.read-model';

/** The read-model fields a summary is made of (the document carries more). */
type SummaryFields = SiteSummary & Record<string, unknown>;

const summary = (d: SummaryFields): SiteSummary => ({
  id: d.id,
  organizationId: d.organizationId,
  title: d.title,
  visibility: d.visibility,
  published: d.published,
  basename: d.basename,
  ...(d.hostname ? { hostname: d.hostname } : {}),
});

/**
 * The one door to a site for every site-scoped operation (sites and the services beside them):
 * a site outside the caller's organizations is 404 (existence does not leak), administration
 * needs the organization `admin` role (403 otherwise).
 */
@Injectable()
export class SiteAccess {
  constructor(
    private readonly store: ReadStore,
    private readonly queries: QueryBus,
  ) {}

  /** The site and the caller's organization role; 404 unless the caller is a member of its organization. */
  async resolve(caller: Principal, siteId: string, organizationId?: string): Promise<{ site: SiteSummary; role: Role }> {
    const doc = await this.store.get<SummaryFields>(SITES, siteId);
    if (!doc || (organizationId !== undefined && doc.organizationId !== organizationId)) throw siteNotFound(siteId);
    const role = await this.queries.execute(new GetMemberRoleQuery(doc.organizationId, caller.userId));
    if (!role) throw siteNotFound(siteId);
    return { site: summary(doc), role };
  }

  /**
   * Any member of the site's organization may read its settings. `organizationId` (the path's)
   * makes a site of another organization a 404 too.
   */
  async requireRead(caller: Principal, siteId: string, organizationId?: string): Promise<SiteSummary> {
    const { site, role } = await this.resolve(caller, siteId, organizationId);
    if (!siteAllows(role, 'view')) throw siteNotFound(siteId);
    return site;
  }

  /** Site administration: the organization `admin` role. */
  async requireAdmin(caller: Principal, siteId: string, organizationId?: string): Promise<SiteSummary> {
    const { site, role } = await this.resolve(caller, siteId, organizationId);
    if (!siteAllows(role, 'admin')) throw new Forbidden(`site ${siteId}: administering a site needs the organization admin role`);
    return site;
  }
}

export const siteNotFound = (siteId: string) => new SiteNotFound(siteId);
