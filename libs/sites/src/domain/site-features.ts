/**
 * The reference SiteFeature list, honestly: only features this server serves for every site
 * (there are no plans here, so none is frozen and each is on the site's own type).
 */
export const SITE_FEATURES: ReadonlyArray<{ id: string; customizations?: string[] }> = [
  // Structure: several site spaces (variants), sections and section groups.
  { id: 'sites-multivariant-site' },
  { id: 'sites-sections' },
  // Visibilities the published-sites context enforces.
  { id: 'sites-public-visibility' },
  { id: 'sites-unlisted-visibility' },
  { id: 'sites-share-links' },
  { id: 'sites-visitor-authentication' },
  // Adaptive content (visitor schema and conditions), redirects and custom hostnames.
  { id: 'sites-adaptive-content' },
  { id: 'sites-redirects' },
  { id: 'sites-custom-domain' },
  // Customization settings of the site and per-site-space overrides.
  {
    id: 'sites-basic-customization',
    customizations: ['header-logo', 'theme-preset', 'custom-icons', 'footer-logo', 'footer-links', 'footer-copyright', 'semantic-colors'],
  },
  { id: 'sites-advanced-customization' },
];
