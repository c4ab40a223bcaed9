import { Injectable } from '@nestjs/common';
import { ReadStore } from '@app/platform';
import type { SpaceDoc } from '@app/spaces';

/**
 * The spaces read model's collection. The spaces context publishes its document type
 * (`SpaceDoc`) but no query answers a title without a caller, and readers of a published site
 * are not members: this reads titles straight from that read model, the one place sites does.
 * A `GetSpaceTitlesQuery` in @app/spaces would end this coupling to a collection name.
 */
const SPACES = 'spaces';

/** Titles of live spaces, for the site spaces readers see (a space gone since is left out). */
@Injectable()
export class SpaceTitles {
  constructor(private readonly store: ReadStore) {}

  async of(spaceIds: Iterable<string>): Promise<Map<string, string>> {
    const ids = [...new Set(spaceIds)];
    if (ids.length === 0) return new Map();
    const docs = await this.store.find<SpaceDoc>(SPACES, { id: { $in: ids } });
    return new Map(docs.filter((d) => d.status === 'active').map((d) => [d.id, d.title]));
  }
}
