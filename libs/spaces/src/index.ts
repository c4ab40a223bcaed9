export { SpacesModule } from './spaces.module';
export { RESTORE_WINDOW_MS } from './domain/space';
export { GetSpaceAccessQuery, GetSpaceQuery, type SpaceAccessInfo } from './application/queries/space.queries';
export { type SpaceDoc } from './application/queries/spaces.projection';
export { spacePermissions, collectionPermissions, SPACE_FLAG_ROLES, COLLECTION_FLAG_ROLES, type SpacePermissions, type CollectionPermissions } from './domain/authorization';
