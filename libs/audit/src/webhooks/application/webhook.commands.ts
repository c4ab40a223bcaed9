import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertOutboundUrlAllowed, EventSourcing, IdGenerator, PlatformConfig, SealedSecrets } from '@app/platform';
import { webhook, WebhookCommand, WebhookFields, webhookStream } from '../domain/webhook';
import { SECRET_PURPOSE, newWebhookSecret } from './webhook-signature';
import { WebhookAccess } from './webhook-access';

export type WebhookInput = Partial<WebhookFields>;
type Ids = { organizationId: string; actorId: string; webhookId: string };

/** Creates an endpoint; the answer carries its secret, the only time it is ever shown. */
export class CreateWebhookCommand extends Command<{ webhookId: string; secret: string }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly input: WebhookInput & { url: string; events: string[] },
  ) {
    super();
  }
}

@CommandHandler(CreateWebhookCommand)
export class CreateWebhookHandler implements ICommandHandler<CreateWebhookCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: WebhookAccess,
    private readonly sealed: SealedSecrets,
    private readonly config: PlatformConfig,
  ) {}
  async execute({ organizationId, actorId, input }: CreateWebhookCommand) {
    await this.access.requireAdmin(organizationId, actorId);
    await assertOutboundUrlAllowed(this.config, 'url', input.url);
    const webhookId = this.ids.next();
    const secret = newWebhookSecret();
    const sealedSecret = this.sealed.seal(SECRET_PURPOSE, webhookId, secret);
    await this.es.execute(webhookStream(webhookId), webhook, { type: 'CreateWebhook', webhookId, organizationId, actorId, sealedSecret, fields: input });
    return { webhookId, secret };
  }
}

/**
 * Every other change of an endpoint: admins only, on the endpoint's own stream. `result` is what
 * the decision means to the caller (205/204 for a delete).
 */
export class ChangeWebhookCommand extends Command<{ changed: boolean; secret?: string }> {
  constructor(
    readonly ids: Ids,
    readonly change: { type: 'update'; input: WebhookInput } | { type: 'rotate' } | { type: 'ping' } | { type: 'delete' },
  ) {
    super();
  }
}

@CommandHandler(ChangeWebhookCommand)
export class ChangeWebhookHandler implements ICommandHandler<ChangeWebhookCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: WebhookAccess,
    private readonly sealed: SealedSecrets,
    private readonly config: PlatformConfig,
  ) {}
  async execute({ ids: { organizationId, actorId, webhookId }, change }: ChangeWebhookCommand) {
    await this.access.requireAdmin(organizationId, actorId);
    const target = { webhookId, organizationId };
    let command: WebhookCommand;
    let secret: string | undefined;
    switch (change.type) {
      case 'update':
        if (change.input.url !== undefined) await assertOutboundUrlAllowed(this.config, 'url', change.input.url);
        command = { type: 'UpdateWebhook', ...target, changes: change.input };
        break;
      case 'rotate':
        secret = newWebhookSecret();
        command = {
          type: 'RotateWebhookSecret',
          ...target,
          sealedSecret: this.sealed.seal(SECRET_PURPOSE, webhookId, secret),
          graceMs: this.config.webhookRotationGraceMs,
        };
        break;
      case 'ping':
        command = { type: 'PingWebhook', ...target, pingId: this.ids.next() };
        break;
      case 'delete':
        command = { type: 'DeleteWebhook', ...target };
        break;
    }
    const r = await this.es.execute(webhookStream(webhookId), webhook, command);
    return { changed: r.events.length > 0, ...(secret ? { secret } : {}) };
  }
}
