import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, Forbidden, IdGenerator, NotFound, Principal } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';
import { QueryBus } from '@nestjs/cqrs';
import { siteAllows } from '../../domain/site-permissions';
import { slugOf } from '../../domain/site-rules';
import { site, SiteCommand, siteStream, SiteType, SiteVisibility } from '../../domain/site';
import { SiteFacts } from '../site-facts';

export interface NewSite {
  type?: SiteType;
  title?: string;
  visibility?: SiteVisibility;
  spaces?: string[];
}

/** A new site of the organization (organization admins only), with the spaces given as its first site spaces. */
export class CreateSiteCommand extends Command<{ siteId: string }> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly body: NewSite,
  ) {
    super();
  }
}

@CommandHandler(CreateSiteCommand)
export class CreateSiteHandler implements ICommandHandler<CreateSiteCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
    private readonly facts: SiteFacts,
  ) {}

  async execute(c: CreateSiteCommand) {
    const siteId = this.ids.next();
    const { organizationId, body } = c;
    const title = body.title ?? 'Docs site';
    await this.es.execute(
      siteStream(siteId),
      site,
      async (): Promise<SiteCommand> => {
        const spaces = await Promise.all(
          [...new Set(body.spaces ?? [])].map(async (id, i) => {
            const sp = await this.facts.space(c.caller.userId, organizationId, id, `spaces[${i}]`);
            return { siteSpaceId: this.ids.next(), spaceId: id, path: slugOf(sp.title, 'space') };
          }),
        );
        const basename = await this.facts.newBasename(organizationId, title);
        return { type: 'CreateSite', siteId, organizationId, siteType: body.type ?? 'basic', title, visibility: body.visibility ?? 'public', basename, spaces };
      },
      {
        precondition: async () => {
          const role = await this.queries.execute(new GetMemberRoleQuery(organizationId, c.caller.userId));
          if (!role) throw new NotFound(`No organization with id ${organizationId}`);
          if (!siteAllows(role, 'create')) throw new Forbidden('Creating a site needs the organization admin role');
        },
      },
    );
    return { siteId };
  }
}
