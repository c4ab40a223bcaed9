import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { changeRequestDecider } from '../../domain/change-request.decider';
import { changeRequestStream } from '../../domain/change-request.events';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';

export interface ChangeRequestPatch {
  subject?: string;
  /** Markdown (the HTTP layer converts the JSON document). */
  description?: string;
  status?: 'draft' | 'open' | 'archived';
}

/** PATCH subject, description and status (draft, open, archived); merged ones are read-only (412). */
export class UpdateChangeRequestCommand extends Command<{ changeRequestId: string }> {
  constructor(
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly actorId: string,
    readonly patch: ChangeRequestPatch,
  ) {
    super();
  }
}

@CommandHandler(UpdateChangeRequestCommand)
export class UpdateChangeRequestHandler implements ICommandHandler<UpdateChangeRequestCommand> {
  constructor(
    private readonly w: ContentWriter,
    private readonly access: ContentAccess,
  ) {}

  async execute({ spaceId, changeRequestRef, actorId, patch }: UpdateChangeRequestCommand) {
    await this.access.space(spaceId, actorId, 'edit');
    const changeRequestId = await this.w.changeRequestId(spaceId, changeRequestRef);
    await this.w.es.execute(
      changeRequestStream(changeRequestId),
      changeRequestDecider,
      { type: 'UpdateChangeRequest', spaceId, changeRequestId, ...patch },
      { cache: this.w.folded },
    );
    return { changeRequestId };
  }
}
