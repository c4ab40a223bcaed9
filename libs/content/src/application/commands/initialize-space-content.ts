import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { spaceContentStream } from '../../domain/change-request.events';
import { decideCopyContent, decideInitialize, spaceContent } from '../../domain/space-content';
import { ContentWriter } from '../content-writer';

/**
 * Sent by the space-content saga for every SpaceCreated: main starts as the empty revision the
 * space announced; a duplicate then takes its source's main content. Copying is O(1): the new
 * revision points at the source's root object, which both spaces now share.
 */
export class InitializeSpaceContentCommand extends Command<void> {
  constructor(readonly spaceId: string, readonly initialRevision: string, readonly duplicatedFrom: string | null, readonly eventId: string) { super(); }
}

@CommandHandler(InitializeSpaceContentCommand)
export class InitializeSpaceContentHandler implements ICommandHandler<InitializeSpaceContentCommand> {
  constructor(private readonly w: ContentWriter) {}

  async execute(cmd: InitializeSpaceContentCommand): Promise<void> {
    const initial = { revision: cmd.initialRevision, root: await this.w.revisions.emptyRoot() };
    // The source's head when the copy runs (its SpaceCreated saga step ran earlier: events are in order).
    const source = cmd.duplicatedFrom ? await this.w.mainHead(cmd.duplicatedFrom, '') : null;
    const copy = source && source.revision ? { revision: this.w.ids.next(), root: source.root } : null;
    await this.w.es.handle(
      spaceContentStream(cmd.spaceId), spaceContent,
      (s, now) => (copy ? decideCopyContent(s, cmd.spaceId, initial, copy, now.toISOString()) : decideInitialize(s, cmd.spaceId, initial, now.toISOString())),
      { idempotencyKey: `initialize-content-${cmd.eventId}` },
    );
  }
}
