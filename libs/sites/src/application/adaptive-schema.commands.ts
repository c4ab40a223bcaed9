import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, Principal } from '@app/platform';
import { adaptiveSchema, adaptiveSchemaStream } from '../domain/adaptive/adaptive-schema.decider';
import { SiteAccess } from './site-access';

/** updateSiteAdaptiveSchema: replaces the site's visitor schema (validated by the decider). */
export class SetAdaptiveSchemaCommand extends Command<void> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
    readonly jsonSchema: unknown,
  ) {
    super();
  }
}

@CommandHandler(SetAdaptiveSchemaCommand)
export class SetAdaptiveSchemaHandler implements ICommandHandler<SetAdaptiveSchemaCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SiteAccess,
  ) {}
  async execute(c: SetAdaptiveSchemaCommand) {
    const site = await this.access.requireAdmin(c.caller, c.siteId, c.organizationId);
    await this.es.execute(adaptiveSchemaStream(site.id), adaptiveSchema, {
      type: 'SetAdaptiveSchema',
      siteId: site.id,
      organizationId: site.organizationId,
      jsonSchema: c.jsonSchema,
    });
  }
}
