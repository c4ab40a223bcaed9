import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RevisionGit, spaceContentStream } from '../../domain/change-request.events';
import { mainOf } from '../../domain/space-content';
import { spaceContentDecider } from '../../domain/space-content.decider';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';
import { hashBody, hashBytes } from '../storage/revision-store';
import { ImportedContent, importStructure } from './import-revision.structure';

/**
 * Writes a repository's content as one new revision (git sync's import): main's page tree,
 * bodies and files replaced in one revision on the space's content stream — the commit point
 * merges use, at main's expected revision — with `Revision.git` and `Page.git` set; `standalone`
 * records the revision without moving main. `revision` is chosen by the caller from its
 * operation, so an import resumed after a crash finds it written and writes nothing twice.
 * The caller (`actorId`, who asked for the sync) must still be allowed to edit the space.
 */
export class ImportRevisionCommand extends Command<{ revision: string; changed: boolean }> {
  constructor(
    readonly spaceId: string,
    readonly actorId: string,
    readonly revision: string,
    readonly content: ImportedContent,
    readonly git: RevisionGit,
    readonly standalone = false,
  ) {
    super();
  }
}

@CommandHandler(ImportRevisionCommand)
export class ImportRevisionHandler implements ICommandHandler<ImportRevisionCommand> {
  constructor(
    private readonly w: ContentWriter,
    private readonly access: ContentAccess,
  ) {}

  async execute({ spaceId, actorId, revision, content, git, standalone }: ImportRevisionCommand) {
    const space = await this.access.space(spaceId, actorId, 'edit');
    const initial = await this.w.initial(space.initialRevision);
    const r = await this.w.es.execute(
      spaceContentStream(spaceId),
      spaceContentDecider,
      async (s) => {
        const main = mainOf(s, initial);
        const command = {
          type: 'ImportRevision' as const,
          spaceId,
          initial,
          locked: space.editMode === 'locked',
          against: main.revision,
          revision,
          git,
          standalone,
        };
        if (!standalone && main.revision === revision) return { ...command, root: main.root }; // written already
        const ctx = { now: this.w.clock.now().toISOString(), newId: () => this.w.ids.next(), hashBody, hashBytes };
        const built = importStructure(await this.w.revisions.structure(main.root, 'write'), content, ctx);
        const root = await this.w.revisions.commit({ base: main.root, next: built.structure, bodies: built.bodies, blobs: built.blobs });
        return { ...command, root };
      },
      { cache: this.w.folded, idempotencyKey: `git-import-revision-${spaceId}-${revision}` },
    );
    return { revision, changed: r.events.length > 0 };
  }
}
