import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { spaceContentStream } from '../../domain/change-request.events';
import { mainOf } from '../../domain/space-content';
import { assertMayApplyTemplate, spaceContentDecider } from '../../domain/space-content.decider';
import { ContentRefInput, templateChanges } from '../../domain/templates';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';

/**
 * applyTemplateToSpace: a built-in template's pages written straight to main, as a new
 * revision. Only an empty, unlocked space takes one (a change request with `template` adds one
 * to existing content); the pages are stored only once the checks pass, so a refusal writes
 * nothing at all.
 */
export class ApplyTemplateToSpaceCommand extends Command<{ revision: string | null }> {
  constructor(
    readonly spaceId: string,
    readonly actorId: string,
    readonly template: { id: string; contentRefs?: Record<string, ContentRefInput> },
  ) {
    super();
  }
}

@CommandHandler(ApplyTemplateToSpaceCommand)
export class ApplyTemplateToSpaceHandler implements ICommandHandler<ApplyTemplateToSpaceCommand> {
  constructor(
    private readonly w: ContentWriter,
    private readonly access: ContentAccess,
  ) {}

  async execute({ spaceId, actorId, template }: ApplyTemplateToSpaceCommand) {
    const space = await this.access.space(spaceId, actorId, 'edit');
    const changes = templateChanges(template.id, template.contentRefs, '');
    const initial = await this.w.initial(space.initialRevision);
    const locked = space.editMode === 'locked';
    const r = await this.w.es.execute(
      spaceContentStream(spaceId),
      spaceContentDecider,
      async (s) => {
        const main = mainOf(s, initial);
        const mainPages = (await this.w.revisions.structure(main.root, 'write')).pages.size;
        assertMayApplyTemplate({ spaceId, locked, mainPages }); // 412 before storing anything
        const root = changes.length ? (await this.w.commitBatch(main.root, changes)).root : null;
        return {
          type: 'ApplyTemplate' as const,
          spaceId,
          initial,
          locked,
          template: template.id,
          mainPages,
          against: main.revision,
          revision: this.w.ids.next(),
          root,
        };
      },
      { cache: this.w.folded },
    );
    const revised = r.events.find((e) => e.type === 'SpaceContentRevised');
    return { revision: revised?.type === 'SpaceContentRevised' ? revised.data.revision : null };
  }
}
