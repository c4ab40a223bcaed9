import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { GitBlobRef, PageEntry } from '../../domain/page';
import { ContentReader } from './content-reader';

export interface ExportedPage {
  id: string;
  title: string;
  slug: string;
  /** The body without frontmatter and title heading. */
  body: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  git?: GitBlobRef;
  children: ExportedPage[];
}

export interface ExportedFile {
  id: string;
  name: string;
  contentType: string;
  bytes: Buffer;
  git?: GitBlobRef;
}

export interface ExportedRevision {
  revisionId: string;
  pages: ExportedPage[];
  files: ExportedFile[];
}

/**
 * Main's current content as git sync writes it to a repository: the page tree with bodies, and
 * the files with their bytes. The caller must be able to read the space (404 otherwise).
 */
export class GetRevisionExportQuery extends Query<ExportedRevision> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetRevisionExportQuery)
export class GetRevisionExportHandler implements IQueryHandler<GetRevisionExportQuery> {
  constructor(private readonly reader: ContentReader) {}

  async execute({ spaceId, userId }: GetRevisionExportQuery): Promise<ExportedRevision> {
    const c = await this.reader.resolve(spaceId, { kind: 'main' }, userId);
    const bodies = await this.reader.bodies(c.structure.pages.values());
    const page = (p: PageEntry): ExportedPage => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      body: bodies.get(p.doc) ?? '',
      ...(p.description ? { description: p.description } : {}),
      ...(p.icon ? { icon: p.icon } : {}),
      ...(p.hidden ? { hidden: true } : {}),
      ...(p.git ? { git: p.git } : {}),
      children: c.tree.children(p.id).map(page),
    });
    const files = await Promise.all(
      [...c.structure.files.values()].map(async (f) => ({
        id: f.id,
        name: f.name,
        contentType: f.contentType,
        bytes: await this.reader.revisions.bytes(f.blob, 'read'),
        ...(f.git ? { git: f.git } : {}),
      })),
    );
    return { revisionId: c.revision.id, pages: c.tree.children(null).map(page), files };
  }
}
