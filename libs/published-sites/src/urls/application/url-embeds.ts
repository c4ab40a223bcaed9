import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { PlatformConfig } from '@app/platform';
import { bareLink, publishedEmbed, type Embed } from '../domain/embed';
import { ExternalEmbeds } from './external-embeds';
import { OwnApi, type Json } from './own-api';
import { UrlContents, type UrlContent } from './url-contents';
import { UrlLocator } from './url-locator';

/**
 * The embed of any URL: this server's content as a link card named after it (a page by its
 * title within its space, a space or collection within its organization, a change request by
 * its subject, a published page within its site, with the site's favicon); another host's page
 * by what it says about itself (ExternalEmbeds). What the caller may not see, or what does not
 * exist, is the bare link — the same answer for both, so an embed tells nothing about either.
 */
@Injectable()
export class UrlEmbeds {
  constructor(
    private readonly locator: UrlLocator,
    private readonly contents: UrlContents,
    private readonly external: ExternalEmbeds,
    private readonly api: OwnApi,
    private readonly config: PlatformConfig,
  ) {}

  async embed(url: URL, req: Request): Promise<Embed> {
    const located = await this.locator.locate(url);
    switch (located.kind) {
      case 'external':
        return this.external.embed(located.url);
      case 'published': {
        const r = located.resolution;
        return publishedEmbed(r.site, r.siteSpaceId, r.page?.title ?? null);
      }
      case 'nothing':
        return bareLink(url);
      case 'address': {
        const content = await this.contents.of(located, req);
        return content ? this.ownEmbed(content, req) : bareLink(url);
      }
    }
  }

  private async ownEmbed(content: UrlContent, req: Request): Promise<Embed> {
    if ('collection' in content) return link(content.collection.title, await this.organizationTitle(req, content.collection.organization));
    const { space, changeRequest, page } = content;
    const icon = (space.urls as { icon?: string } | undefined)?.icon;
    if (page) return link(page.title, space.title, icon);
    if (changeRequest) return link(changeRequest.subject || `Change request #${String(changeRequest.number)}`, space.title, icon);
    return link(space.title, await this.organizationTitle(req, space.organization), icon);
  }

  /** The organization's title for its members; the server's host name for anyone else. */
  private async organizationTitle(req: Request, organizationId: unknown): Promise<string> {
    const org = typeof organizationId === 'string' ? await this.api.get<Json>(req, ['orgs', organizationId]) : null;
    return typeof org?.title === 'string' && org.title ? org.title : new URL(this.config.publicUrl).hostname;
  }
}

const link = (title: unknown, site: unknown, icon?: string): Embed => ({
  type: 'link',
  title: typeof title === 'string' && title ? title : 'Untitled',
  site: typeof site === 'string' && site ? site : 'Untitled',
  ...(icon ? { icon } : {}),
});
