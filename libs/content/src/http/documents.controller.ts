import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller, ImmutableResource, Principal, ResourceStream } from '@app/platform';
import { changeRequestStream, spaceContentStream } from '../domain/change-request.events';
import { GetDocumentByIdQuery, GetPageDocumentQuery, GetReusableContentQuery } from '../application/queries/document.queries';
import { DEFAULT_CHANGES_LIMIT, GetRevisionSemanticChangesQuery } from '../application/queries/semantic-changes.query';
import { DocumentEvaluatedParams, DocumentSchemaParams, SemanticChangesParams } from './document.params';
import { ContentFlags } from './query-params';

/**
 * Documents and reusable contents of a space (reference space-content operations), and what a
 * revision changed. A document is named by its hash and a revision never changes, so those
 * answers are immutable; main's and a change request's follow their streams.
 */
@Controller('spaces/:spaceId')
export class DocumentsController {
  constructor(private readonly queries: QueryBus) {}

  @ImmutableResource()
  @Get('documents/:documentId')
  getDocumentById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: DocumentSchemaParams) {
    return this.queries.execute(new GetDocumentByIdQuery(p.spaceId, p.documentId, c.userId));
  }

  @ImmutableResource()
  @Get('revisions/:revisionId/page/:pageId/document')
  getPageDocumentInRevisionById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: DocumentEvaluatedParams) {
    return this.queries.execute(new GetPageDocumentQuery(p.spaceId, { kind: 'revision', revision: p.revisionId }, c.userId, p.pageId));
  }

  @ResourceStream((p) => spaceContentStream(p.spaceId))
  @Get('content/reusable-contents/:reusableContentId')
  getReusableContentById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    return this.queries.execute(new GetReusableContentQuery(p.spaceId, { kind: 'main' }, c.userId, p.reusableContentId));
  }

  /** 0.202 getReusableContentInChangeRequestById. */
  @ResourceStream((p) => changeRequestStream(p.changeRequestId))
  @Get('change-requests/:changeRequestId/content/reusable-contents/:reusableContentId')
  getReusableContentInChangeRequestById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    const target = { kind: 'change-request' as const, ref: p.changeRequestId };
    return this.queries.execute(new GetReusableContentQuery(p.spaceId, target, c.userId, p.reusableContentId));
  }

  @ImmutableResource()
  @Get('revisions/:revisionId/reusable-contents/:reusableContentId')
  getReusableContentInRevisionById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: ContentFlags) {
    return this.queries.execute(new GetReusableContentQuery(p.spaceId, { kind: 'revision', revision: p.revisionId }, c.userId, p.reusableContentId));
  }

  @ImmutableResource()
  @Get('revisions/:revisionId/reusable-contents/:reusableContentId/document')
  getReusableContentDocumentInRevisionById(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() _: DocumentEvaluatedParams) {
    const target = { kind: 'revision' as const, revision: p.revisionId };
    return this.queries.execute(new GetReusableContentQuery(p.spaceId, target, c.userId, p.reusableContentId, true));
  }

  @ImmutableResource()
  @Get('revisions/:revisionId/changes')
  getRevisionSemanticChanges(@Caller() c: Principal, @Param() p: Record<string, string>, @Query() q: SemanticChangesParams) {
    return this.queries.execute(new GetRevisionSemanticChangesQuery(p.spaceId, p.revisionId, c.userId, q.limit ?? DEFAULT_CHANGES_LIMIT));
  }
}
