import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Principal, ReadStore } from '@app/platform';
import { CustomizationSettings, DEFAULT_CUSTOMIZATION, siteSpaceSettings } from '../../domain/customization/customization';
import { SiteSpaceNotFound, SiteState } from '../../domain/site';
import { SiteAccess } from '../site-access';
import { siteState } from './site-state';

/** The site's settings (the defaults until a PUT), or a site space's: the site's overlaid with its overrides. */
export const settingsOf = (state: SiteState, siteSpaceId?: string): CustomizationSettings => {
  const site = state.customization ?? DEFAULT_CUSTOMIZATION;
  return siteSpaceId === undefined ? site : siteSpaceSettings(site, state.siteSpaceCustomizations[siteSpaceId]);
};

export class GetCustomizationQuery extends Query<CustomizationSettings> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
    /** A site space's settings; the site's when absent. */
    readonly siteSpaceId?: string,
  ) {
    super();
  }
}

@QueryHandler(GetCustomizationQuery)
export class GetCustomizationHandler implements IQueryHandler<GetCustomizationQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
  ) {}
  async execute(q: GetCustomizationQuery): Promise<CustomizationSettings> {
    await this.access.requireRead(q.caller, q.siteId, q.organizationId);
    const state = await siteState(this.store, q.siteId);
    if (q.siteSpaceId !== undefined && !state.structure.siteSpaces[q.siteSpaceId]) throw new SiteSpaceNotFound(q.siteSpaceId);
    return settingsOf(state, q.siteSpaceId);
  }
}
