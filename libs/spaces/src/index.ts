export { SpacesModule } from './spaces.module';
export { RESTORE_WINDOW_MS } from './domain/space';
/** For contexts that make spaces of their own (a translation's target space). */
export { CreateSpaceCommand } from './application/commands/create-space';
export type { SpaceSettings } from './domain/space.events';
export { GetSpaceAccessQuery, GetSpaceQuery, type SpaceAccessInfo } from './application/queries/space.queries';
export { type SpaceDoc } from './application/queries/spaces.projection';
export { ListDeletedSpacesQuery, type DeletedSpace } from './application/queries/deleted-spaces.queries';
export {
  spacePermissions,
  collectionPermissions,
  allows,
  SPACE_FLAG_POLICY,
  COLLECTION_FLAG_POLICY,
  type FlagPolicy,
  type SpacePermissions,
  type CollectionPermissions,
} from './domain/authorization';
