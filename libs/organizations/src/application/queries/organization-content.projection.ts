import { ProjectionDefinition } from '@app/platform';
import { contentId, ORG_CONTENT } from './read-models';

/**
 * Which spaces, collections and sites exist in which organization, from other contexts'
 * integration events matched by type string (spaces imports organizations, never the reverse).
 * It only answers "may this be the organization's default content?".
 * Sites: no sites context exists yet; it is expected to emit SiteCreated {siteId, organizationId}
 * and SiteDeleted {siteId}.
 */
export const organizationContentProjection: ProjectionDefinition = {
  name: 'organization-content',
  collections: [{ name: ORG_CONTENT, indexes: [['organizationId']] }],
  handles: ['SpaceCreated', 'SpaceDeleted', 'SpaceRestored', 'SpacePurged', 'SpaceTransferred', 'CollectionCreated', 'CollectionDeleted', 'CollectionTransferred', 'SiteCreated', 'SiteDeleted'],
  async apply(e, ctx) {
    const d = e.data as { spaceId?: string; collectionId?: string; siteId?: string; organizationId?: string; to?: string };
    switch (e.type) {
      case 'SpaceCreated':
        ctx.put(ORG_CONTENT, { id: contentId('space', d.spaceId!), organizationId: d.organizationId!, kind: 'space', refId: d.spaceId! });
        break;
      case 'CollectionCreated':
        ctx.put(ORG_CONTENT, { id: contentId('collection', d.collectionId!), organizationId: d.organizationId!, kind: 'collection', refId: d.collectionId! });
        break;
      case 'SiteCreated':
        ctx.put(ORG_CONTENT, { id: contentId('site', d.siteId!), organizationId: d.organizationId!, kind: 'site', refId: d.siteId! });
        break;
      case 'SpaceDeleted':
      case 'SpaceRestored':
        // A space in its restore window cannot become the default content.
        await ctx.update(ORG_CONTENT, contentId('space', d.spaceId!), (c) => ({ ...c, deleted: e.type === 'SpaceDeleted' }));
        break;
      case 'SpaceTransferred':
        await ctx.update(ORG_CONTENT, contentId('space', d.spaceId!), (c) => ({ ...c, organizationId: d.to! }));
        break;
      case 'CollectionTransferred':
        await ctx.update(ORG_CONTENT, contentId('collection', d.collectionId!), (c) => ({ ...c, organizationId: d.to! }));
        break;
      case 'SpacePurged':
        ctx.delete(ORG_CONTENT, contentId('space', d.spaceId!));
        break;
      case 'CollectionDeleted':
        ctx.delete(ORG_CONTENT, contentId('collection', d.collectionId!));
        break;
      case 'SiteDeleted':
        ctx.delete(ORG_CONTENT, contentId('site', d.siteId!));
        break;
    }
  },
};
