import { Query } from '@nestjs/cqrs';
import type { AsOfPoint } from '@app/platform';

/** What the spaces context publishes to the contexts above it (`@app/spaces/contracts`). */
export const SpaceEvents = {
  /** A space exists; `duplicatedFrom` names the space whose content it starts from. */
  SpaceCreated: 'SpaceCreated',
  /** A space went to the bin (restorable for 7 days). */
  SpaceDeleted: 'SpaceDeleted',
  SpaceRestored: 'SpaceRestored',
  /** A space is gone for good. */
  SpacePurged: 'SpacePurged',
  /** A space moved to another organization (alone or inside a transferred collection). */
  SpaceTransferred: 'SpaceTransferred',
} as const;

export interface SpaceCreatedPayload {
  spaceId: string;
  organizationId: string;
  /** Id of the space's first content revision. */
  revision: string;
  duplicatedFrom: string | null;
  createdAt: string;
}

export interface SpaceLifecyclePayload {
  spaceId: string;
  organizationId: string;
}

export interface SpaceTransferredPayload {
  spaceId: string;
  /** The organization the space left. */
  from: string;
  /** The organization it belongs to now. */
  to: string;
}

/*
 * What the spaces context needs from the content context, asked through the QueryBus: spaces
 * declares the query, content registers the handler and answers from its own read models.
 * Spaces never reads content's events.
 */

/** A space's content figures, as the reference `Space` shows them. */
export interface SpaceContentStats {
  /** Main's current revision; null when content has not recorded the space (yet). */
  revision: string | null;
  /** Change requests of the space in any status. */
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}

/** The content figures of each of `spaceIds` (one answer for a whole page: no query per space). */
export class SpaceContentStatsQuery extends Query<Map<string, SpaceContentStats>> {
  constructor(readonly spaceIds: string[]) {
    super();
  }
}

/**
 * The content figures as they were at a point in the past (time travel: the revision that was
 * main then, the change requests counted then). Until content answers it, a space read as of a
 * point shows the current figures.
 */
export class SpaceContentStatsAsOfQuery extends Query<Map<string, SpaceContentStats>> {
  constructor(
    readonly spaceIds: string[],
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

/*
 * What the spaces context needs from the comments context (collaboration), asked the same way:
 * declared here, answered by comments from its own read models.
 */

/**
 * The open (unresolved, undeleted) comments of each of `spaceIds`' own discussion (the comments
 * listCommentsInSpace lists; change requests count theirs), a space's `comments` figure. Spaces
 * without comments may be left out: they count 0.
 */
export class CountOpenSpaceCommentsQuery extends Query<Map<string, number>> {
  constructor(readonly spaceIds: string[]) {
    super();
  }
}
export * from './audit-actions';
