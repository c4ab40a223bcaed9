import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { IdGenerator, Principal } from '@app/platform';
import { SectionChanges, SiteCommand, SiteSpaceChanges, SiteState } from '../../domain/site';
import { slugOf } from '../../domain/site-rules';
import { defaultSiteSpaceOf } from '../../domain/structure/structure';
import { SiteFacts } from '../site-facts';
import { ChangeSiteCommand } from './change-site.command';

/** Where the command acts: the caller, and the site as the path names it. */
export interface SiteTarget {
  caller: Principal;
  organizationId: string;
  siteId: string;
}

/** addSpaceToSite: a live space of the site's organization, in a section or the default one. Answers the new site space's id. */
export class AddSiteSpaceCommand extends Command<{ siteSpaceId: string }> {
  constructor(
    readonly at: SiteTarget,
    readonly spaceId: string,
    readonly sectionId?: string,
  ) {
    super();
  }
}

/** addSectionToSite: a section holding a site space of `spaceId`, titled after the space unless a title is given. */
export class AddSectionCommand extends Command<{ sectionId: string }> {
  constructor(
    readonly at: SiteTarget,
    readonly spaceId: string,
    readonly title: string | null,
    readonly icon: string | null,
  ) {
    super();
  }
}

/** PATCH of a site space (a new space must be live in the organization; a condition must fit the visitor schema). */
export class UpdateSiteSpaceCommand extends Command<{ changed: boolean }> {
  constructor(
    readonly at: SiteTarget,
    readonly siteSpaceId: string,
    readonly changes: SiteSpaceChanges,
  ) {
    super();
  }
}

/** PATCH of a section (a condition must fit the visitor schema). */
export class UpdateSectionCommand extends Command<{ changed: boolean }> {
  constructor(
    readonly at: SiteTarget,
    readonly sectionId: string,
    readonly changes: SectionChanges,
    readonly defaultSiteSpace?: string,
  ) {
    super();
  }
}

/** A section title of 2..128 characters from a space's title. */
const sectionTitle = (title: string) => ([...title].length >= 2 ? [...title].slice(0, 128).join('') : `${title} section`);

/** The change of a site as `at`'s caller, built from the fresh state. */
const change = (commands: CommandBus, at: SiteTarget, build: (state: SiteState) => Promise<SiteCommand>) =>
  commands.execute(new ChangeSiteCommand(at.caller, at.organizationId, at.siteId, build));

@CommandHandler(AddSiteSpaceCommand)
export class AddSiteSpaceHandler implements ICommandHandler<AddSiteSpaceCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdGenerator,
    private readonly facts: SiteFacts,
  ) {}

  async execute(c: AddSiteSpaceCommand) {
    const siteSpaceId = this.ids.next();
    await change(this.commands, c.at, async () => {
      const sp = await this.facts.space(c.at.caller.userId, c.at.organizationId, c.spaceId, 'spaceId');
      return {
        type: 'AddSiteSpace',
        siteId: c.at.siteId,
        siteSpace: { siteSpaceId, spaceId: c.spaceId, path: slugOf(sp.title, 'space') },
        section: c.sectionId,
      };
    });
    return { siteSpaceId };
  }
}

@CommandHandler(AddSectionCommand)
export class AddSectionHandler implements ICommandHandler<AddSectionCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdGenerator,
    private readonly facts: SiteFacts,
  ) {}

  async execute(c: AddSectionCommand) {
    const { caller, organizationId, siteId } = c.at;
    const [sectionId, siteSpaceId, adoptingId] = [this.ids.next(), this.ids.next(), this.ids.next()];
    await change(this.commands, c.at, async (state) => {
      const sp = await this.facts.space(caller.userId, organizationId, c.spaceId, 'spaceId');
      // A site's first section takes in its site spaces: it is titled after the space readers land on.
      const landing = defaultSiteSpaceOf(state.structure);
      const landingTitle = landing ? await this.facts.spaceTitle(caller.userId, state.structure.siteSpaces[landing].spaceId) : null;
      return {
        type: 'AddSection',
        siteId,
        sectionId,
        title: c.title ?? sectionTitle(sp.title),
        icon: c.icon,
        siteSpace: { siteSpaceId, spaceId: c.spaceId, path: slugOf(sp.title, 'space') },
        adopting: { sectionId: adoptingId, title: sectionTitle(landingTitle ?? state.site?.title ?? 'Main') },
      };
    });
    return { sectionId };
  }
}

@CommandHandler(UpdateSiteSpaceCommand)
export class UpdateSiteSpaceHandler implements ICommandHandler<UpdateSiteSpaceCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly facts: SiteFacts,
  ) {}

  execute(c: UpdateSiteSpaceCommand) {
    const { caller, organizationId, siteId } = c.at;
    return change(this.commands, c.at, async () => {
      if (c.changes.spaceId !== undefined) await this.facts.space(caller.userId, organizationId, c.changes.spaceId, 'spaceId');
      await this.facts.assertCondition(siteId, c.changes.condition);
      return { type: 'UpdateSiteSpace', siteId, siteSpaceId: c.siteSpaceId, changes: c.changes };
    });
  }
}

@CommandHandler(UpdateSectionCommand)
export class UpdateSectionHandler implements ICommandHandler<UpdateSectionCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly facts: SiteFacts,
  ) {}

  execute(c: UpdateSectionCommand) {
    const siteId = c.at.siteId;
    return change(this.commands, c.at, async () => {
      await this.facts.assertCondition(siteId, c.changes.condition);
      return { type: 'UpdateSection', siteId, sectionId: c.sectionId, changes: c.changes, defaultSiteSpace: c.defaultSiteSpace };
    });
  }
}
