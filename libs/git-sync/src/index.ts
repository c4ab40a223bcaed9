export { GitSyncModule } from './git-sync.module';
