export { ContentModule } from './content.module';
/** For the comments context: where a comment is posted (main or a change request) and whether its target exists there. */
export { GetCommentTargetQuery, type CommentTargetInput, type CommentTargetFound } from './application/queries/comment-target.query';
/** Markdown to the reference rich-text document, for bodies other contexts render with `format=document`. */
export { markdownToDocument } from './domain/markdown/document';
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
