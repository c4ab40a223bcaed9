import { Logger } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { NotFound, Urls } from '@app/platform';
import { GetSpaceQuery } from '@app/spaces';
import { markdownToDocument } from '../../domain/markdown/document';
import { imageFileIds } from '../../pdf/pdf-assets';
import { renderPdf } from '../../pdf/pdf-renderer';
import { SignedLinks } from '../signed-links';
import { ContentReader, ContentTarget } from './content-reader';

/** What a PDF link pins: space, revision, optional start page (and only it), title, subject. */
export interface PdfLink {
  k: 'pdf';
  s: string;
  r: string;
  p?: string;
  o?: boolean;
  t: string;
  /** Metadata Subject: the change request printed (links signed before it existed have none). */
  u?: string;
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
    private readonly queries: QueryBus,
  ) {}
  async execute(q: GetPdfUrlQuery) {
    const c = await this.reader.resolve(q.spaceId, q.target, q.userId);
    if (q.page && !c.tree.get(q.page)) throw new NotFound(`No page with id ${q.page} in this content`);
    // Metadata Title: the page printed, else the space (a change request goes into Subject).
    const title = q.page ? c.tree.get(q.page)!.title : (await this.queries.execute(new GetSpaceQuery(q.spaceId, q.userId))).title || 'Untitled space';
    const cr = c.changeRequest;
    const subject = cr ? `Change request #${cr.number}${cr.subject ? `: ${cr.subject}` : ''}` : undefined;
    const link: PdfLink = {
      k: 'pdf',
      s: q.spaceId,
      r: c.revision.id,
      ...(q.page ? { p: q.page, o: q.only } : {}),
      t: title,
      ...(subject ? { u: subject } : {}),
    };
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
  private readonly logger = new Logger('PDF');
  constructor(private readonly reader: ContentReader) {}
  async execute(q: RenderPdfQuery) {
    const t = q.link;
    const c = await this.reader.resolveRevision(t.s, t.r);
    const start = t.p ? c.tree.get(t.p) : undefined;
    const pages = start ? [start, ...(t.o ? [] : [...c.tree.walk(start.id)])] : [...c.tree.walk()];
    const bodies = await this.reader.bodies(pages);
    // Each page's document is made when the page is drawn, with the pictures it shows loaded
    // then: one document in memory at a time, and only pictures that are used.
    const pictures = new Map<string, Buffer>();
    const documentOf = (markdown: string) => async () => {
      const document = toDocument(markdown);
      for (const id of imageFileIds([document])) {
        const f = c.structure.files.get(id);
        if (f && !pictures.has(id) && /^image\//i.test(f.contentType)) pictures.set(id, await this.reader.revisions.bytes(f.blob, 'read'));
      }
      return document;
    };
    const pdf = await renderPdf({
      title: t.t,
      ...(t.u ? { subject: t.u } : {}),
      createdAt: new Date(c.revision.createdAt),
      pages: pages.map((p) => ({
        id: p.id,
        parent: p.parent,
        title: p.title,
        ...(p.description ? { description: p.description } : {}),
        document: documentOf(bodies.get(p.doc) ?? ''),
      })),
      pageTitle: (id) => c.tree.get(id)?.title,
      file: (id) => {
        const f = c.structure.files.get(id);
        return f && { name: f.name, ...(pictures.has(id) ? { bytes: pictures.get(id) } : {}) };
      },
    });
    if (pdf.missingGlyphs) this.logger.warn(`PDF of revision ${t.r}: ${pdf.missingGlyphs} characters no bundled font covers, drawn as U+FFFD`);
    return pdf.bytes;
  }
}

/** A page body as a document; a body the parser rejects still prints, as its plain lines. */
function toDocument(markdown: string): unknown {
  try {
    return markdownToDocument(markdown);
  } catch {
    const paragraph = (text: string) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
    return { object: 'document', nodes: markdown.split(/\n{2,}/).map(paragraph) };
  }
}
