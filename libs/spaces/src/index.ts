export { SpacesModule } from './spaces.module';
export { RESTORE_WINDOW_MS } from './domain/space';
export { GetSpaceAccessQuery, type SpaceAccessInfo } from './application/queries/space.queries';
export { type SpaceDoc } from './application/queries/spaces.projection';
