import { Injectable } from '@nestjs/common';
import { Clock, isApiPath, PlatformConfig, type Principal } from '@app/platform';
import type { PublishedSiteView } from '@app/sites';
import { MemberPreview } from './member-preview';
import { PublishedPages } from './published-pages.service';
import { PublishedSiteReader } from './published-site.reader';
import { hostFormAddress, hostnameOf, pathFormAddress, type SiteAddress } from './site-address';
import { SiteDispatcher } from './site-dispatcher';
import { SiteLinks } from './site-links';
import { denied, missing, previewClaims, previewQuery, withoutCredentials, type SiteAnswer } from './site-answers';
import { HTML } from './site-response';
import { COOKIES, jwtSecondsLeft, presentedCredentials, serializeCookie, type QueryValues } from './visitor-credentials';
import { VisitorSessions } from './visitor-sessions';

/** The parts of an HTTP request the published site reads. */
export interface SiteHttpRequest {
  method: string;
  path: string;
  /** The query string as sent (with the leading '?', or ''). */
  search: string;
  query: QueryValues;
  host: string | undefined;
  origin: string;
  cookies: Record<string, string>;
  bearer: string | null;
  secure: boolean;
}

/**
 * From a request to its answer: which site (custom hostname, path form, preview), who the visitor
 * is (share key, visitor token, unsigned claims, a signed session, a member's preview), then the
 * dispatcher. Null when the request is not for a published site (the API's routes and 404s go on).
 */
@Injectable()
export class PublishedSiteRouter {
  private readonly publicHost: string;

  constructor(
    config: PlatformConfig,
    private readonly reader: PublishedSiteReader,
    private readonly dispatcher: SiteDispatcher,
    private readonly pages: PublishedPages,
    private readonly sessions: VisitorSessions,
    private readonly members: MemberPreview,
    private readonly clock: Clock,
  ) {
    this.publicHost = new URL(config.publicUrl).host.toLowerCase();
  }

  async answer(req: SiteHttpRequest): Promise<SiteAnswer | null> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (isApiPath(req.path) || req.path.startsWith('/health/')) return null;
    const located = await this.locate(req);
    if (!located) return null;
    const { address, site } = located;
    if (!site) return missing();
    const preview = address.mode === 'preview';
    if (address.segments.length === 1 && address.segments[0] === 'robots.txt' && (site.published || preview)) {
      return this.dispatcher.robots(site, address, preview);
    }
    const presented = presentedCredentials(req.query, req.cookies);
    const granted = await this.grant(req, site, preview);
    if (preview && !granted) return missing();
    const opened = await this.reader.open(site, presented.credentials, granted ?? undefined);
    const cookie = (name: string, value: string, maxAge?: number) =>
      serializeCookie(name, value, { path: address.basePath || '/', secure: req.secure, ...(maxAge !== undefined ? { maxAge } : {}) });
    if (opened.kind !== 'open') {
      // Credentials kept from an earlier visit that no longer open the site are forgotten.
      const stale = [
        ...(presented.credentials.jwtToken && !presented.fromQuery.jwtToken ? [cookie(COOKIES.jwtToken, '', 0)] : []),
        ...(presented.credentials.shareKey && !presented.fromQuery.shareKey ? [cookie(COOKIES.shareKey, '', 0)] : []),
      ];
      return { ...denied(opened, address), cookies: stale };
    }
    if (!preview && Object.keys(presented.fromQuery).length > 0) {
      // Keep the credentials in cookies and take them out of the address bar (and of referrers).
      const q = presented.fromQuery;
      const now = this.clock.now().getTime();
      return {
        status: 302,
        contentType: HTML,
        body: '',
        headers: { Location: `${req.path}${withoutCredentials(req.search)}`, 'Cache-Control': 'no-store' },
        cookies: [
          ...(q.shareKey ? [cookie(COOKIES.shareKey, q.shareKey)] : []),
          ...(q.jwtToken ? [cookie(COOKIES.jwtToken, q.jwtToken, jwtSecondsLeft(q.jwtToken, now) ?? undefined)] : []),
          ...(q.unsigned ? [cookie(COOKIES.unsigned, JSON.stringify(presented.unsigned))] : []),
        ],
      };
    }
    const links = new SiteLinks(address.basePath, opened.view, preview ? previewQuery(req.query) : '');
    const answer = await this.dispatcher.dispatch({ site, view: opened.view, address, links, origin: req.origin, preview }, req.query);
    return {
      ...(answer ?? this.pages.notFound({ site, view: opened.view, address, links, origin: req.origin, preview }, 'There is no page at this address.')),
      site,
      opened,
      address,
    };
  }

  private async locate(req: SiteHttpRequest): Promise<{ address: SiteAddress; site: PublishedSiteView | null } | null> {
    const host = (req.host ?? '').toLowerCase();
    if (host !== this.publicHost) {
      const hostname = hostnameOf(host);
      const site = hostname ? await this.reader.findSite({ hostname }) : null;
      if (site && hostname) {
        const address = hostFormAddress(hostname, req.path);
        return address ? { address, site } : null;
      }
    }
    const address = pathFormAddress(req.path);
    return address ? { address, site: await this.reader.findSite(address.locator) } : null;
  }

  /** A member's bearer token opens a preview; a visitor session (the resolver's apiToken) opens a published site. */
  private async grant(
    req: SiteHttpRequest,
    site: PublishedSiteView,
    preview: boolean,
  ): Promise<{ claims: Record<string, unknown>; via: 'member' | 'session' } | null> {
    if (!req.bearer) return null;
    if (preview) {
      const member: Principal | null = await this.members.member(req.bearer, site.organizationId);
      return member ? { claims: previewClaims(req.query), via: 'member' } : null;
    }
    if (!site.published || !VisitorSessions.looksLikeSession(req.bearer)) return null;
    const session = this.sessions.open(req.bearer, site.siteId);
    if (!session) return null;
    // A share-link site: the session opens it only while the link that admitted it is active.
    if (site.visibility === 'share-link' && !(session.shareKeyDigest && (await this.reader.linkStillActive(site.siteId, session.shareKeyDigest)))) return null;
    return { claims: session.claims, via: 'session' };
  }
}
