import { Query } from '@nestjs/cqrs';

/**
 * What content publishes to the contexts above it (collaboration, delivery); no context below
 * reads its events. The spaces context asks for a space's revision and
 * change-request counters through `SpaceContentStatsQuery` (declared in `@app/spaces/contracts`,
 * answered by application/queries/space-content-stats.query.ts). These names are for contexts
 * above content (collaboration, delivery) that will react to its events.
 */
export const ContentEvents = {
  ChangeRequestCreated: 'ChangeRequestCreated',
  ChangeRequestStatusChanged: 'ChangeRequestStatusChanged',
  ChangeRequestMerged: 'ChangeRequestMerged',
  SpaceContentRevised: 'SpaceContentRevised',
  SpaceContentInitialized: 'SpaceContentInitialized',
  SpaceContentMerged: 'SpaceContentMerged',
} as const;

/**
 * The events that move main's head of a space (stream `content.space-<id>`): each carries
 * `spaceId` and the new head `revision`. Readers of published content (search index, page
 * caches) follow these.
 */
export const MAIN_CONTENT_EVENTS = [ContentEvents.SpaceContentInitialized, ContentEvents.SpaceContentMerged, ContentEvents.SpaceContentRevised] as const;
export interface MainContentPayload {
  spaceId: string;
  revision: string;
}

/*
 * What the content context needs from the contexts above it, asked through the QueryBus:
 * content declares the query, the higher context registers the handler and answers from its own
 * read models. Content never reads their events.
 */

/**
 * The open (unresolved, undeleted) comments of each of `changeRequestIds`, a change request's
 * `comments` figure (answered by the comments context; one answer for a whole page of change
 * requests). Ids without comments may be left out: they count 0.
 */
export class CountOpenCommentsQuery extends Query<Map<string, number>> {
  constructor(readonly changeRequestIds: string[]) {
    super();
  }
}

/**
 * Whether the conversations issues cluster `clusterId` of the organization is muted for
 * change-request creation (answered by the conversations context; an unknown cluster is not
 * muted). A change request is not created from a muted cluster.
 */
export class IsConversationsClusterMutedQuery extends Query<boolean> {
  constructor(
    readonly organizationId: string,
    readonly clusterId: string,
  ) {
    super();
  }
}
export * from './audit-actions';
