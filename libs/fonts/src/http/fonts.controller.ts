import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { Caller, PageQuery, Principal, ProjectionEngine, Public, ResourceStream, Urls, ifNoneMatches } from '@app/platform';
import { CreateCustomFontCommand, DeleteCustomFontCommand, FontScope, UpdateCustomFontCommand } from '../application/custom-font.commands';
import { GetCustomFontQuery, GetFontFileQuery, ListCustomFontsQuery } from '../application/custom-font.queries';
import { customFontStream } from '../domain/custom-font';
import { CreateCustomFontBody, UpdateCustomFontBody } from './font.bodies';

/** Reference tag custom-fonts: members read, admins write; the faces' files are served to anyone. */
@Controller('orgs/:organizationId/fonts')
export class FontsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
  ) {}

  @Get()
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListCustomFontsQuery({ caller, organizationId }, page));
  }

  @Put()
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateCustomFontBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const scope: FontScope = { caller, organizationId };
    const { fontId } = await this.commands.execute(new CreateCustomFontCommand(scope, body.fontFamily, body.fontFaces));
    await this.engine.settle();
    res.status(201).setHeader('Location', this.urls.api(`/orgs/${organizationId}/fonts/${fontId}`));
    return this.queries.execute(new GetCustomFontQuery(scope, fontId));
  }

  @Get(':fontId')
  @ResourceStream((p) => customFontStream(p.fontId))
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('fontId') fontId: string) {
    return this.queries.execute(new GetCustomFontQuery({ caller, organizationId }, fontId));
  }

  /** The reference answers 201 with the definition. */
  @Post(':fontId')
  async update(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('fontId') fontId: string,
    @Body() body: UpdateCustomFontBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const scope: FontScope = { caller, organizationId };
    await this.commands.execute(new UpdateCustomFontCommand(scope, fontId, body.fontFamily, body.fontFaces));
    await this.engine.settle();
    res.status(201);
    return this.queries.execute(new GetCustomFontQuery(scope, fontId));
  }

  @Delete(':fontId')
  async remove(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('fontId') fontId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteCustomFontCommand({ caller, organizationId }, fontId));
    res.status(deleted ? 205 : 204);
  }

  /**
   * A face's file, for @font-face rules of published sites: no token (browsers send none), any
   * origin may load it (fonts are fetched in CORS mode), and it never changes at its URL (the
   * name carries the file's hash), so caches keep it for a year.
   */
  @Public()
  @Get(':fontId/files/:file')
  async file(
    @Param('organizationId') organizationId: string,
    @Param('fontId') fontId: string,
    @Param('file') file: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const found = await this.queries.execute(new GetFontFileQuery(organizationId, fontId, file));
    const etag = `"${found.sha256}"`;
    res
      .setHeader('Content-Type', found.contentType)
      .setHeader('Access-Control-Allow-Origin', '*')
      .setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      .setHeader('X-Content-Type-Options', 'nosniff')
      .setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      .setHeader('ETag', etag);
    if (ifNoneMatches(req.headers['if-none-match'], etag)) return void res.status(304).end();
    res.status(200).setHeader('Content-Length', found.bytes.length);
    res.end(req.method === 'HEAD' ? undefined : found.bytes);
  }
}
