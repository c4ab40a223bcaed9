import { AsOfQueryProperty } from '../http/openapi-decorators';
import { PageQuery } from '../http/paging';

/*
 * The `asOf` query parameter of the routes that answer the past (time travel). Only these DTOs
 * declare it: elsewhere it is an unknown query parameter, stripped as any other. Its rules
 * (an ISO 8601 instant not in the future, or an audit event id) are AsOfResolver's: they need
 * the clock and the audit context; AsOfQueryProperty also describes them in the OpenAPI document.
 */
export class AsOfParams {
  @AsOfQueryProperty()
  asOf?: string;
}

export class PageAsOfParams extends PageQuery {
  @AsOfQueryProperty()
  asOf?: string;
}
