import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { NotFound, Public, ifNoneMatches } from '@app/platform';
import { SpecFormat } from '../domain/openapi-spec.events';
import { canonicalSlug } from '../domain/spec-rules';
import { GetPublishedSpecQuery } from '../application/queries/published-spec.query';
import { mediaTypeOf, SpecContent } from '../application/spec-content';
import { SpecLinks } from '../application/spec-links';

/**
 * The bytes of specifications, without the bearer header: a version's signed, expiring `url`,
 * and the published link of a public spec. Served as data (never sniffed, sandboxed), with the
 * content hash as ETag: the bytes behind a version never change.
 */
@Controller('openapi')
export class OpenApiFilesController {
  constructor(
    private readonly links: SpecLinks,
    private readonly content: SpecContent,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Get('raw/:token')
  async raw(@Req() req: Request, @Res() res: Response): Promise<void> {
    // A HEAD asks about what the GET would answer: it is checked as the GET it stands for.
    const link = this.links.verify(req.method === 'HEAD' ? 'GET' : req.method, req.path);
    const bytes = await this.content.read(link.o, link.k);
    if (!bytes) throw new NotFound('This OpenAPI document is no longer stored');
    send(req, res, bytes, link.f, link.k.split('/').pop()!, 'private, max-age=300');
  }

  @Public()
  @Get('public/:organizationId/:specSlug')
  async published(@Req() req: Request, @Res() res: Response, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string) {
    const spec = await this.queries.execute(new GetPublishedSpecQuery(organizationId, canonicalSlug(slug)));
    send(req, res, spec.bytes, spec.format, spec.contentHash, 'public, max-age=60');
  }
}

function send(req: Request, res: Response, bytes: Buffer, format: SpecFormat, hash: string, cache: string): void {
  const etag = `"${hash}"`;
  res
    .setHeader('Content-Type', `${mediaTypeOf(format)}; charset=utf-8`)
    .setHeader('Content-Disposition', `inline; filename="openapi.${format}"`)
    .setHeader('X-Content-Type-Options', 'nosniff')
    .setHeader('Content-Security-Policy', "default-src 'none'; sandbox")
    .setHeader('Cache-Control', cache)
    .setHeader('ETag', etag);
  if (ifNoneMatches(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).setHeader('Content-Length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
