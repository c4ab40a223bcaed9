import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { changeRequest, decidePatch } from '../../domain/change-request';
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
  constructor(readonly spaceId: string, readonly changeRequestRef: string, readonly actorId: string, readonly patch: ChangeRequestPatch) { super(); }
}

@CommandHandler(UpdateChangeRequestCommand)
export class UpdateChangeRequestHandler implements ICommandHandler<UpdateChangeRequestCommand> {
  constructor(private readonly w: ContentWriter, private readonly access: ContentAccess) {}

  async execute(cmd: UpdateChangeRequestCommand) {
    await this.access.space(cmd.spaceId, cmd.actorId, 'edit');
    const { id } = await this.w.changeRequest(cmd.spaceId, cmd.changeRequestRef);
    await this.w.es.handle(changeRequestStream(id), changeRequest, (s, now) => decidePatch(s, { spaceId: cmd.spaceId, changeRequestId: id }, cmd.patch, now.toISOString()));
    return { changeRequestId: id };
  }
}
