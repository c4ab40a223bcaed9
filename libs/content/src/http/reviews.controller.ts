import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, PageQuery, Principal, ProjectionEngine, RepresentedBy, ResourceStream, Urls } from '@app/platform';
import { RemoveReviewerCommand, RequestReviewersCommand } from '../application/commands/reviewers';
import { SubmitReviewCommand } from '../application/commands/submit-review';
import { GetRequestedReviewersQuery, GetReviewQuery, ListChangeRequestPeopleQuery } from '../application/queries/review.queries';
import { RequestReviewersBody, SubmitReviewBody } from './change-request.bodies';
import { changeRequestStream } from '../domain/change-request.events';
import { ReviewsParams } from './query-params';

/** Requested reviewers, reviews and contributors of a change request. */
@Controller('spaces/:spaceId/change-requests/:changeRequestId')
export class ReviewsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
  ) {}

  @Get('requested-reviewers')
  reviewers(@Caller() c: Principal, @Param('spaceId') spaceId: string, @Param('changeRequestId') ref: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListChangeRequestPeopleQuery('reviewers', spaceId, ref, c.userId, page));
  }

  @Post('requested-reviewers')
  @HttpCode(200)
  async requestReviewers(@Caller() c: Principal, @Param('spaceId') spaceId: string, @Param('changeRequestId') ref: string, @Body() body: RequestReviewersBody) {
    const users = body.users;
    const { changeRequestId } = await this.commands.execute(new RequestReviewersCommand(spaceId, ref, c.userId, users, body.details()));
    await this.engine.settle();
    return { users: await this.queries.execute(new GetRequestedReviewersQuery(changeRequestId, users)) };
  }

  @Delete('requested-reviewers/:userId')
  @RepresentedBy(2) // If-Match names the change request
  async removeReviewer(
    @Caller() c: Principal,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') ref: string,
    @Param('userId') userId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { removed } = await this.commands.execute(new RemoveReviewerCommand(spaceId, ref, c.userId, userId));
    res.status(removed ? 205 : 204);
  }

  @Get('reviews')
  reviews(@Caller() c: Principal, @Param('spaceId') spaceId: string, @Param('changeRequestId') ref: string, @Query() q: ReviewsParams) {
    return this.queries.execute(
      new ListChangeRequestPeopleQuery('reviews', spaceId, ref, c.userId, q, q.outdated === undefined ? undefined : q.outdated === 'true'),
    );
  }

  @Post('reviews')
  async submitReview(
    @Caller() c: Principal,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') ref: string,
    @Body() body: SubmitReviewBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { changeRequestId, reviewId } = await this.commands.execute(new SubmitReviewCommand(spaceId, ref, c.userId, body.status));
    await this.engine.settle();
    res.status(201).setHeader('Location', this.urls.api(`/spaces/${spaceId}/change-requests/${changeRequestId}/reviews/${reviewId}`));
    return this.queries.execute(new GetReviewQuery(spaceId, changeRequestId, reviewId, c.userId));
  }

  @Get('reviews/:reviewId')
  // By its id (a number in the URL names no stream: that review's ETag hashes its body alone).
  @ResourceStream((p) => changeRequestStream(p.changeRequestId))
  review(
    @Caller() c: Principal,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') ref: string,
    @Param('reviewId') reviewId: string,
    @Query() _: ReviewsParams,
  ) {
    return this.queries.execute(new GetReviewQuery(spaceId, ref, reviewId, c.userId));
  }

  @Get('contributors')
  contributors(@Caller() c: Principal, @Param('spaceId') spaceId: string, @Param('changeRequestId') ref: string) {
    return this.queries.execute(new ListChangeRequestPeopleQuery('contributors', spaceId, ref, c.userId, {}));
  }
}
