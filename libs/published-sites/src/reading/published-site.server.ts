import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { bearerToken, DomainError, PlatformConfig, ProjectionEngine, ServiceUnavailable } from '@app/platform';
import { bareMessagePage } from './html/site-pages';
import { PageCacheEviction } from './page-cache';
import { PageViews } from './page-views';
import { PublishedSiteRouter } from './published-site.router';
import type { SiteAnswer } from './site-answers';
import { HTML } from './site-response';
import { parseCookies } from './visitor-credentials';

/** No script runs on a published page (the site has none), nothing loads from elsewhere but images. */
const PAGE_POLICY = "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Serves published sites over HTTP, outside the `/v1` API: `/published/…` on PUBLIC_URL's host
 * and every path of a site's custom hostname (when the request's Host is one). It is plain
 * Express middleware mounted after the API's routes and before the unknown-route gate, so the
 * API keeps every path it has (a custom hostname's `/v1/…` is still the API), no bearer token
 * is asked of readers, and errors are pages rather than JSON.
 */
@Injectable()
export class PublishedSiteServer implements OnModuleInit {
  private readonly logger = new Logger('PublishedSites');
  private readonly publicHost: string;
  private readonly publicOrigin: string;
  private readonly secure: boolean;

  constructor(
    private readonly adapters: HttpAdapterHost,
    private readonly router: PublishedSiteRouter,
    private readonly pageViews: PageViews,
    private readonly engine: ProjectionEngine,
    private readonly eviction: PageCacheEviction,
    config: PlatformConfig,
  ) {
    const pub = new URL(config.publicUrl);
    this.publicHost = pub.host.toLowerCase();
    this.publicOrigin = pub.origin;
    this.secure = pub.protocol === 'https:';
  }

  /** Runs once the routes are registered (Nest calls init hooks after registering the router, before its 404 handler). */
  onModuleInit(): void {
    this.engine.registerSaga(this.eviction);
    const http = this.adapters?.httpAdapter;
    // The CLI composes the same modules without HTTP.
    if (!http) return;
    http.getInstance<{ use(h: RequestHandler): void }>().use(this.middleware);
  }

  readonly middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    this.serve(req, res).then(
      (served) => (served ? undefined : next()),
      (e: unknown) => this.fail(e, res),
    );
  };

  private async serve(req: Request, res: Response): Promise<boolean> {
    const host = req.headers.host;
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const answer = await this.router.answer({
      method: req.method,
      path: req.path,
      search,
      query: req.query ?? {},
      host,
      origin: (host ?? '').toLowerCase() === this.publicHost ? this.publicOrigin : `${this.secure ? 'https' : 'http'}://${host}`,
      cookies: parseCookies(req.headers.cookie),
      bearer: bearerToken(req),
      secure: this.secure,
    });
    if (!answer) return false;
    await this.write(req, res, answer);
    return true;
  }

  private async write(req: Request, res: Response, a: SiteAnswer): Promise<void> {
    res.status(a.status);
    res.setHeader('Content-Type', a.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (a.contentType === HTML) res.setHeader('Content-Security-Policy', PAGE_POLICY);
    const shared = a.site?.visibility === 'public' && a.address?.mode !== 'preview';
    res.setHeader('Cache-Control', shared ? 'no-cache' : 'private, no-store');
    if (a.noindex) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    for (const [name, value] of Object.entries(a.headers ?? {})) res.setHeader(name, value);
    const cookies = [...(a.cookies ?? [])];
    if (a.pageView && a.opened && a.address && a.address.mode !== 'preview') {
      cookies.push(...(await this.pageViews.record(req, a.opened, a.address, a.pageView, this.secure)));
    }
    if (cookies.length) res.setHeader('Set-Cookie', cookies);
    res.end(a.body);
  }

  private fail(e: unknown, res: Response): void {
    if (res.headersSent) return void res.end();
    const status = e instanceof DomainError && (e.status === 404 || e.status === 503) ? e.status : 500;
    if (status === 500) this.logger.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    if (e instanceof ServiceUnavailable) res.setHeader('Retry-After', String(e.retryAfterSeconds));
    const heading = status === 404 ? 'Page not found' : status === 503 ? 'Please retry in a moment' : 'Something went wrong';
    res.status(status).setHeader('Content-Type', HTML);
    res.setHeader('Cache-Control', 'no-store');
    res.end(bareMessagePage({ status, heading, message: status === 404 ? 'There is no page at this address.' : 'The page could not be shown.' }));
  }
}
