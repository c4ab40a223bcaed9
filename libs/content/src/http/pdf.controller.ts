import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller, Principal } from '@app/platform';
import { GetPdfUrlQuery } from '../application/queries/pdf.queries';
import { PdfParams } from './query-params';

/** PDF links (reference getChangeRequestPDF, getSpacePDF): `page` prints that page and its subpages, `only=true` just that page. */
@Controller('spaces/:spaceId')
export class PdfController {
  constructor(private readonly queries: QueryBus) {}

  @Get('change-requests/:changeRequestId/pdf')
  changeRequest(@Caller() c: Principal, @Param('spaceId') spaceId: string, @Param('changeRequestId') ref: string, @Query() q: PdfParams) {
    return this.queries.execute(new GetPdfUrlQuery(spaceId, { kind: 'change-request', ref }, c.userId, q.page, q.only === 'true'));
  }

  @Get('pdf')
  space(@Caller() c: Principal, @Param('spaceId') spaceId: string, @Query() q: PdfParams) {
    return this.queries.execute(new GetPdfUrlQuery(spaceId, { kind: 'main' }, c.userId, q.page, q.only === 'true'));
  }
}
