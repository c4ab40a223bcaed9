import { Doc, DomainEvent, ProjectionContext, ProjectionDefinition } from '@app/platform';
import { SpaceEvents, type SpaceLifecyclePayload } from '@app/spaces/contracts';
import { ChangeRequestEvent, ChangeRequestStatus, ReviewStatus } from '../../domain/change-request.events';

export const CHANGE_REQUESTS = 'change_requests';
/** Every version of every change request, valid over [validFrom, validTo) global positions. */
export const CHANGE_REQUEST_VERSIONS = 'change_request_versions';
export const REVIEWS = 'change_request_reviews';
export const REVIEWERS = 'change_request_reviewers';
export const OPEN_VERSION = Number.MAX_SAFE_INTEGER;

export interface Contributor {
  userId: string;
  count: number;
  updatedAt: string;
}

/** A change request as listed and shown (reference ChangeRequest, before rendering). */
export interface ChangeRequestFields {
  spaceId: string;
  organizationId: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  /** Markdown ('' when none). */
  description: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor: string | null;
  revisionMerged: string | null;
  mergedBy: string | null;
  mergedAt: string | null;
  /** Main revision the change request is based on (outdated when main's head differs). */
  base: string;
  conversationsIssuesCluster: string | null;
  contributors: Contributor[];
  requestedReviewers: string[];
  /** `|hex(userId)|…|` so one user can be matched with $contains whatever the store's collation. */
  contributorsKey: string;
  reviewersKey: string;
  spaceActive: boolean;
  /** Id of the current version (CHANGE_REQUEST_VERSIONS). */
  versionId: string;
  /** Global position of its creation (stable listing key). */
  seq: number;
}

/** The current version of a change request, by its id. */
export interface ChangeRequestDoc extends ChangeRequestFields, Doc {}

/** One version of a change request, valid over [validFrom, validTo) global positions; id `<changeRequestId>@<position>`. */
export interface ChangeRequestVersionDoc extends ChangeRequestFields, Doc {
  changeRequestId: string;
  validFrom: number;
  validTo: number;
}

/** A review (the latest of a reviewer is current; earlier ones and those before a new request are outdated). */
export interface ReviewDoc extends Doc {
  changeRequestId: string;
  reviewer: string;
  status: ReviewStatus;
  revision: string;
  requestedBy: string | null;
  createdAt: string;
  outdated: boolean;
  seq: number;
}

/** A requested reviewer; id `<changeRequestId>:<userId>`, `seq` keeps the first request's place. */
export interface ReviewerDoc extends Doc {
  changeRequestId: string;
  userId: string;
  requestedBy: string;
  revision: string;
  createdAt: string;
  seq: number;
}

type SpaceLifecycle =
  | DomainEvent<typeof SpaceEvents.SpaceDeleted, SpaceLifecyclePayload>
  | DomainEvent<typeof SpaceEvents.SpaceRestored, SpaceLifecyclePayload>
  | DomainEvent<typeof SpaceEvents.SpacePurged, SpaceLifecyclePayload>;
type Handled = ChangeRequestEvent | SpaceLifecycle;

/** When a change request event happened (its updatedAt). */
function occurredAt(e: ChangeRequestEvent): string {
  switch (e.type) {
    case 'ChangeRequestCreated':
    case 'ChangeRequestContentUpdated':
    case 'ChangeRequestUpdatedFromMain':
      return e.data.createdAt;
    case 'ChangeRequestDetailsUpdated':
    case 'ChangeRequestStatusChanged':
      return e.data.updatedAt;
    case 'ChangeRequestMerged':
      return e.data.mergedAt;
    case 'ChangeRequestReviewersRequested':
      return e.data.requestedAt;
    case 'ChangeRequestReviewerRemoved':
      return e.data.removedAt;
    case 'ChangeRequestReviewSubmitted':
      return e.data.submittedAt;
  }
}

export const userKey = (ids: string[]) => `|${ids.map((u) => Buffer.from(u).toString('hex')).join('|')}|`;
export const userNeedle = (id: string) => `|${Buffer.from(id).toString('hex')}|`;

/**
 * Change requests for reads and listings. Each change writes a new version row and closes the
 * previous one; a listing pins the projection position of its first page so that later pages
 * see exactly the same list (no item skipped or repeated however updatedAt moves meanwhile).
 */
export const changeRequestsProjection: ProjectionDefinition = {
  name: 'change-requests',
  collections: [
    { name: CHANGE_REQUESTS, indexes: [['spaceId', 'number']] },
    {
      name: CHANGE_REQUEST_VERSIONS,
      indexes: [
        ['spaceId', 'status', 'updatedAt'],
        ['organizationId', 'status', 'updatedAt'],
      ],
    },
    { name: REVIEWS, indexes: [['changeRequestId', 'seq']] },
    { name: REVIEWERS, indexes: [['changeRequestId', 'seq']] },
  ],
  handles: [
    'ChangeRequestCreated',
    'ChangeRequestContentUpdated',
    'ChangeRequestUpdatedFromMain',
    'ChangeRequestDetailsUpdated',
    'ChangeRequestStatusChanged',
    'ChangeRequestMerged',
    'ChangeRequestReviewersRequested',
    'ChangeRequestReviewerRemoved',
    'ChangeRequestReviewSubmitted',
    SpaceEvents.SpaceDeleted,
    SpaceEvents.SpaceRestored,
    SpaceEvents.SpacePurged,
  ] satisfies Array<Handled['type']>,
  async apply(recorded, ctx) {
    const e = { type: recorded.type, data: recorded.data } as Handled;
    const position = recorded.position;
    if (e.type === SpaceEvents.SpaceDeleted || e.type === SpaceEvents.SpaceRestored || e.type === SpaceEvents.SpacePurged) {
      // Change requests of a deleted space leave the listings (and come back on restore).
      for (const c of await ctx.find<ChangeRequestDoc>(CHANGE_REQUESTS, { spaceId: e.data.spaceId })) {
        await revise(ctx, c.id, position, () => ({ spaceActive: e.type === SpaceEvents.SpaceRestored }));
      }
      return;
    }
    const id = e.data.changeRequestId;
    if (e.type === 'ChangeRequestCreated') return putVersion(ctx, { id, ...changeRequestFieldsAfter(null, e, position)! }, position);
    // Reviewers and reviews have collections of their own; the change request's fields are the pure fold below.
    if (e.type === 'ChangeRequestReviewersRequested') {
      const d = e.data;
      for (const [i, userId] of d.users.entries()) {
        // Request order within the event; a re-request keeps its place: list keys never move.
        const reviewerId = `${id}:${userId}`;
        const seq = (await ctx.get<ReviewerDoc>(REVIEWERS, reviewerId))?.seq ?? position + i / (d.users.length + 1);
        ctx.put(REVIEWERS, {
          id: reviewerId,
          changeRequestId: id,
          userId,
          requestedBy: d.requestedBy,
          revision: d.revision,
          createdAt: d.requestedAt,
          seq,
        } satisfies ReviewerDoc);
        await outdateReviews(ctx, id, userId);
      }
    }
    if (e.type === 'ChangeRequestReviewerRemoved') ctx.delete(REVIEWERS, `${id}:${e.data.userId}`);
    if (e.type === 'ChangeRequestReviewSubmitted') {
      const d = e.data;
      await outdateReviews(ctx, id, d.reviewer);
      ctx.put(REVIEWS, {
        id: d.reviewId,
        changeRequestId: id,
        reviewer: d.reviewer,
        status: d.status,
        revision: d.revision,
        requestedBy: d.requestedBy,
        createdAt: d.submittedAt,
        outdated: false,
        seq: position,
      } satisfies ReviewDoc);
    }
    return revise(ctx, id, position, (c) => changeRequestFieldsAfter(c, e, position) ?? {});
  },
};

/**
 * The pure part of this projection: a change request's fields after one of its events (null
 * before it exists). The projection writes the result as a new version; time travel folds a
 * change request's stream with it (as-of-folds.ts), so both answer alike.
 */
export function changeRequestFieldsAfter(c: ChangeRequestFields | null, e: ChangeRequestEvent, position: number): ChangeRequestFields | null {
  if (e.type === 'ChangeRequestCreated') {
    const d = e.data;
    return {
      spaceId: d.spaceId,
      organizationId: d.organizationId,
      number: d.number,
      status: d.status,
      subject: d.subject,
      description: '',
      createdBy: d.createdBy,
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
      revision: d.base.revision,
      revisionInitial: d.base.revision,
      revisionMergedAncestor: null,
      revisionMerged: null,
      mergedBy: null,
      mergedAt: null,
      base: d.base.revision,
      conversationsIssuesCluster: d.conversationsIssuesCluster,
      contributors: [],
      requestedReviewers: [],
      contributorsKey: '|',
      reviewersKey: '|',
      spaceActive: true,
      versionId: '',
      seq: position,
    };
  }
  return c && { ...c, ...changedFields(c, e), updatedAt: occurredAt(e) };
}

function changedFields(c: ChangeRequestFields, e: Exclude<ChangeRequestEvent, { type: 'ChangeRequestCreated' }>): Partial<ChangeRequestFields> {
  switch (e.type) {
    case 'ChangeRequestContentUpdated': {
      const d = e.data;
      const mine = c.contributors.find((x) => x.userId === d.author);
      const contributors = [
        ...c.contributors.filter((x) => x.userId !== d.author),
        { userId: d.author, count: (mine?.count ?? 0) + 1, updatedAt: d.createdAt },
      ];
      return { revision: d.revision, contributors, contributorsKey: userKey(contributors.map((x) => x.userId)) };
    }
    case 'ChangeRequestUpdatedFromMain':
      return { revision: e.data.revision, revisionMergedAncestor: e.data.mergedAncestor.revision, base: e.data.mergedAncestor.revision };
    case 'ChangeRequestDetailsUpdated': {
      const { subject, description } = e.data;
      return { ...(subject !== undefined ? { subject } : {}), ...(description !== undefined ? { description } : {}) };
    }
    case 'ChangeRequestStatusChanged':
      return { status: e.data.to };
    case 'ChangeRequestMerged':
      return { status: 'merged', revisionMerged: e.data.revision, mergedBy: e.data.mergedBy, mergedAt: e.data.mergedAt };
    case 'ChangeRequestReviewersRequested': {
      const requestedReviewers = [...new Set([...c.requestedReviewers, ...e.data.users])];
      return { requestedReviewers, reviewersKey: userKey(requestedReviewers) };
    }
    case 'ChangeRequestReviewerRemoved': {
      const requestedReviewers = c.requestedReviewers.filter((u) => u !== e.data.userId);
      return { requestedReviewers, reviewersKey: userKey(requestedReviewers) };
    }
    case 'ChangeRequestReviewSubmitted':
      return {};
  }
}

async function outdateReviews(ctx: ProjectionContext, changeRequestId: string, reviewer: string) {
  for (const r of await ctx.find<ReviewDoc>(REVIEWS, { changeRequestId, reviewer, outdated: false })) ctx.put(REVIEWS, { ...r, outdated: true });
}

/** Writes the change request's current version and opens its version row. */
function putVersion(ctx: ProjectionContext, doc: ChangeRequestDoc, position: number) {
  const versionId = `${doc.id}@${position}`;
  const next: ChangeRequestDoc = { ...doc, versionId };
  ctx.put(CHANGE_REQUESTS, next);
  const { id: changeRequestId, ...fields } = next;
  ctx.put(CHANGE_REQUEST_VERSIONS, { ...fields, id: versionId, changeRequestId, validFrom: position, validTo: OPEN_VERSION } satisfies ChangeRequestVersionDoc);
}

/** Closes the current version at `position` and writes the changed one (a missing change request is skipped). */
async function revise(ctx: ProjectionContext, id: string, position: number, fn: (c: ChangeRequestDoc) => Partial<ChangeRequestFields>) {
  const current = await ctx.get<ChangeRequestDoc>(CHANGE_REQUESTS, id);
  if (!current) return;
  await ctx.update<ChangeRequestVersionDoc>(CHANGE_REQUEST_VERSIONS, current.versionId, (v) => ({ ...v, validTo: position }));
  putVersion(ctx, { ...current, ...fn(current) }, position);
}
