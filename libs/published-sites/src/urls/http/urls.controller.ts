import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { Caller, IsHttpUrl, NotFound, type Principal } from '@app/platform';
import { GetSpaceAccessQuery } from '@app/spaces';
import type { Embed } from '../domain/embed';
import { shownUrl } from '../domain/own-url';
import { UrlContents, type UrlContent } from '../application/url-contents';
import { UrlEmbeds } from '../application/url-embeds';
import { UrlLocator } from '../application/url-locator';

/** The `url` query of getContentByUrl, getEmbedByUrl and getEmbedByUrlInSpace. */
export class UrlParams {
  @IsHttpUrl() url!: string;
}

/**
 * URL resolution (the contract's URLs section, except the published-URL resolver in reading/):
 * getContentByUrl answers what a URL of this server shows the caller; getEmbedByUrl and
 * getEmbedByUrlInSpace answer a card for any URL.
 */
@Controller()
export class UrlsController {
  constructor(
    private readonly locator: UrlLocator,
    private readonly contents: UrlContents,
    private readonly embeds: UrlEmbeds,
    private readonly queries: QueryBus,
  ) {}

  @Get('urls/content')
  async getContentByUrl(@Query() q: UrlParams, @Req() req: Request): Promise<UrlContent> {
    const url = new URL(q.url);
    const content = await this.contents.of(await this.locator.locate(url), req);
    if (!content) throw new NotFound(`url: no space, page, change request, revision, collection or site you can read at ${shownUrl(url)}`);
    return content;
  }

  @Get('urls/embed')
  getEmbedByUrl(@Query() q: UrlParams, @Req() req: Request): Promise<Embed> {
    return this.embeds.embed(new URL(q.url), req);
  }

  /** As getEmbedByUrl, for an embed placed in a space the caller may read (404 otherwise). */
  @Get('spaces/:spaceId/embed')
  async getEmbedByUrlInSpace(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Query() q: UrlParams, @Req() req: Request): Promise<Embed> {
    const access = await this.queries.execute(new GetSpaceAccessQuery(spaceId, caller.userId));
    if (!access?.permissions.view) throw new NotFound(`No space ${spaceId}`);
    return this.embeds.embed(new URL(q.url), req);
  }
}
