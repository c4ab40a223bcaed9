import { Controller, Get, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { Public } from '@app/platform';
import { SignedLinks } from '../application/signed-links';
import { RevisionStore } from '../application/storage/revision-store';
import { PdfLink, RenderPdfQuery } from '../application/queries/pdf.queries';

interface FileLink {
  k: 'file';
  b: string;
  t: string;
  n: string;
}

/**
 * URLs handed out in `downloadURL` (and PDF links): they carry a signed, expiring token instead
 * of needing the bearer header, like presigned storage URLs. The signature covers the method and
 * the path as requested, so the route's `:token` is read from `req.path`, not re-assembled.
 */
@Controller('content')
export class SignedContentController {
  constructor(
    private readonly signed: SignedLinks,
    private readonly revisions: RevisionStore,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Get('pdf/:token')
  async pdf(@Req() req: Request, @Res() res: Response): Promise<void> {
    const link = this.signed.verify<PdfLink>(req.method, req.path, 'pdf', 'PDF');
    const pdf = await this.queries.execute(new RenderPdfQuery(link));
    res.status(200).type('application/pdf').setHeader('Content-Disposition', 'inline; filename="content.pdf"');
    res.send(pdf);
  }

  @Public()
  @Get('files/:token')
  async download(@Req() req: Request, @Res() res: Response): Promise<void> {
    const p = this.signed.verify<FileLink>(req.method, req.path, 'file', 'file');
    const bytes = await this.revisions.bytes(p.b, 'read');
    res
      .status(200)
      .type(p.t)
      .setHeader('Content-Disposition', `inline; filename="${p.n.replace(/["\\\r\n]/g, '_')}"`);
    res.send(bytes);
  }
}
