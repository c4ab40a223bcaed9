import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFound, Urls } from '@app/platform';
import { PageEntry } from '../../domain/page';
import { writePdf } from '../../pdf/pdf-writer';
import { pageLines } from '../../pdf/render-markdown';
import { SignedLinks } from '../signed-links';
import { ContentReader, ContentTarget } from './content-reader';

/** What a PDF link pins: space, revision, optional start page (and only it), title. */
export interface PdfLink {
  k: 'pdf';
  s: string;
  r: string;
  p?: string;
  o?: boolean;
  t: string;
}

/**
 * A signed, expiring URL that prints the content as it is now: the token pins the revision,
 * so the PDF shows exactly what the caller saw when asking, whatever changes later. It works for
 * SIGNED_URL_TTL_SECONDS, an hour by default (reference: "The URL will work for 1h").
 */
export class GetPdfUrlQuery extends Query<{ url: string }> {
  constructor(
    readonly spaceId: string,
    readonly target: ContentTarget,
    readonly userId: string,
    readonly page: string | undefined,
    readonly only: boolean,
  ) {
    super();
  }
}

@QueryHandler(GetPdfUrlQuery)
export class GetPdfUrlHandler implements IQueryHandler<GetPdfUrlQuery> {
  constructor(
    private readonly reader: ContentReader,
    private readonly signed: SignedLinks,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetPdfUrlQuery) {
    const c = await this.reader.resolve(q.spaceId, q.target, q.userId);
    if (q.page && !c.tree.get(q.page)) throw new NotFound(`No page with id ${q.page} in this content`);
    const title = q.page ? c.tree.get(q.page)!.title : c.changeRequest ? c.changeRequest.subject || `Change request #${c.changeRequest.number}` : 'Content';
    const link: PdfLink = { k: 'pdf', s: q.spaceId, r: c.revision.id, ...(q.page ? { p: q.page, o: q.only } : {}), t: title };
    return { url: this.urls.api(`/content/pdf/${await this.signed.sign({ ...link })}`) };
  }
}

/** The PDF bytes behind a signed link the controller verified (no bearer token: the link is the credential). */
export class RenderPdfQuery extends Query<Buffer> {
  constructor(readonly link: PdfLink) {
    super();
  }
}

@QueryHandler(RenderPdfQuery)
export class RenderPdfHandler implements IQueryHandler<RenderPdfQuery> {
  constructor(private readonly reader: ContentReader) {}
  async execute(q: RenderPdfQuery) {
    const t = q.link;
    const c = await this.reader.resolveRevision(t.s, t.r);
    const start = t.p ? c.tree.get(t.p) : undefined;
    const depthOf = (p: PageEntry) => {
      let d = 0;
      for (let x = p; x.parent; x = c.tree.get(x.parent)!) d++;
      return d;
    };
    const pages = start ? [start, ...(t.o ? [] : [...c.tree.walk(start.id)])] : [...c.tree.walk()];
    const bodies = await this.reader.bodies(pages);
    const base = start ? depthOf(start) : 0;
    return writePdf(
      t.t,
      pages.flatMap((p) => pageLines(p.title, bodies.get(p.doc) ?? '', depthOf(p) - base)),
    );
  }
}
