export { SpacesModule } from './spaces.module';
export { RESTORE_WINDOW_MS } from './domain/space';
