import { IsOptional, IsString } from 'class-validator';
import { PageQuery } from '../http/paging';

/*
 * The `asOf` query parameter of the routes that answer the past (time travel). Only these DTOs
 * declare it: elsewhere it is an unknown query parameter, stripped as any other. Its rules
 * (an ISO 8601 instant not in the future, or an audit event id) are AsOfResolver's: they need
 * the clock and the audit context.
 */
export class AsOfParams {
  @IsOptional()
  @IsString()
  asOf?: string;
}

export class PageAsOfParams extends PageQuery {
  @IsOptional()
  @IsString()
  asOf?: string;
}
