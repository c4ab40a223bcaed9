import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { FindPublishedSiteQuery, type PublishedSiteView } from '@app/sites';
import { PublishedResolver } from '../../ports';
import type { ContentTarget, PageRef } from '../domain/own-url';
import { siteSpaceOf } from '../domain/site-part';
import { OwnApi, type Json } from './own-api';
import type { ApiAddress, Located } from './url-locator';

/** The reference's getContentByUrl variants. */
export type UrlContent = { collection: Json } | { space: Json; changeRequest?: Json; page?: Json };

/**
 * What a located URL shows the caller, in the reference's variants: a collection, or a space
 * with the change request and the page the URL names. Everything is read as the caller (OwnApi),
 * so a published page resolves only for callers who may read its space in the API, and a
 * site's URL stands for the space of its default site space. Null: nothing the caller may see.
 */
@Injectable()
export class UrlContents {
  constructor(
    private readonly api: OwnApi,
    private readonly queries: QueryBus,
    private readonly resolver: PublishedResolver,
  ) {}

  async of(located: Located, req: Request): Promise<UrlContent | null> {
    if (located.kind === 'published') {
      const r = located.resolution;
      return this.space(req, r.spaceId, { kind: 'main' }, r.page && r.page.kind !== 'link' ? { id: r.page.id } : null);
    }
    return located.kind === 'address' ? this.address(located.address, req) : null;
  }

  private async address(a: ApiAddress, req: Request): Promise<UrlContent | null> {
    switch (a.kind) {
      case 'collection': {
        const collection = await this.api.get(req, ['collections', a.collectionId]);
        return collection && { collection };
      }
      case 'space':
        return this.space(req, a.spaceId, a.target, a.page);
      case 'site': {
        const site = await this.site(req, a.siteId);
        const siteSpace = site && site.organizationId === a.organizationId ? siteSpaceOf(site, a.part) : undefined;
        return siteSpace ? this.space(req, siteSpace.spaceId, { kind: 'main' }, null) : null;
      }
      case 'preview': {
        const site = await this.site(req, a.siteId);
        if (!site) return null;
        // A preview shows the site as published would: a path resolves as on the published site when it is.
        if (a.rest.length && site.published) {
          const r = await this.resolver.resolve(`${site.url}/${a.rest.map(encodeURIComponent).join('/')}`, {});
          if (r.kind === 'content') return this.of({ kind: 'published', resolution: r }, req);
        }
        const siteSpace = siteSpaceOf(site, null);
        return siteSpace ? this.space(req, siteSpace.spaceId, { kind: 'main' }, null) : null;
      }
    }
  }

  /** A site the caller may see in the API (its members), with its structure. */
  private async site(req: Request, siteId: string): Promise<PublishedSiteView | null> {
    const site = await this.queries.execute(new FindPublishedSiteQuery({ siteId }));
    if (!site) return null;
    return (await this.api.get(req, ['orgs', site.organizationId, 'sites', siteId])) ? site : null;
  }

  private async space(req: Request, spaceId: string, target: ContentTarget, page: PageRef | null): Promise<UrlContent | null> {
    const space = await this.api.get(req, ['spaces', spaceId]);
    if (!space) return null;
    const root = contentRoot(spaceId, target);
    const changeRequest = target.kind === 'change-request' ? await this.api.get(req, root.slice(0, 4)) : undefined;
    if (changeRequest === null) return null;
    if (!page) {
      // A revision exists when its (cheap) file list answers; the space alone says nothing about it.
      if (target.kind === 'revision' && !(await this.api.get(req, [...root, 'files']))) return null;
      return { space, ...(changeRequest ? { changeRequest } : {}) };
    }
    const found = await this.api.get(req, [...root, ...('id' in page ? ['page', page.id] : ['path', ...page.path.split('/')])]);
    if (!found) return null;
    // The variant holds documents and groups; a link page is no content of its own.
    return { space, ...(changeRequest ? { changeRequest } : {}), ...(found.type === 'link' ? {} : { page: found }) };
  }
}

/** The location of a target's content: pages are below it as `page/<id>` and `path/<path>`. */
function contentRoot(spaceId: string, target: ContentTarget): string[] {
  if (target.kind === 'main') return ['spaces', spaceId, 'content'];
  if (target.kind === 'change-request') return ['spaces', spaceId, 'change-requests', target.ref, 'content'];
  return ['spaces', spaceId, 'revisions', target.revisionId];
}
