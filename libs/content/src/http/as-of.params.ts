import { IsOptional, IsString } from 'class-validator';
import { ContentFlags, PageParams } from './query-params';

/*
 * `asOf` (an ISO 8601 instant, or an audit event id meaning "just after that event") on the
 * content reads that can answer the past, beside their flags (a change request's GET takes
 * the platform's AsOfParams). Only its type is checked here: the platform's AsOfResolver parses
 * it and answers 400 naming `asOf` (malformed, future, unknown event).
 */

/** GET /spaces/{spaceId}/content. */
export class ContentAsOfParams extends ContentFlags {
  @IsOptional() @IsString() asOf?: string;
}

/** GET /spaces/{spaceId}/content/page/{pageId}. */
export class PageAsOfParams extends PageParams {
  @IsOptional() @IsString() asOf?: string;
}
