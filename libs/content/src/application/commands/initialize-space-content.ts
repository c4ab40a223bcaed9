import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { spaceContentStream } from '../../domain/change-request.events';
import { spaceContentDecider } from '../../domain/space-content.decider';
import { ContentWriter } from '../content-writer';

/**
 * Sent by the space-content saga for every SpaceCreated: main starts as the empty revision the
 * space announced; a duplicate then takes its source's main content. Copying is O(1): the new
 * revision points at the source's root object, which both spaces now share.
 */
export class InitializeSpaceContentCommand extends Command<void> {
  constructor(
    readonly spaceId: string,
    readonly initialRevision: string,
    readonly duplicatedFrom: string | null,
    readonly eventId: string,
  ) {
    super();
  }
}

@CommandHandler(InitializeSpaceContentCommand)
export class InitializeSpaceContentHandler implements ICommandHandler<InitializeSpaceContentCommand> {
  constructor(private readonly w: ContentWriter) {}

  async execute(cmd: InitializeSpaceContentCommand): Promise<void> {
    // The source's head when the copy runs (its SpaceCreated saga step ran earlier: events are in order).
    const source = cmd.duplicatedFrom ? await this.w.mainHead(cmd.duplicatedFrom, '') : null;
    await this.w.es.execute(
      spaceContentStream(cmd.spaceId),
      spaceContentDecider,
      {
        type: 'InitializeSpaceContent',
        spaceId: cmd.spaceId,
        initial: await this.w.initial(cmd.initialRevision),
        copy: source?.revision ? { revision: this.w.ids.next(), root: source.root } : null,
      },
      { idempotencyKey: `initialize-content-${cmd.eventId}`, cache: this.w.folded },
    );
  }
}
