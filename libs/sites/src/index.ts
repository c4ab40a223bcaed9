export { SitesModule } from './sites.module';
/** What the delivery level reads of a site to serve it to visitors (no caller check; secrets stay here). */
export {
  FindPublishedSiteQuery,
  AdmitVisitorQuery,
  FindSiteRedirectQuery,
  type PublishedSiteView,
  type PublishedSectionView,
  type PublishedSiteSpaceView,
  type SiteVisitorCredentials,
  type VisitorAdmission,
} from './application/delivery/published-site.queries';
/** Whether a visitor with these claims sees content under an adaptive condition (false for a condition that does not parse). */
export { evaluateCondition } from './domain/adaptive/condition';
/** The digest of a share key a visitor session may carry instead of the key (AdmitVisitorQuery's `shareKeyDigest`). */
export { hashShareKey as shareKeyDigest } from './application/share-link-keys';
