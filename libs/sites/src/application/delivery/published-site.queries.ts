import { Query } from '@nestjs/cqrs';

/*
 * What the delivery level (published-sites) reads of a site to serve it to readers. These
 * queries check no caller: they answer for visitors, who are not members. Secrets (the
 * visitor-auth signing key, share-link keys) never leave this context: visitors are admitted
 * here (AdmitVisitorQuery) and only the outcome goes out. Handlers: published-site.handlers.ts.
 */

export interface PublishedSectionView {
  id: string;
  title: string;
  /** Path segment of the section on the site. */
  path: string;
  isDefault: boolean;
  /** Adaptive-content condition over `visitor.claims`, null when none. */
  condition: string | null;
  sectionGroupId: string | null;
  icon: string | null;
  /** The section's description, null when none. */
  description?: string | null;
  /** Published URL of the section (PUBLIC_URL/published/...; a custom-hostname site serves the same path under its hostname). */
  url: string;
}

export interface PublishedSiteSpaceView {
  id: string;
  spaceId: string;
  /** The site space's title (its space's title unless overridden). */
  title: string;
  /** Path segment of the site space (variant) inside its section. */
  path: string;
  /** Default site space of its level (of its section, or of the site without sections). */
  isDefault: boolean;
  sectionId: string | null;
  condition: string | null;
  /** Hidden site spaces are served at their URL but left out of the variant switcher. */
  hidden?: boolean;
  url: string;
  /** The customization readers see in this site space (the site's, overlaid with the site space's overrides). */
  customization?: Record<string, unknown>;
}

/** A site as readers are served it (structure in display order, live parts only). */
export interface PublishedSiteView {
  siteId: string;
  organizationId: string;
  title: string;
  visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
  published: boolean;
  basename: string;
  hostname: string | null;
  agentsContext: 'included' | 'excluded';
  adaptiveContent: boolean;
  /** The site's `urls.published` (without a share key). */
  url: string;
  sections: PublishedSectionView[];
  sectionGroups: Array<{ id: string; title: string; sectionIds: string[] }>;
  siteSpaces: PublishedSiteSpaceView[];
  /** The customization readers see (reference SiteCustomizationSettings, whole). */
  customization: Record<string, unknown>;
  /** Changes with every event of the site (cache keys): the global position of the site's last event. */
  version: number;
}

/** A site by where readers reach it; null when there is no such site (published or not: see `published`). */
export class FindPublishedSiteQuery extends Query<PublishedSiteView | null> {
  constructor(readonly by: { organizationId: string; basename: string } | { hostname: string } | { siteId: string }) {
    super();
  }
}

/** What a visitor presents (as the reference passes it: `visitorAuthToken`, `visitor.jwtToken`, a share key, unsigned claims). */
export interface SiteVisitorCredentials {
  shareKey?: string;
  /**
   * The digest (`shareKeyDigest`) of a share key instead of the key: a visitor session the
   * delivery side signed proves with it that the link that admitted it is still active.
   */
  shareKeyDigest?: string;
  jwtToken?: string;
  unsignedClaims?: Record<string, unknown>;
}

export type VisitorAdmission =
  | { admitted: true; claims: Record<string, unknown>; via: 'public' | 'share-link' | 'visitor-token' }
  /** 404 for a site that is not published or a share key that is not active; 401 for a missing or invalid visitor token. */
  | { admitted: false; status: 401 | 404; message: string; fallbackURL?: string };

/**
 * Whether a visitor may read a site, by its visibility: public and unlisted admit anyone;
 * share-link needs an active link's key; visitor-auth needs a JWT signed with the site's key
 * (shared secret or JWKS URL; signature, expiry, audience checked with jose). The claims are
 * the token's claims with `unsigned` set from the unsigned claims.
 */
export class AdmitVisitorQuery extends Query<VisitorAdmission> {
  constructor(
    readonly siteId: string,
    readonly credentials: SiteVisitorCredentials,
  ) {
    super();
  }
}

/** The redirect of a site for a source path (the site's redirects), null when none matches. */
export class FindSiteRedirectQuery extends Query<{ destination: string } | null> {
  constructor(
    readonly siteId: string,
    readonly source: string,
  ) {
    super();
  }
}
