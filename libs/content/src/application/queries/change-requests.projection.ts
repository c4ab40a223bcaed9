import { ProjectionContext, ProjectionDefinition } from '@app/platform';
import { SpaceEvents } from '@app/spaces/contracts';

export const CHANGE_REQUESTS = 'change_requests';
/** Every version of every change request, valid over [validFrom, validTo) global positions. */
export const CHANGE_REQUEST_VERSIONS = 'change_request_versions';
export const REVIEWS = 'change_request_reviews';
export const REVIEWERS = 'change_request_reviewers';
export const OPEN_VERSION = Number.MAX_SAFE_INTEGER;

export interface Contributor { userId: string; count: number; updatedAt: string }

export interface ChangeRequestDoc {
  id: string;
  spaceId: string;
  organizationId: string;
  number: number;
  status: 'draft' | 'open' | 'archived' | 'merged';
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
  versionId: string;
  [k: string]: unknown;
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
    { name: CHANGE_REQUEST_VERSIONS, indexes: [['spaceId', 'status', 'updatedAt'], ['organizationId', 'status', 'updatedAt']] },
    { name: REVIEWS, indexes: [['changeRequestId', 'seq']] },
    { name: REVIEWERS, indexes: [['changeRequestId', 'seq']] },
  ],
  handles: [
    'ChangeRequestCreated', 'ChangeRequestContentUpdated', 'ChangeRequestUpdatedFromMain', 'ChangeRequestDetailsUpdated', 'ChangeRequestStatusChanged',
    'ChangeRequestMerged', 'ChangeRequestReviewersRequested', 'ChangeRequestReviewerRemoved', 'ChangeRequestReviewSubmitted',
    SpaceEvents.SpaceDeleted, SpaceEvents.SpaceRestored, SpaceEvents.SpacePurged,
  ],
  async apply(e, ctx) {
    const d = e.data as Record<string, any>;
    const at = (d.updatedAt ?? d.createdAt ?? d.mergedAt ?? d.requestedAt ?? d.removedAt ?? d.submittedAt) as string;
    const change = (fn: (c: ChangeRequestDoc) => Partial<ChangeRequestDoc>, touch = true) =>
      revise(ctx, d.changeRequestId, e.position, (c) => ({ ...fn(c), ...(touch ? { updatedAt: at } : {}) }));
    switch (e.type) {
      case 'ChangeRequestCreated': {
        const doc: ChangeRequestDoc = {
          id: d.changeRequestId, spaceId: d.spaceId, organizationId: d.organizationId, number: d.number, status: d.status, subject: d.subject, description: '',
          createdBy: d.createdBy, createdAt: d.createdAt, updatedAt: d.createdAt, revision: d.base.revision, revisionInitial: d.base.revision,
          revisionMergedAncestor: null, revisionMerged: null, mergedBy: null, mergedAt: null, base: d.base.revision, conversationsIssuesCluster: d.conversationsIssuesCluster,
          contributors: [], requestedReviewers: [], contributorsKey: '|', reviewersKey: '|', spaceActive: true, versionId: '', seq: e.position,
        };
        putVersion(ctx, doc, e.position);
        break;
      }
      case 'ChangeRequestContentUpdated':
        await change((c) => {
          const others = c.contributors.filter((x) => x.userId !== d.author);
          const mine = c.contributors.find((x) => x.userId === d.author);
          const contributors = [...others, { userId: d.author, count: (mine?.count ?? 0) + 1, updatedAt: d.createdAt }];
          return { revision: d.revision, contributors, contributorsKey: userKey(contributors.map((x) => x.userId)) };
        });
        break;
      case 'ChangeRequestUpdatedFromMain':
        await change(() => ({ revision: d.revision, revisionMergedAncestor: d.mergedAncestor.revision, base: d.mergedAncestor.revision }));
        break;
      case 'ChangeRequestDetailsUpdated':
        await change(() => ({ ...(d.subject !== undefined ? { subject: d.subject } : {}), ...(d.description !== undefined ? { description: d.description } : {}) }));
        break;
      case 'ChangeRequestStatusChanged':
        await change(() => ({ status: d.to }));
        break;
      case 'ChangeRequestMerged':
        await change(() => ({ status: 'merged', revisionMerged: d.revision, mergedBy: d.mergedBy, mergedAt: d.mergedAt }));
        break;
      case 'ChangeRequestReviewersRequested': {
        for (const [i, userId] of (d.users as string[]).entries()) {
          // Request order within the event; a re-request keeps its place: list keys never move.
          const id = `${d.changeRequestId}:${userId}`;
          const seq = (await ctx.get(REVIEWERS, id))?.seq ?? e.position + i / (d.users.length + 1);
          ctx.put(REVIEWERS, { id, changeRequestId: d.changeRequestId, userId, requestedBy: d.requestedBy, revision: d.revision, createdAt: d.requestedAt, seq });
          await outdateReviews(ctx, d.changeRequestId, userId);
        }
        await change((c) => {
          const requestedReviewers = [...new Set([...c.requestedReviewers, ...d.users])];
          return { requestedReviewers, reviewersKey: userKey(requestedReviewers) };
        });
        break;
      }
      case 'ChangeRequestReviewerRemoved': {
        ctx.delete(REVIEWERS, `${d.changeRequestId}:${d.userId}`);
        await change((c) => {
          const requestedReviewers = c.requestedReviewers.filter((u) => u !== d.userId);
          return { requestedReviewers, reviewersKey: userKey(requestedReviewers) };
        });
        break;
      }
      case 'ChangeRequestReviewSubmitted':
        await outdateReviews(ctx, d.changeRequestId, d.reviewer);
        ctx.put(REVIEWS, {
          id: d.reviewId, changeRequestId: d.changeRequestId, reviewer: d.reviewer, status: d.status, revision: d.revision, requestedBy: d.requestedBy,
          createdAt: d.submittedAt, outdated: false, seq: e.position,
        });
        await change(() => ({}));
        break;
      case SpaceEvents.SpaceDeleted:
      case SpaceEvents.SpaceRestored:
      case SpaceEvents.SpacePurged:
        // Change requests of a deleted space leave the listings (and come back on restore).
        for (const c of await ctx.find<ChangeRequestDoc>(CHANGE_REQUESTS, { spaceId: d.spaceId })) {
          await revise(ctx, c.id, e.position, () => ({ spaceActive: e.type === SpaceEvents.SpaceRestored }));
        }
        break;
    }
  },
};

async function outdateReviews(ctx: ProjectionContext, changeRequestId: string, reviewer: string) {
  for (const r of await ctx.find(REVIEWS, { changeRequestId, reviewer, outdated: false })) ctx.put(REVIEWS, { ...r, outdated: true });
}

function putVersion(ctx: ProjectionContext, doc: ChangeRequestDoc, position: number) {
  const versionId = `${doc.id}@${position}`;
  const next = { ...doc, versionId };
  ctx.put(CHANGE_REQUESTS, next);
  const { id: _id, ...fields } = next;
  ctx.put(CHANGE_REQUEST_VERSIONS, { ...fields, id: versionId, changeRequestId: doc.id, validFrom: position, validTo: OPEN_VERSION });
}

async function revise(ctx: ProjectionContext, id: string, position: number, fn: (c: ChangeRequestDoc) => Partial<ChangeRequestDoc>) {
  const current = await ctx.get<ChangeRequestDoc>(CHANGE_REQUESTS, id);
  if (!current) return;
  await ctx.update(CHANGE_REQUEST_VERSIONS, current.versionId, (v) => ({ ...v, validTo: position }));
  putVersion(ctx, { ...current, ...fn(current) }, position);
}
