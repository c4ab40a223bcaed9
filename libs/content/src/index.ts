export { ContentModule } from './content.module';
/** For the comments context: where a comment is posted (main or a change request) and whether its target exists there. */
export { GetCommentTargetQuery, type CommentTargetInput, type CommentTargetFound } from './application/queries/comment-target.query';
/** Markdown to the reference rich-text document, for bodies other contexts render with `format=document`. */
export { markdownToDocument, documentToMarkdown } from './domain/markdown/document';
/** The markdown dialect's parser (CommonMark + GFM + GitBook tags; offsets into the text as given), for contexts that rewrite page text. */
export { parseMarkdown } from './domain/markdown/markdown-syntax';
/** Writing content as a user would (a translation writes its target space): a change request, a batch of changes, the merge. */
export { CreateChangeRequestCommand } from './application/commands/create-change-request';
export { UpdateChangeRequestContentCommand } from './application/commands/update-change-request-content';
export { MergeChangeRequestCommand } from './application/commands/merge-change-request';
/** Git sync: a repository's content written as one revision (of main, or standalone), and main's content read for an export. */
export { ImportRevisionCommand } from './application/commands/import-revision';
export type { ImportedContent, ImportedPage, ImportedFile } from './application/commands/import-revision.structure';
export type { RevisionGit } from './domain/change-request.events';
export { GetRevisionExportQuery, type ExportedRevision, type ExportedPage, type ExportedFile } from './application/queries/revision-export.query';
export { GetChangeRequestQuery } from './application/queries/change-request.queries';
export type { ContentChange } from './domain/content-batch';
/** What the delivery level reads of a space's content (no caller check: delivery decides visibility first). */
export {
  GetReaderContentQuery,
  GetReaderPageQuery,
  GetReaderFileQuery,
  type ReaderContent,
  type ReaderPage,
  type ReaderPageBody,
  type ReaderLinks,
} from './application/queries/reader.queries';
