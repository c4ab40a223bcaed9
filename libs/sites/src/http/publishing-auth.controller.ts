import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { PublishingAuthScope, RegeneratePublishingAuthCommand, UpdatePublishingAuthCommand } from '../application/publishing-auth.commands';
import { GetPublishingAuthQuery, PublishingAuthView } from '../application/publishing-auth.queries';
import { publishingAuthStream } from '../domain/publishing-auth';
import { UpdatePublishingAuthBody } from './publishing-auth.bodies';

/**
 * Reference tag site-publishing-auth: members read (the key masked), admins change the settings
 * and regenerate the key. Regenerate is the one answer that carries the key in clear, like a new
 * API token: the admin copies it then, or regenerates again.
 */
@Controller('orgs/:organizationId/sites/:siteId/publishing/auth')
export class PublishingAuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get()
  @ResourceStream((p) => publishingAuthStream(p.siteId))
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.queries.execute(new GetPublishingAuthQuery({ caller, organizationId, siteId }));
  }

  @Patch()
  async update(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: UpdatePublishingAuthBody,
  ): Promise<PublishingAuthView> {
    const scope: PublishingAuthScope = { caller, organizationId, siteId };
    await this.commands.execute(new UpdatePublishingAuthCommand(scope, body.changes()));
    await this.engine.settle();
    return this.queries.execute(new GetPublishingAuthQuery(scope));
  }

  @Post('regenerate')
  @HttpCode(200)
  async regenerate(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string): Promise<PublishingAuthView> {
    const scope: PublishingAuthScope = { caller, organizationId, siteId };
    const { privateKey } = await this.commands.execute(new RegeneratePublishingAuthCommand(scope));
    await this.engine.settle();
    return { ...(await this.queries.execute(new GetPublishingAuthQuery(scope))), privateKey };
  }
}
