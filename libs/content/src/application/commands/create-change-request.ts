import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { changeRequest, decideCreate } from '../../domain/change-request';
import { ChangeRequestEvent, changeRequestStream, spaceContentStream } from '../../domain/change-request.events';
import { applyBatch } from '../../domain/content-batch';
import { decideReserveNumber, spaceContent } from '../../domain/space-content';
import { ContentRefInput, templateChanges } from '../../domain/templates';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';

export interface NewChangeRequest {
  subject: string;
  status: 'draft' | 'open';
  template: { id: string; contentRefs?: Record<string, ContentRefInput> } | null;
  conversationsIssuesCluster: string | null;
}

/**
 * Creates a change request on main's current head. Its number is reserved first on the space's
 * content stream (optimistic concurrency makes numbers unique and sequential); a crash between
 * the two appends only leaves a gap in the numbering. A template becomes the first revision.
 */
export class CreateChangeRequestCommand extends Command<{ changeRequestId: string }> {
  constructor(readonly spaceId: string, readonly actorId: string, readonly input: NewChangeRequest) { super(); }
}

@CommandHandler(CreateChangeRequestCommand)
export class CreateChangeRequestHandler implements ICommandHandler<CreateChangeRequestCommand> {
  constructor(private readonly w: ContentWriter, private readonly access: ContentAccess) {}

  async execute(cmd: CreateChangeRequestCommand) {
    const space = await this.access.space(cmd.spaceId, cmd.actorId, 'edit');
    const template = cmd.input.template ? templateChanges(cmd.input.template.id, cmd.input.template.contentRefs) : [];
    const changeRequestId = this.w.ids.next();
    const initial = { revision: space.initialRevision, root: await this.w.revisions.emptyRoot() };
    const reserved = await this.w.handle(spaceContentStream(cmd.spaceId), spaceContent, (s, now) =>
      decideReserveNumber(s, cmd.spaceId, changeRequestId, initial, now.toISOString()),
    );
    const base = reserved.state.head!;
    const number = reserved.state.lastNumber;
    let content: ChangeRequestEvent[] = [];
    if (template.length) {
      const ctx = this.w.batchContext();
      const result = applyBatch(await this.w.revisions.structure(base.root, 'write'), template, ctx);
      const root = await this.w.revisions.commit({ base: base.root, next: result.structure, bodies: result.bodies });
      content = [{ type: 'ChangeRequestContentUpdated', data: { spaceId: cmd.spaceId, changeRequestId, revision: this.w.ids.next(), root, parents: [base.revision], author: cmd.actorId, createdAt: ctx.now } }];
    }
    await this.w.handle(changeRequestStream(changeRequestId), changeRequest, (s, now) => {
      const created = decideCreate(s, {
        spaceId: cmd.spaceId, changeRequestId, organizationId: space.organizationId, number, status: cmd.input.status, subject: cmd.input.subject,
        createdBy: cmd.actorId, createdAt: now.toISOString(), base, conversationsIssuesCluster: cmd.input.conversationsIssuesCluster,
      });
      return created.length ? [...created, ...content] : [];
    });
    return { changeRequestId };
  }
}
