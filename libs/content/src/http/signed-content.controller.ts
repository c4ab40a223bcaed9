import { Controller, Get, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { Public, ifNoneMatches } from '@app/platform';
import { SignedLinks } from '../application/signed-links';
import { RevisionStore } from '../application/storage/revision-store';
import { PdfLink, RenderPdfQuery } from '../application/queries/pdf.queries';
import { contentTypeOf } from './file-inspection';

interface FileLink {
  k: 'file';
  b: string;
  t: string;
  n: string;
}

/** Types a browser may show in place; anything else (HTML, SVG, scripts…) downloads, so it cannot run on this origin. */
const INLINE = /^(image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)|application\/pdf|text\/plain|audio\/[\w.+-]+|video\/[\w.+-]+)$/;

/**
 * `Content-Disposition` naming the file (RFC 6266): an ASCII fallback for old clients and the
 * exact UTF-8 name in `filename*` (RFC 8187).
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * URLs handed out in `downloadURL` (and PDF links): they carry a signed, expiring token instead
 * of needing the bearer header, like presigned storage URLs. The signature covers the method and
 * the path as requested, so the route's `:token` is read from `req.path`, not re-assembled; a
 * HEAD asks about what the GET would answer, so it is checked as the GET it stands for.
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

  /**
   * The bytes, typed from the bytes themselves where they carry a signature (files stored before
   * types were sniffed at upload are served right too), named, never sniffed by the browser.
   * The body is immutable (the link names its hash): its ETag is that hash.
   */
  @Public()
  @Get('files/:token')
  async download(@Req() req: Request, @Res() res: Response): Promise<void> {
    const p = this.signed.verify<FileLink>(req.method === 'HEAD' ? 'GET' : req.method, req.path, 'file', 'file');
    const bytes = await this.revisions.bytes(p.b, 'read');
    const type = await contentTypeOf(bytes, p.t);
    const etag = `"${p.b}"`;
    res
      .setHeader('Content-Type', type)
      .setHeader('Content-Disposition', contentDisposition(INLINE.test(type.split(';')[0].trim()) ? 'inline' : 'attachment', p.n))
      .setHeader('X-Content-Type-Options', 'nosniff')
      .setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      .setHeader('Cache-Control', 'private, max-age=3600')
      .setHeader('ETag', etag);
    if (ifNoneMatches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).setHeader('Content-Length', bytes.length);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }
}
