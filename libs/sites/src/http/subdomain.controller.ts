import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller, Principal, ResourceStream } from '@app/platform';
import { GetSubdomainQuery } from '../application/subdomain.queries';

/** Reference tag subdomains: an organization's subdomain is its `hostname` setting. */
@Controller('subdomains/:subdomain')
export class SubdomainController {
  constructor(private readonly queries: QueryBus) {}

  /** Tagged by its body alone: it is derived from an organization's settings. */
  @Get()
  @ResourceStream(() => null)
  get(@Caller() caller: Principal, @Param('subdomain') subdomain: string) {
    return this.queries.execute(new GetSubdomainQuery(caller, subdomain));
  }
}
