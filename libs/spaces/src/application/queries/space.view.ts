import { Role, Urls } from '@app/platform';
import { SpaceContentStats } from '../../contracts';
import { spacePermissions } from '../space-access';
import { SpaceDoc } from './spaces.projection';

/**
 * The reference `Space` shape, with permissions computed for the caller. The current revision
 * and the change-request counters are content's (SpaceContentStatsQuery); before content has
 * recorded the space, its initial revision and zeros. Open comments are the comments context's
 * (CountOpenSpaceCommentsQuery).
 */
export function toSpaceView(s: SpaceDoc, role: Role | null, urls: Urls, content: SpaceContentStats | undefined, openComments = 0) {
  const published = s.visibility !== 'private' ? urls.published(`/s/${s.id}`) : undefined;
  return {
    object: 'space' as const,
    id: s.id,
    title: s.title,
    emoji: s.emoji,
    visibility: s.visibility,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    ...(s.deletedAt ? { deletedAt: s.deletedAt } : {}),
    editMode: s.editMode,
    mergeRules: s.mergeRules,
    urls: {
      location: urls.api(`/spaces/${s.id}`),
      app: urls.app(`/s/${s.id}`),
      ...(published ? { published } : {}),
      ...(s.visibility === 'public' ? { public: published } : {}),
      ...(s.icon ? { icon: s.icon } : {}),
    },
    organization: s.organizationId,
    ...(s.parent ? { parent: s.parent } : {}),
    ...(s.language ? { language: s.language } : {}),
    revision: content?.revision ?? s.revision,
    defaultLevel: s.defaultLevel,
    comments: openComments,
    changeRequests: content?.changeRequests ?? 0,
    changeRequestsOpen: content?.changeRequestsOpen ?? 0,
    changeRequestsDraft: content?.changeRequestsDraft ?? 0,
    permissions: spacePermissions(role),
  };
}
export type SpaceView = ReturnType<typeof toSpaceView>;
