import { Injectable } from '@nestjs/common';
import { BadRequest, ReadStore } from '@app/platform';
import { checkCondition } from '../domain/adaptive/condition';
import { slugOf, uniqueName } from '../domain/site-rules';
import { AdaptiveSchemas } from './adaptive-schemas';
import { SITES, SiteDoc } from './queries/sites.read-model';
import { SpaceViews } from './space-views';

/** Facts the site commands need from read models, gathered before the pure decision. */
@Injectable()
export class SiteFacts {
  constructor(
    private readonly store: ReadStore,
    private readonly spaces: SpaceViews,
    private readonly schemas: AdaptiveSchemas,
  ) {}

  /** A live space of the organization that the caller can see (400 naming `field` otherwise: existence does not leak). */
  async space(userId: string, organizationId: string, spaceId: string, field: string): Promise<{ spaceId: string; title: string }> {
    const view = (await this.spaces.of(userId, [spaceId])).get(spaceId);
    if (!view || view.organization !== organizationId) throw new BadRequest(`${field}: no space with id ${spaceId} in organization ${organizationId}`);
    return { spaceId, title: view.title };
  }

  /** The title of a space the caller can see (null when they cannot, or it is gone). */
  async spaceTitle(userId: string, spaceId: string): Promise<string | null> {
    return (await this.spaces.of(userId, [spaceId])).get(spaceId)?.title ?? null;
  }

  /** Basenames of the organization's other sites. */
  async basenames(organizationId: string, except?: string): Promise<Set<string>> {
    const sites = await this.store.find<SiteDoc>(SITES, { organizationId });
    return new Set(sites.filter((s) => s.id !== except).map((s) => s.basename));
  }

  /** A basename for a new site: from its title, unique in the organization. */
  async newBasename(organizationId: string, title: string): Promise<string> {
    return uniqueName(slugOf(title, 'site'), await this.basenames(organizationId));
  }

  /** 400 when another site of the organization has this basename (they address its published URL). */
  async assertBasenameFree(organizationId: string, siteId: string, basename: string): Promise<void> {
    if ((await this.basenames(organizationId, siteId)).has(basename)) {
      throw new BadRequest(`basename: "${basename}" is already the basename of another site of the organization`);
    }
  }

  /** A condition written on a section or site space must parse and name only claims of the site's visitor schema. */
  async assertCondition(siteId: string, condition: string | null | undefined): Promise<void> {
    if (typeof condition === 'string' && condition.trim() !== '') checkCondition(condition, await this.schemas.current(siteId));
  }
}
