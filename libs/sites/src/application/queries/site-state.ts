import { ReadStore } from '@app/platform';
import { SiteNotFound, SiteState } from '../../domain/site';
import { SITE_STATES, SiteStateDoc } from './sites.read-model';

/** A live site's folded state from the read model (404 when there is none). */
export async function siteState(store: ReadStore, siteId: string): Promise<SiteState> {
  const doc = await store.get<SiteStateDoc>(SITE_STATES, siteId);
  if (!doc) throw new SiteNotFound(siteId);
  return doc.state;
}
