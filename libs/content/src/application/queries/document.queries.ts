import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFound } from '@app/platform';
import { markdownToDocument } from '../../domain/markdown/document';
import { ReusableEntry } from '../../domain/page';
import { bodyToDocument } from '../../domain/reusable-content-document';
import { ContentReader, ContentTarget, ResolvedContent } from './content-reader';
import { reusableContentView } from './reusable-content.view';
import { SpaceDocuments } from './space-documents';

/** The rich-text document of a stored body: the markdown module's mapping, include lines as reusable-content blocks. */
export const documentOf = (body: string) => bodyToDocument(body, markdownToDocument);

/** getDocumentById: a body by its id (`documentId` of a page, `document` of a reusable content) in any revision of the space. */
export class GetDocumentByIdQuery extends Query<unknown> {
  constructor(
    readonly spaceId: string,
    readonly documentId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetDocumentByIdQuery)
export class GetDocumentByIdHandler implements IQueryHandler<GetDocumentByIdQuery> {
  constructor(
    private readonly reader: ContentReader,
    private readonly documents: SpaceDocuments,
  ) {}
  async execute(q: GetDocumentByIdQuery) {
    const main = await this.reader.resolve(q.spaceId, { kind: 'main' }, q.userId);
    if (!(await this.documents.holds(q.spaceId, main.revision.root, q.documentId)))
      throw new NotFound(`No document with id ${q.documentId} in space ${q.spaceId}`);
    return documentOf(await this.reader.revisions.body(q.documentId, 'read'));
  }
}

/** getPageDocumentInRevisionById: the document of one page of a revision. */
export class GetPageDocumentQuery extends Query<unknown> {
  constructor(
    readonly spaceId: string,
    readonly target: ContentTarget,
    readonly userId: string,
    readonly pageId: string,
  ) {
    super();
  }
}

@QueryHandler(GetPageDocumentQuery)
export class GetPageDocumentHandler implements IQueryHandler<GetPageDocumentQuery> {
  constructor(private readonly reader: ContentReader) {}
  async execute(q: GetPageDocumentQuery) {
    const c = await this.reader.resolve(q.spaceId, q.target, q.userId);
    const page = c.tree.get(q.pageId);
    if (!page) throw new NotFound(`No page with id ${q.pageId} in this content`);
    return documentOf(await this.reader.revisions.body(page.doc, 'read'));
  }
}

function reusableIn(c: ResolvedContent, id: string): ReusableEntry {
  const r = c.structure.reusables?.get(id);
  if (!r) throw new NotFound(`No reusable content with id ${id} in this content`);
  return r;
}

/** getReusableContentById (main), …InChangeRequestById (0.202), …InRevisionById: RevisionReusableContent. */
export class GetReusableContentQuery extends Query<unknown> {
  constructor(
    readonly spaceId: string,
    readonly target: ContentTarget,
    readonly userId: string,
    readonly reusableContentId: string,
    /** The body as a document instead (getReusableContentDocumentInRevisionById). */
    readonly asDocument = false,
  ) {
    super();
  }
}

@QueryHandler(GetReusableContentQuery)
export class GetReusableContentHandler implements IQueryHandler<GetReusableContentQuery> {
  constructor(private readonly reader: ContentReader) {}
  async execute(q: GetReusableContentQuery) {
    const r = reusableIn(await this.reader.resolve(q.spaceId, q.target, q.userId), q.reusableContentId);
    return q.asDocument ? documentOf(await this.reader.revisions.body(r.doc, 'read')) : reusableContentView(r);
  }
}
