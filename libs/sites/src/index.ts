export { SitesModule } from './sites.module';
