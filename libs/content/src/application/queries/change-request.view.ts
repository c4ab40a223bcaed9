import { Urls } from '@app/platform';
import type { UserView } from '@app/identity';
import { markdownToDocument } from '../../domain/markdown/document';
import { ChangeRequestDoc } from './change-requests.projection';

export const userOrPlaceholder = (users: Map<string, UserView>, id: string, urls: Urls): UserView =>
  users.get(id) ?? { object: 'user', id, displayName: id, email: '', urls: { location: urls.api(`/users/${id}`) } };

/**
 * The reference ChangeRequest. `outdated` compares the change request's base with main's head
 * at read time, so a merge marks every other open change request outdated without rewriting
 * them. `comments` counts its open comments (the comments context's answer to
 * CountOpenCommentsQuery, asked by ChangeRequestViews for a whole page at once).
 */
export function toChangeRequestView(c: ChangeRequestDoc, users: Map<string, UserView>, mainHead: string | null, urls: Urls, openComments = 0) {
  const active = c.status === 'open' || c.status === 'draft';
  return {
    object: 'change-request' as const,
    id: c.id,
    number: c.number,
    status: c.status,
    subject: c.subject,
    ...(c.description ? { description: markdownToDocument(c.description) } : {}),
    createdBy: userOrPlaceholder(users, c.createdBy, urls),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    space: c.spaceId,
    revision: c.revision,
    revisionInitial: c.revisionInitial,
    ...(c.revisionMergedAncestor ? { revisionMergedAncestor: c.revisionMergedAncestor } : {}),
    ...(c.revisionMerged ? { revisionMerged: c.revisionMerged } : {}),
    ...(c.mergedAt ? { mergedAt: c.mergedAt } : {}),
    comments: openComments,
    outdated: active && mainHead !== null && c.base !== mainHead,
    ...(c.conversationsIssuesCluster ? { conversationsIssuesCluster: c.conversationsIssuesCluster } : {}),
    urls: { app: urls.app(`/s/${c.spaceId}/~/changes/${c.number}`), location: urls.api(`/spaces/${c.spaceId}/change-requests/${c.id}`) },
  };
}
export type ChangeRequestView = ReturnType<typeof toChangeRequestView>;
