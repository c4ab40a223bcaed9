import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, PageQuery, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { ChangeWebhookCommand, CreateWebhookCommand } from '../application/webhook.commands';
import { ListWebhookDeliveriesQuery, RedeliverCommand } from '../application/webhook-deliveries';
import { GetWebhookQuery, ListWebhooksQuery } from '../application/webhook.queries';
import { webhookStream } from '../domain/webhook';
import { CreateWebhookBody, UpdateWebhookBody } from './webhook.bodies';

/** An organization's signed webhooks (Standard Webhooks 1.0), managed by its admins. */
@Controller('orgs/:organizationId/webhooks')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get()
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListWebhooksQuery(organizationId, caller.userId, page));
  }

  /** 201 with the secret: the only answer that ever shows it. */
  @Post()
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateWebhookBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { webhookId, secret } = await this.commands.execute(new CreateWebhookCommand(organizationId, caller.userId, body));
    await this.engine.settle();
    const view = await this.queries.execute(new GetWebhookQuery(organizationId, caller.userId, webhookId));
    res.status(201).setHeader('Location', view.urls.location);
    return { ...view, secret };
  }

  @Get(':webhookId')
  @ResourceStream((p) => webhookStream(p.webhookId))
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string) {
    return this.queries.execute(new GetWebhookQuery(organizationId, caller.userId, webhookId));
  }

  @Patch(':webhookId')
  async update(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('webhookId') webhookId: string,
    @Body() body: UpdateWebhookBody,
  ) {
    await this.commands.execute(new ChangeWebhookCommand({ organizationId, actorId: caller.userId, webhookId }, { type: 'update', input: body }));
    await this.engine.settle();
    return this.queries.execute(new GetWebhookQuery(organizationId, caller.userId, webhookId));
  }

  @Delete(':webhookId')
  async remove(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('webhookId') webhookId: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { changed } = await this.commands.execute(new ChangeWebhookCommand({ organizationId, actorId: caller.userId, webhookId }, { type: 'delete' }));
    res.status(changed ? 205 : 204);
  }

  /** A new secret, shown this once; the previous one keeps signing for WEBHOOK_ROTATION_GRACE_MS. */
  @Post(':webhookId/rotate-secret')
  @HttpCode(200)
  async rotate(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string) {
    const { secret } = await this.commands.execute(new ChangeWebhookCommand({ organizationId, actorId: caller.userId, webhookId }, { type: 'rotate' }));
    await this.engine.settle();
    return { ...(await this.queries.execute(new GetWebhookQuery(organizationId, caller.userId, webhookId))), secret };
  }

  /** Sends a `webhook.pinged` event to this endpoint alone (an inactive one gets it once enabled). */
  @Post(':webhookId/ping')
  @HttpCode(202)
  async ping(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string): Promise<void> {
    await this.commands.execute(new ChangeWebhookCommand({ organizationId, actorId: caller.userId, webhookId }, { type: 'ping' }));
  }

  @Get(':webhookId/deliveries')
  deliveries(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListWebhookDeliveriesQuery(organizationId, caller.userId, webhookId, page));
  }

  @Post(':webhookId/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  async redeliver(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<void> {
    await this.commands.execute(new RedeliverCommand(organizationId, caller.userId, webhookId, deliveryId));
  }
}
