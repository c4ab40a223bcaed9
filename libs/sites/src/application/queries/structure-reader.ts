import { Injectable } from '@nestjs/common';
import { Principal, ReadStore, Urls } from '@app/platform';
import { SiteState } from '../../domain/site';
import { SiteAccess } from '../site-access';
import { SpaceViews } from '../space-views';
import { siteState } from './site-state';
import { StructureView } from './structure.view';

/** A site's structure as one reader sees it: the folded state and its renderer, after the access check. */
@Injectable()
export class StructureReader {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
    private readonly spaces: SpaceViews,
    private readonly urls: Urls,
  ) {}

  async read(caller: Principal, organizationId: string, siteId: string): Promise<{ state: SiteState; view: StructureView }> {
    await this.access.requireRead(caller, siteId, organizationId);
    const state = await siteState(this.store, siteId);
    return { state, view: new StructureView(state, await this.spaces.ofSite(caller.userId, state), this.urls) };
  }
}
