import { Injectable } from '@nestjs/common';
import { QueryBus, QueryResult } from '@nestjs/cqrs';
import { NotFound } from '@app/platform';
import { GetSpaceQuery } from '@app/spaces';
import type { SiteState } from '../domain/site';

/** The reference Space as the spaces context renders it. */
export type SpaceView = QueryResult<GetSpaceQuery>;

/**
 * The reference Space of each site space, as the caller sees it (the spaces context renders it
 * and decides who may see it). A space the caller may not see, or that is gone, is missing.
 */
@Injectable()
export class SpaceViews {
  constructor(private readonly queries: QueryBus) {}

  async of(userId: string, spaceIds: Iterable<string>): Promise<Map<string, SpaceView>> {
    const ids = [...new Set(spaceIds)];
    const views = await Promise.all(
      ids.map((id) =>
        this.queries.execute(new GetSpaceQuery(id, userId)).catch((e: unknown) => {
          if (e instanceof NotFound) return null;
          throw e;
        }),
      ),
    );
    return new Map(
      ids.flatMap((id, i) => {
        const v = views[i];
        return v ? [[id, v] as const] : [];
      }),
    );
  }

  /** The spaces of every live site space of a site. */
  ofSite(userId: string, state: SiteState): Promise<Map<string, SpaceView>> {
    return this.of(
      userId,
      Object.values(state.structure.siteSpaces).map((n) => n.spaceId),
    );
  }
}
