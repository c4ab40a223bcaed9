import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { NotFound, Public } from '@app/platform';
import { SignedLinks } from '../application/signed-links';
import { RevisionStore } from '../application/storage/revision-store';
import { RenderPdfQuery } from '../application/queries/pdf.queries';

/**
 * URLs handed out in `downloadURL` (and PDF links): they carry a signed token instead of
 * needing the bearer header, like presigned storage URLs. File tokens name immutable bytes.
 */
@Controller('content')
export class SignedContentController {
  constructor(private readonly signed: SignedLinks, private readonly revisions: RevisionStore, private readonly queries: QueryBus) {}

  @Public()
  @Get('pdf/:token')
  async pdf(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const pdf = await this.queries.execute(new RenderPdfQuery(token));
    res.status(200).type('application/pdf').setHeader('Content-Disposition', 'inline; filename="content.pdf"');
    res.send(pdf);
  }

  @Public()
  @Get('files/:token')
  async download(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const p = await this.signed.verify<{ k: string; b: string; t: string; n: string }>(token);
    if (!p || p.k !== 'file') throw new NotFound('No file at this URL (the link is invalid)');
    const bytes = await this.revisions.bytes(p.b, 'read');
    res.status(200).type(p.t).setHeader('Content-Disposition', `inline; filename="${p.n.replace(/["\\\r\n]/g, '_')}"`);
    res.send(bytes);
  }
}
