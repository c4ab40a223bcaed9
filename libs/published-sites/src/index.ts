export { PublishedSitesModule } from './published-sites.module';
