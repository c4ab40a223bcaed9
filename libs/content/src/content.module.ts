import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '@app/platform';
import { CreateChangeRequestHandler } from './application/commands/create-change-request';
import { InitializeSpaceContentHandler } from './application/commands/initialize-space-content';
import { MergeChangeRequestHandler, RecordChangeRequestMergedHandler } from './application/commands/merge-change-request';
import { RemoveReviewerHandler, RequestReviewersHandler } from './application/commands/reviewers';
import { SubmitReviewHandler } from './application/commands/submit-review';
import { UpdateChangeRequestHandler } from './application/commands/update-change-request';
import { UpdateChangeRequestContentHandler } from './application/commands/update-change-request-content';
import { UpdateChangeRequestFromMainHandler } from './application/commands/update-from-main';
import { ContentAccess } from './application/content-access';
import { ContentWriter } from './application/content-writer';
import { ChangeRequestViews } from './application/queries/change-request-views';
import { GetChangeRequestHandler, ListChangeRequestsHandler } from './application/queries/change-request.queries';
import { changeRequestsProjection } from './application/queries/change-requests.projection';
import { ContentReader } from './application/queries/content-reader';
import { contentObjectsProjection, revisionsProjection } from './application/queries/content.projection';
import { GetFileHandler, GetRevisionContentHandler, ListFilesHandler, ListPagesHandler } from './application/queries/content.queries';
import { GetRequestedReviewersHandler, GetReviewHandler, ListChangeRequestPeopleHandler } from './application/queries/review.queries';
import { SignedLinks } from './application/signed-links';
import { ContentObjects } from './application/storage/content-objects';
import { RevisionStore } from './application/storage/revision-store';
import { ChangeRequestsController } from './http/change-requests.controller';
import { ChangeRequestContentController, MainContentController, RevisionContentController, SpaceLinksController } from './http/content-read.controller';
import { ListBacklinksHandler, ListLinksHandler } from './application/queries/links.queries';
import { ContentWriteController } from './http/content-write.controller';
import { ReviewsController } from './http/reviews.controller';
import { PdfController } from './http/pdf.controller';
import { GetPdfUrlHandler, RenderPdfHandler } from './application/queries/pdf.queries';
import { SignedContentController } from './http/signed-content.controller';
import { DocumentsController } from './http/documents.controller';
import { SpaceTemplateController } from './http/space-template.controller';
import { ApplyTemplateToSpaceHandler } from './application/commands/apply-template';
import { ImportRevisionHandler } from './application/commands/import-revision';
import { GetRevisionExportHandler } from './application/queries/revision-export.query';
import { GetComputedContentHandler } from './application/queries/computed-content.query';
import { GetDocumentByIdHandler, GetPageDocumentHandler, GetReusableContentHandler } from './application/queries/document.queries';
import { GetRenderedPageHandler } from './application/queries/rendered-page.query';
import { GetReaderContentHandler, GetReaderFileHandler, GetReaderPageHandler } from './application/queries/reader.handlers';
import { GetRevisionSemanticChangesHandler } from './application/queries/semantic-changes.query';
import { SpaceDocuments } from './application/queries/space-documents';
import { spaceChangeRequestStatsProjection } from './application/queries/space-change-request-stats.projection';
import { SpaceContentStatsHandler } from './application/queries/space-content-stats.query';
import { GetCommentTargetHandler } from './application/queries/comment-target.query';
import { MergeCompletionSaga, SpaceContentSaga } from './sagas/space-content.saga';
import { ContentAsOf } from './application/queries/as-of-content';
import {
  ContentAsOfAccess,
  GetChangeRequestAsOfHandler,
  GetMainPageAsOfHandler,
  GetSpaceContentAsOfHandler,
} from './application/queries/as-of-content.queries';
import { ContentAsOfReaders } from './application/queries/as-of-content.readers';
import { SpaceContentStatsAsOfHandler } from './application/queries/as-of-space-content-stats.query';

/** Content: revisions, pages, files, change requests, reviews, merges (see README-design.md). */
@Module({
  controllers: [
    ChangeRequestsController,
    ReviewsController,
    ContentWriteController,
    MainContentController,
    ChangeRequestContentController,
    RevisionContentController,
    SignedContentController,
    PdfController,
    SpaceLinksController,
    DocumentsController,
    SpaceTemplateController,
  ],
  providers: [
    ContentObjects,
    RevisionStore,
    ContentAccess,
    ContentWriter,
    ContentReader,
    ChangeRequestViews,
    SignedLinks,
    InitializeSpaceContentHandler,
    CreateChangeRequestHandler,
    UpdateChangeRequestContentHandler,
    UpdateChangeRequestHandler,
    MergeChangeRequestHandler,
    RecordChangeRequestMergedHandler,
    ImportRevisionHandler,
    GetRevisionExportHandler,
    UpdateChangeRequestFromMainHandler,
    RequestReviewersHandler,
    RemoveReviewerHandler,
    SubmitReviewHandler,
    GetChangeRequestHandler,
    ListChangeRequestsHandler,
    GetRevisionContentHandler,
    ListPagesHandler,
    ListFilesHandler,
    GetFileHandler,
    ListChangeRequestPeopleHandler,
    GetReviewHandler,
    GetRequestedReviewersHandler,
    GetPdfUrlHandler,
    RenderPdfHandler,
    ListLinksHandler,
    ListBacklinksHandler,
    SpaceContentSaga,
    MergeCompletionSaga,
    SpaceContentStatsHandler,
    GetCommentTargetHandler,
    SpaceDocuments,
    ApplyTemplateToSpaceHandler,
    GetComputedContentHandler,
    GetDocumentByIdHandler,
    GetPageDocumentHandler,
    GetReusableContentHandler,
    GetRenderedPageHandler,
    GetReaderContentHandler,
    GetReaderPageHandler,
    GetReaderFileHandler,
    GetRevisionSemanticChangesHandler,
    ContentAsOf,
    ContentAsOfAccess,
    ContentAsOfReaders,
    GetChangeRequestAsOfHandler,
    GetSpaceContentAsOfHandler,
    GetMainPageAsOfHandler,
    SpaceContentStatsAsOfHandler,
  ],
})
export class ContentModule implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly spaceContent: SpaceContentSaga,
    private readonly mergeCompletion: MergeCompletionSaga,
  ) {}

  onModuleInit(): void {
    this.engine.registerProjection(contentObjectsProjection);
    this.engine.registerProjection(revisionsProjection);
    this.engine.registerProjection(changeRequestsProjection);
    this.engine.registerProjection(spaceChangeRequestStatsProjection);
    this.engine.registerSaga(this.spaceContent);
    this.engine.registerSaga(this.mergeCompletion);
  }
}
