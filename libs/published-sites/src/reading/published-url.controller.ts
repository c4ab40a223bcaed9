import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { NotFound, Unauthorized } from '@app/platform';
import type { VisitorCredentials } from '../ports';
import { ResolvePublishedUrlBody, ResolvePublishedUrlParams } from './published-url.bodies';
import { PublishedUrlResolver, type DetailedResolution } from './published-url.resolver';
import { VisitorSessions } from './visitor-sessions';

/** Reference PublishedSiteContentLookup: the content at a published URL, or where to go instead. */
type Lookup = { target: 'application' | 'content' | 'external'; redirect: string } | Record<string, unknown>;

/**
 * resolvePublishedContentByUrl (POST /v1/urls/published) and its deprecated GET form: a
 * published URL to its site, section, site space, space, revision and page, for the visitor the
 * request describes (`visitor.jwtToken`/`visitorAuthToken`, `visitor.unsignedClaims`, the share
 * key in the URL). 404 when nothing there is visible to that visitor; an invalid or missing
 * visitor token answers 401, or with `redirectOnError` the site's fallback URL as a redirect.
 */
@Controller('urls')
export class PublishedUrlController {
  constructor(
    private readonly resolver: PublishedUrlResolver,
    private readonly sessions: VisitorSessions,
  ) {}

  @Post('published')
  @HttpCode(200)
  resolvePublished(@Body() body: ResolvePublishedUrlBody): Promise<Lookup> {
    const credentials: VisitorCredentials = {
      ...(body.visitor?.jwtToken ? { jwtToken: body.visitor.jwtToken } : {}),
      ...(body.visitor?.unsignedClaims ? { unsignedClaims: body.visitor.unsignedClaims } : {}),
    };
    return this.lookup(body.url, credentials, body.redirectOnError === true);
  }

  /** Deprecated in the reference in favour of the POST form. */
  @Get('published')
  getPublished(@Query() q: ResolvePublishedUrlParams): Promise<Lookup> {
    return this.lookup(q.url, q.visitorAuthToken ? { jwtToken: q.visitorAuthToken } : {}, q.redirectOnError === 'true');
  }

  private async lookup(url: string, credentials: VisitorCredentials, redirectOnError: boolean): Promise<Lookup> {
    const detailed = await this.resolver.resolveDetailed(url, credentials);
    const r = detailed.resolution;
    switch (r.kind) {
      case 'not-found':
        throw new NotFound(`url: ${r.message}`);
      case 'denied':
        if (r.status === 404) throw new NotFound(`url: ${r.message}`);
        if (redirectOnError && r.fallbackURL) return { target: 'external', redirect: r.fallbackURL };
        throw new Unauthorized(`visitor: ${r.message}`);
      case 'redirect':
        return { target: detailed.redirectTarget ?? 'external', redirect: r.location };
      case 'content':
        return this.content(detailed, r, credentials.jwtToken);
    }
  }

  private content(d: DetailedResolution, r: Extract<DetailedResolution['resolution'], { kind: 'content' }>, jwtToken?: string): Record<string, unknown> {
    const address = d.address!;
    const location = d.location!;
    return {
      site: r.site.siteId,
      ...(r.sectionId ? { siteSection: r.sectionId } : {}),
      siteSpace: r.siteSpaceId,
      space: r.spaceId,
      revision: r.revisionId,
      pathname: location.rest.map(encodeURIComponent).join('/'),
      basePath: `${address.basePath}${d.siteSpacePath ?? ''}/`,
      siteBasePath: `${address.basePath}/`,
      apiToken: this.sessions.issue(r.site.siteId, r.claims, jwtToken, d.shareKey),
      organization: r.site.organizationId,
      ...(d.shareKey ? { shareKey: d.shareKey } : {}),
      complete: location.complete,
      ...(d.contextId ? { contextId: d.contextId } : {}),
      canonicalUrl: r.canonicalUrl,
    };
  }
}
