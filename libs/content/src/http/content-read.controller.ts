import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { QueryBus } from '@nestjs/cqrs';
import { AsOfResolver, Caller, ImmutableResource, Principal, ResourceStream } from '@app/platform';
import { GetMainPageAsOfQuery, GetSpaceContentAsOfQuery } from '../application/queries/as-of-content.queries';
import { ContentAsOfParams, PageAsOfParams } from './as-of.params';
import { changeRequestStream, spaceContentStream } from '../domain/change-request.events';
import { ContentTarget } from '../application/queries/content-reader';
import { GetFileQuery, GetRevisionContentQuery, ListFilesQuery, ListPagesQuery } from '../application/queries/content.queries';
import { GetRenderedPageQuery } from '../application/queries/rendered-page.query';
import { ListBacklinksQuery, ListLinksQuery } from '../application/queries/links.queries';
import { ContentFlags, FilesParams, joinPath, LinksParams, PageParams } from './query-params';
import { PageQuery } from '@app/platform';

const dereferences = (q: PageParams) => q.dereferenced === 'true' || q.dereferenced === 'reusable-contents';

/**
 * Reads of content, three ways to name it: main (`/spaces/{id}/content`), a change request
 * (`…/change-requests/{id}/content`) and a revision (`/spaces/{id}/revisions/{revisionId}`).
 */
abstract class ContentReads {
  constructor(protected readonly queries: QueryBus) {}
  protected abstract target(params: Record<string, string>): ContentTarget;

  protected revision(c: Principal, p: Record<string, string>) {
    return this.queries.execute(new GetRevisionContentQuery(p.spaceId, this.target(p), c.userId));
  }
  protected pages(c: Principal, p: Record<string, string>) {
    return this.queries.execute(new ListPagesQuery(p.spaceId, this.target(p), c.userId));
  }
  // Pages show their reusable contents (as blocks, or dereferenced in their place).
  protected page(c: Principal, p: Record<string, string>, q: PageParams) {
    return this.queries.execute(new GetRenderedPageQuery(p.spaceId, this.target(p), c.userId, { id: p.pageId }, q.format ?? 'markdown', dereferences(q)));
  }
  protected pageByPath(c: Principal, p: Record<string, string>, path: string | string[], q: PageParams) {
    const page = { path: joinPath(path) };
    return this.queries.execute(new GetRenderedPageQuery(p.spaceId, this.target(p), c.userId, page, q.format ?? 'markdown', dereferences(q)));
  }
  protected files(c: Principal, p: Record<string, string>, q: FilesParams) {
    return this.queries.execute(new ListFilesQuery(p.spaceId, this.target(p), c.userId, q));
  }
  protected file(c: Principal, p: Record<string, string>) {
    return this.queries.execute(new GetFileQuery(p.spaceId, this.target(p), c.userId, p.fileId));
  }
  protected links(c: Principal, p: Record<string, string>, q: LinksParams) {
    // `in-app` is never produced (no link targets the app itself): filtering by it lists nothing.
    return this.queries.execute(new ListLinksQuery(p.spaceId, this.target(p), c.userId, p.pageId ?? null, q, q.status as never));
  }
  protected backlinks(c: Principal, p: Record<string, string>, q: PageQuery) {
    return this.queries.execute(new ListBacklinksQuery(p.spaceId, this.target(p), c.userId, p.fileId ? { file: p.fileId } : { page: p.pageId }, q));
  }
}

@Controller('spaces/:spaceId/content')
export class MainContentController extends ContentReads {
  constructor(
    queries: QueryBus,
    private readonly asOf: AsOfResolver,
  ) {
    super(queries);
  }
  protected target(): ContentTarget {
    return { kind: 'main' };
  }

  @ResourceStream((p) => spaceContentStream(p.spaceId))
  @Get()
  async getCurrentRevision(
    @Caller() c: Principal,
    @Param() p: Record<string, string>,
    @Query() q: ContentAsOfParams,
    @Res({ passthrough: true }) res: Response,
  ) {
    const point = await this.asOf.resolve(q.asOf, res);
    return point ? this.queries.execute(new GetSpaceContentAsOfQuery(p.spaceId, c.userId, point)) : this.revision(c, p);
  }
  @Get('pages') listPages(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    return this.pages(c, p);
  }
  @ResourceStream((p) => spaceContentStream(p.spaceId))
  @Get('page/:pageId')
  async getPageById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: PageAsOfParams, @Res({ passthrough: true }) res: Response) {
    const point = await this.asOf.resolve(q.asOf, res);
    if (!point) return this.page(c, p, q);
    return this.queries.execute(new GetMainPageAsOfQuery(p.spaceId, c.userId, point, p.pageId, q.format ?? 'markdown', dereferences(q)));
  }
  @ResourceStream((p) => spaceContentStream(p.spaceId))
  @Get('path/*pagePath')
  getPageByPath(@Caller() c: Principal, @Param() p: Record<string, string>, @Param('pagePath') path: string | string[], @Query() q: PageParams) {
    return this.pageByPath(c, p, path, q);
  }
  @Get('files') listFiles(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: FilesParams) {
    return this.files(c, p, q);
  }
  @ResourceStream((p) => spaceContentStream(p.spaceId))
  @Get('files/:fileId')
  getFileById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    return this.file(c, p);
  }
  @Get('page/:pageId/links') listPageLinksInSpace(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: LinksParams) {
    return this.links(c, p, q);
  }
  @Get('page/:pageId/backlinks') listSpacePageBacklinks(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: PageQuery) {
    return this.backlinks(c, p, q);
  }
  @Get('files/:fileId/backlinks') listSpaceFileBacklinks(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: PageQuery) {
    return this.backlinks(c, p, q);
  }
}

/** All links of a space's main content (reference listSpaceLinks). */
@Controller('spaces/:spaceId/links')
export class SpaceLinksController extends ContentReads {
  constructor(queries: QueryBus) {
    super(queries);
  }
  protected target(): ContentTarget {
    return { kind: 'main' };
  }
  @Get() listSpaceLinks(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: LinksParams) {
    return this.links(c, p, q);
  }
}

/**
 * A change request's content is versioned by its stream when the URL names it by id; by its
 * number, no stream is named and the ETag hashes the body alone (still strong: bodies differ).
 */
const changeRequestContent = (p: Record<string, string>) => changeRequestStream(p.changeRequestId);

@Controller('spaces/:spaceId/change-requests/:changeRequestId/content')
export class ChangeRequestContentController extends ContentReads {
  constructor(queries: QueryBus) {
    super(queries);
  }
  protected target(p: Record<string, string>): ContentTarget {
    return { kind: 'change-request', ref: p.changeRequestId };
  }

  @ResourceStream(changeRequestContent)
  @Get()
  getRevisionOfChangeRequestById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    return this.revision(c, p);
  }
  @Get('pages') listPagesInChangeRequest(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    return this.pages(c, p);
  }
  @ResourceStream(changeRequestContent)
  @Get('page/:pageId')
  getPageInChangeRequestById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: PageParams) {
    return this.page(c, p, q);
  }
  @ResourceStream(changeRequestContent)
  @Get('path/*pagePath')
  getPageInChangeRequestByPath(@Caller() c: Principal, @Param() p: Record<string, string>, @Param('pagePath') path: string | string[], @Query() q: PageParams) {
    return this.pageByPath(c, p, path, q);
  }
  @Get('files') listFilesInChangeRequestById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: FilesParams) {
    return this.files(c, p, q);
  }
  @ResourceStream(changeRequestContent)
  @Get('files/:fileId')
  getFileInChangeRequestById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    return this.file(c, p);
  }
  @Get('page/:pageId/links') listPageLinksInChangeRequest(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: LinksParams) {
    return this.links(c, p, q);
  }
  @Get('page/:pageId/backlinks') listChangeRequestPageBacklinks(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: PageQuery) {
    return this.backlinks(c, p, q);
  }
  @Get('files/:fileId/backlinks') listChangeRequestFileBacklinks(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: PageQuery) {
    return this.backlinks(c, p, q);
  }
}

@Controller('spaces/:spaceId/revisions/:revisionId')
export class RevisionContentController extends ContentReads {
  constructor(queries: QueryBus) {
    super(queries);
  }
  protected target(p: Record<string, string>): ContentTarget {
    return { kind: 'revision', revision: p.revisionId };
  }

  @ImmutableResource()
  @Get()
  getRevisionById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    return this.revision(c, p);
  }
  @Get('pages') listPagesInRevisionById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    return this.pages(c, p);
  }
  @ImmutableResource()
  @Get('page/:pageId')
  getPageInRevisionById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: PageParams) {
    return this.page(c, p, q);
  }
  @ImmutableResource()
  @Get('path/*pagePath')
  getPageInRevisionByPath(@Caller() c: Principal, @Param() p: Record<string, string>, @Param('pagePath') path: string | string[], @Query() q: PageParams) {
    return this.pageByPath(c, p, path, q);
  }
  @Get('files') listFilesInRevisionById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: FilesParams) {
    return this.files(c, p, q);
  }
  @ImmutableResource()
  @Get('files/:fileId')
  getFileInRevisionById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    return this.file(c, p);
  }
}
