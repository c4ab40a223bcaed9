import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Principal } from '@app/platform';
import { Redirect, RedirectDestination, redirects, redirectsStream } from '../domain/redirect';
import { RedirectTargets } from './redirect-targets';
import { SiteAccess } from './site-access';

export interface RedirectScope {
  caller: Principal;
  organizationId: string;
  siteId: string;
}

export class CreateRedirectCommand extends Command<{ redirectId: string }> {
  constructor(
    readonly scope: RedirectScope,
    readonly source: string,
    readonly destination: RedirectDestination,
  ) {
    super();
  }
}

@CommandHandler(CreateRedirectCommand)
export class CreateRedirectHandler implements ICommandHandler<CreateRedirectCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: SiteAccess,
    private readonly targets: RedirectTargets,
  ) {}
  async execute({ scope, source, destination }: CreateRedirectCommand) {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    await this.targets.check(site.id, destination);
    const redirectId = this.ids.next();
    await this.es.execute(redirectsStream(site.id), redirects, {
      type: 'CreateRedirect',
      siteId: site.id,
      organizationId: site.organizationId,
      redirectId,
      source,
      destination,
    });
    return { redirectId };
  }
}

export class UpdateRedirectCommand extends Command<void> {
  constructor(
    readonly scope: RedirectScope,
    readonly redirectId: string,
    readonly changes: Partial<Omit<Redirect, 'redirectId'>>,
  ) {
    super();
  }
}

@CommandHandler(UpdateRedirectCommand)
export class UpdateRedirectHandler implements ICommandHandler<UpdateRedirectCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SiteAccess,
    private readonly targets: RedirectTargets,
  ) {}
  async execute({ scope, redirectId, changes }: UpdateRedirectCommand) {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    if (changes.destination) await this.targets.check(site.id, changes.destination);
    await this.es.execute(redirectsStream(site.id), redirects, { type: 'UpdateRedirect', siteId: site.id, redirectId, changes });
  }
}

export class DeleteRedirectCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly scope: RedirectScope,
    readonly redirectId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteRedirectCommand)
export class DeleteRedirectHandler implements ICommandHandler<DeleteRedirectCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SiteAccess,
  ) {}
  async execute({ scope, redirectId }: DeleteRedirectCommand) {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    const r = await this.es.execute(redirectsStream(site.id), redirects, { type: 'DeleteRedirect', siteId: site.id, redirectId });
    return { deleted: r.events.length > 0 };
  }
}
