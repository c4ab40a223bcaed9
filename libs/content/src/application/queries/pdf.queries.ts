import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Clock, NotFound, Urls } from '@app/platform';
import { PageEntry } from '../../domain/page';
import { writePdf } from '../../pdf/pdf-writer';
import { pageLines } from '../../pdf/render-markdown';
import { SignedLinks } from '../signed-links';
import { ContentReader, ContentTarget } from './content-reader';

/** PDF links work for an hour (reference: "The URL will work for 1h"). */
export const PDF_LINK_TTL_MS = 60 * 60 * 1000;

interface PdfToken { k: 'pdf'; s: string; r: string; p?: string; o?: boolean; exp: number; t: string }

/**
 * A signed, expiring URL that prints the content as it is now: the token pins the revision,
 * so the PDF shows exactly what the caller saw when asking, whatever changes later.
 */
export class GetPdfUrlQuery extends Query<{ url: string }> {
  constructor(readonly spaceId: string, readonly target: ContentTarget, readonly userId: string, readonly page: string | undefined, readonly only: boolean) { super(); }
}

@QueryHandler(GetPdfUrlQuery)
export class GetPdfUrlHandler implements IQueryHandler<GetPdfUrlQuery> {
  constructor(private readonly reader: ContentReader, private readonly signed: SignedLinks, private readonly clock: Clock, private readonly urls: Urls) {}
  async execute(q: GetPdfUrlQuery) {
    const c = await this.reader.resolve(q.spaceId, q.target, q.userId);
    if (q.page && !c.tree.get(q.page)) throw new NotFound(`No page with id ${q.page} in this content`);
    const title = q.page ? c.tree.get(q.page)!.title : c.changeRequest ? c.changeRequest.subject || `Change request #${c.changeRequest.number}` : 'Content';
    const token: PdfToken = { k: 'pdf', s: q.spaceId, r: c.revision.id, ...(q.page ? { p: q.page, o: q.only } : {}), exp: this.clock.now().getTime() + PDF_LINK_TTL_MS, t: title };
    return { url: this.urls.api(`/content/pdf/${await this.signed.sign({ ...token })}`) };
  }
}

/** The PDF bytes behind a signed link (no bearer token: the link is the credential). */
export class RenderPdfQuery extends Query<Buffer> {
  constructor(readonly token: string) { super(); }
}

@QueryHandler(RenderPdfQuery)
export class RenderPdfHandler implements IQueryHandler<RenderPdfQuery> {
  constructor(private readonly reader: ContentReader, private readonly signed: SignedLinks, private readonly clock: Clock) {}
  async execute(q: RenderPdfQuery) {
    const t = await this.signed.verify<PdfToken>(q.token);
    if (!t || t.k !== 'pdf') throw new NotFound('No PDF at this URL (the link is invalid)');
    if (this.clock.now().getTime() > t.exp) throw new NotFound('This PDF link has expired; ask for a new one');
    const c = await this.reader.resolveRevision(t.s, t.r);
    const start = t.p ? c.tree.get(t.p) : undefined;
    const depthOf = (p: PageEntry) => { let d = 0; for (let x = p; x.parent; x = c.tree.get(x.parent)!) d++; return d; };
    const pages = start ? [start, ...(t.o ? [] : [...c.tree.walk(start.id)])] : [...c.tree.walk()];
    const bodies = await this.reader.bodies(pages);
    const base = start ? depthOf(start) : 0;
    return writePdf(t.t, pages.flatMap((p) => pageLines(p.title, bodies.get(p.doc) ?? '', depthOf(p) - base)));
  }
}
