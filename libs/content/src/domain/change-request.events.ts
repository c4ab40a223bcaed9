import { DomainEvent } from '@app/platform';

/** A revision and the root object of its content. */
export interface RevisionRef {
  revision: string;
  root: string;
}

export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];
export type ReviewStatus = 'approved' | 'changes-requested';

interface Ids {
  spaceId: string;
  changeRequestId: string;
}

/**
 * Events of `content.change-request-<id>`. A space's change-request counters come from
 * `ChangeRequestCreated`, `-StatusChanged` and `-Merged` (space-change-request-stats.projection.ts);
 * the spaces context asks for them through its `SpaceContentStatsQuery`, it does not read these events.
 */
export type ChangeRequestEvent =
  | DomainEvent<
      'ChangeRequestCreated',
      Ids & {
        organizationId: string;
        number: number;
        status: 'draft' | 'open';
        subject: string;
        createdBy: string;
        createdAt: string;
        base: RevisionRef;
        conversationsIssuesCluster: string | null;
      }
    >
  | DomainEvent<'ChangeRequestContentUpdated', Ids & { revision: string; root: string; parents: string[]; author: string; createdAt: string }>
  | DomainEvent<
      'ChangeRequestUpdatedFromMain',
      Ids & { revision: string; root: string; parents: string[]; mergedAncestor: RevisionRef; author: string; createdAt: string }
    >
  | DomainEvent<'ChangeRequestDetailsUpdated', Ids & { subject?: string; description?: string; updatedAt: string }>
  | DomainEvent<'ChangeRequestStatusChanged', Ids & { from: ChangeRequestStatus; to: ChangeRequestStatus; updatedAt: string }>
  | DomainEvent<'ChangeRequestMerged', Ids & { from: ChangeRequestStatus; revision: string; mergedBy: string; mergedAt: string }>
  | DomainEvent<'ChangeRequestReviewersRequested', Ids & { users: string[]; requestedBy: string; revision: string; requestedAt: string }>
  | DomainEvent<'ChangeRequestReviewerRemoved', Ids & { userId: string; removedAt: string }>
  | DomainEvent<
      'ChangeRequestReviewSubmitted',
      Ids & {
        reviewId: string;
        reviewer: string;
        status: ReviewStatus;
        revision: string;
        requestedBy: string | null;
        submittedAt: string;
      }
    >;

/** Events of `content.space-<id>`: main's head and change request numbering. */
export type SpaceContentEvent =
  | DomainEvent<'SpaceContentInitialized', { spaceId: string; revision: string; root: string; createdAt: string }>
  | DomainEvent<'ChangeRequestNumberReserved', { spaceId: string; changeRequestId: string; number: number }>
  | DomainEvent<
      'SpaceContentMerged',
      { spaceId: string; changeRequestId: string; revision: string; root: string; parents: string[]; mergedBy: string; createdAt: string }
    >
  // Moves main's head (content_heads), which answers Space.revision through SpaceContentStatsQuery.
  // `duplicate`: a duplicated space's copy of its source; `template`: applyTemplateToSpace (`template` names it).
  // `git-import`: a git import (import-revision.ts) written to main, `git` the commit it came from.
  | DomainEvent<
      'SpaceContentRevised',
      {
        spaceId: string;
        revision: string;
        root: string;
        parents: string[];
        reason: 'duplicate' | 'template' | 'git-import';
        template?: string;
        git?: RevisionGit;
        createdAt: string;
      }
    >
  // A standalone git import: a revision of the space that main does not move to.
  | DomainEvent<'SpaceRevisionImported', { spaceId: string; revision: string; root: string; parents: string[]; git: RevisionGit; createdAt: string }>;

/** The commit a revision was imported from (contract Revision.git). */
export interface RevisionGit {
  oid: string;
  message: string;
  url?: string;
  ref?: string;
  /** The commit was made by this server's export. */
  createdByService: boolean;
}

export const changeRequestStream = (id: string) => `content.change-request-${id}`;
export const spaceContentStream = (spaceId: string) => `content.space-${spaceId}`;
