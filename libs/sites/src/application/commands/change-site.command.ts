import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, NotFound, Principal } from '@app/platform';
import { site, SiteCommand, SiteState, siteStream } from '../../domain/site';
import { SiteAccess } from '../site-access';

/**
 * A change of a site by one of its administrators: the organization admin role on the site
 * (checked on every attempt, before the pure decision). `command` may be built from the fresh
 * state when it needs facts gathered with I/O. Answers whether anything changed.
 */
export class ChangeSiteCommand extends Command<{ changed: boolean }> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
    readonly command: SiteCommand | ((state: SiteState) => Promise<SiteCommand>),
  ) {
    super();
  }
}

@CommandHandler(ChangeSiteCommand)
export class ChangeSiteHandler implements ICommandHandler<ChangeSiteCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SiteAccess,
  ) {}

  async execute(c: ChangeSiteCommand) {
    const r = await this.es.execute(siteStream(c.siteId), site, c.command, {
      precondition: async () => {
        await this.access.requireAdmin(c.caller, c.siteId, c.organizationId);
      },
    });
    return { changed: r.events.length > 0 };
  }
}

/** For deletes (204/205): a site the caller cannot see, or that is gone, "did not exist" for them. */
export async function deleted(run: Promise<{ changed: boolean }>): Promise<boolean> {
  try {
    return (await run).changed;
  } catch (e) {
    if (e instanceof NotFound) return false;
    throw e;
  }
}
