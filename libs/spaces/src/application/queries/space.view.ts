import { Role, Urls } from '@app/platform';
import { spacePermissions } from '../space-access';
import { SpaceDoc } from './spaces.projection';

/** The reference `Space` shape, with permissions computed for the caller. */
export function toSpaceView(s: SpaceDoc, role: Role | null, urls: Urls) {
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
    revision: s.revision,
    defaultLevel: s.defaultLevel,
    comments: 0,
    changeRequests: s.changeRequests ?? 0,
    changeRequestsOpen: s.changeRequestsOpen ?? 0,
    changeRequestsDraft: s.changeRequestsDraft ?? 0,
    permissions: spacePermissions(role),
  };
}
export type SpaceView = ReturnType<typeof toSpaceView>;
