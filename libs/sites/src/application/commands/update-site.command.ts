import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Principal } from '@app/platform';
import { SiteSettings } from '../../domain/site';
import { SiteFacts } from '../site-facts';
import { ChangeSiteCommand } from './change-site.command';

export interface SiteChanges {
  settings: Partial<SiteSettings>;
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
}

/** PATCH of a site: settings (a basename must be free in the organization) and the structure's defaults. */
export class UpdateSiteCommand extends Command<{ changed: boolean }> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
    readonly changes: SiteChanges,
  ) {
    super();
  }
}

@CommandHandler(UpdateSiteCommand)
export class UpdateSiteHandler implements ICommandHandler<UpdateSiteCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly facts: SiteFacts,
  ) {}

  execute(c: UpdateSiteCommand) {
    const { settings, defaultSiteSpace, defaultSiteSection } = c.changes;
    return this.commands.execute(
      new ChangeSiteCommand(c.caller, c.organizationId, c.siteId, async (state) => {
        if (settings.basename !== undefined && state.site) await this.facts.assertBasenameFree(state.site.organizationId, c.siteId, settings.basename);
        return { type: 'UpdateSite', siteId: c.siteId, changes: settings, defaultSiteSpace, defaultSiteSection };
      }),
    );
  }
}
