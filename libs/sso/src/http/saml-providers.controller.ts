import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, PageQuery, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { CreateSamlProviderCommand, DeleteSamlProviderCommand, UpdateSamlProviderCommand } from '../application/saml-provider.commands';
import { GetSamlProviderQuery, ListSamlProvidersQuery } from '../application/saml-provider.queries';
import { samlProviderStream } from '../domain/saml-provider';
import { CreateSamlProviderBody, UpdateSamlProviderBody } from './saml-provider.bodies';

/** Reference tag organization-sso: an organization's SAML providers, managed by its admins. */
@Controller('orgs/:organizationId/saml')
export class SamlProvidersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get()
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListSamlProvidersQuery(organizationId, caller.userId, page));
  }

  @Post()
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateSamlProviderBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { providerId } = await this.commands.execute(new CreateSamlProviderCommand(organizationId, caller.userId, body));
    await this.engine.settle();
    const provider = await this.queries.execute(new GetSamlProviderQuery(organizationId, caller.userId, providerId));
    res.status(201).setHeader('Location', provider.urls.location);
    return provider;
  }

  @Get(':samlProviderId')
  @ResourceStream((p) => samlProviderStream(p.samlProviderId))
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('samlProviderId') providerId: string) {
    return this.queries.execute(new GetSamlProviderQuery(organizationId, caller.userId, providerId));
  }

  @Patch(':samlProviderId')
  async update(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('samlProviderId') providerId: string,
    @Body() body: UpdateSamlProviderBody,
  ) {
    await this.commands.execute(new UpdateSamlProviderCommand(organizationId, caller.userId, providerId, body));
    await this.engine.settle();
    return this.queries.execute(new GetSamlProviderQuery(organizationId, caller.userId, providerId));
  }

  @Delete(':samlProviderId')
  async remove(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('samlProviderId') providerId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteSamlProviderCommand(organizationId, caller.userId, providerId));
    res.status(deleted ? 205 : 204);
  }
}
