import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FileEntry } from '../../domain/page';
import { PersistentMap } from '../../domain/persistent-map';
import { SemanticChange, semanticChanges } from '../../domain/semantic-changes';
import { ChangeRequestViews } from './change-request-views';
import { ContentReader } from './content-reader';

/** Default of the reference's `limit` for getRevisionSemanticChanges. */
export const DEFAULT_CHANGES_LIMIT = 10;

/**
 * getRevisionSemanticChanges: what a revision changed against its first parent (main's head
 * before a merge, the previous revision of a change request; empty content for a space's first
 * revision), in the reference shape. `limit` changes at most; `more` counts the rest.
 */
export class GetRevisionSemanticChangesQuery extends Query<unknown> {
  constructor(
    readonly spaceId: string,
    readonly revisionId: string,
    readonly userId: string,
    readonly limit = DEFAULT_CHANGES_LIMIT,
  ) {
    super();
  }
}

@QueryHandler(GetRevisionSemanticChangesQuery)
export class GetRevisionSemanticChangesHandler implements IQueryHandler<GetRevisionSemanticChangesQuery> {
  constructor(
    private readonly reader: ContentReader,
    private readonly crs: ChangeRequestViews,
  ) {}

  async execute(q: GetRevisionSemanticChangesQuery) {
    const c = await this.reader.resolve(q.spaceId, { kind: 'revision', revision: q.revisionId }, q.userId);
    const parentId = c.revision.parents[0];
    const parent = parentId ? await this.reader.resolveRevision(q.spaceId, parentId) : null;
    const before = parent?.structure ?? { pages: PersistentMap.empty(), files: PersistentMap.empty() };
    // The storage diffs the page tries by hash: only the changed entries are compared.
    const changedPages = parent ? await this.reader.revisions.changedPages(parent.revision.root, c.revision.root, 'read') : undefined;
    const all = semanticChanges(before, c.structure, changedPages);
    const shown = all.slice(0, q.limit);
    const r = c.revision;
    const mergedFrom = r.type === 'merge' && r.changeRequestId ? await this.crs.one(await this.crs.find(q.spaceId, r.changeRequestId)) : null;
    return {
      ...(mergedFrom ? { mergedFrom } : {}),
      changes: await Promise.all(shown.map((ch) => this.view(q.spaceId, ch))),
      ...(all.length > shown.length ? { more: all.length - shown.length } : {}),
    };
  }

  private async changedFile(spaceId: string, f: FileEntry) {
    const { id, name, contentType, downloadURL } = await this.reader.fileView(spaceId, f);
    return { id, name, contentType, downloadURL };
  }

  private async view(spaceId: string, ch: SemanticChange): Promise<Record<string, unknown>> {
    switch (ch.type) {
      case 'file_created':
      case 'file_deleted':
        return { type: ch.type, file: await this.changedFile(spaceId, ch.file) };
      case 'file_edited': {
        const [file, previous] = await Promise.all([this.changedFile(spaceId, ch.file), this.changedFile(spaceId, ch.previous)]);
        const url = ch.file.blob !== ch.previous.blob ? { downloadURL: { before: previous.downloadURL, after: file.downloadURL } } : {};
        return { type: ch.type, file, attributes: { ...ch.attributes, ...url } };
      }
      default:
        return ch;
    }
  }
}
