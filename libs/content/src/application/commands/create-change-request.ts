import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { BadRequest } from '@app/platform';
import { IsConversationsClusterMutedQuery } from '../../contracts';
import { changeRequestDecider } from '../../domain/change-request.decider';
import { changeRequestStream, spaceContentStream } from '../../domain/change-request.events';
import { spaceContentDecider } from '../../domain/space-content.decider';
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
  constructor(
    readonly spaceId: string,
    readonly actorId: string,
    readonly input: NewChangeRequest,
    /** Given by a caller that must find it again after a crash (a translation run); else a new id. */
    readonly changeRequestId?: string,
  ) {
    super();
  }
}

@CommandHandler(CreateChangeRequestCommand)
export class CreateChangeRequestHandler implements ICommandHandler<CreateChangeRequestCommand> {
  constructor(
    private readonly w: ContentWriter,
    private readonly access: ContentAccess,
    private readonly queries: QueryBus,
  ) {}

  async execute({ spaceId, actorId, input, changeRequestId: given }: CreateChangeRequestCommand) {
    const space = await this.access.space(spaceId, actorId, 'edit');
    const cluster = input.conversationsIssuesCluster;
    if (cluster && (await this.queries.execute(new IsConversationsClusterMutedQuery(space.organizationId, cluster))))
      throw new BadRequest(`conversationsIssuesCluster: the cluster ${cluster} is muted; change requests are not created from muted clusters`);
    const template = input.template ? templateChanges(input.template.id, input.template.contentRefs) : [];
    const changeRequestId = given ?? this.w.ids.next();
    const reserved = await this.w.es.execute(
      spaceContentStream(spaceId),
      spaceContentDecider,
      {
        type: 'ReserveChangeRequestNumber',
        spaceId,
        changeRequestId,
        initial: await this.w.initial(space.initialRevision),
      },
      { cache: this.w.folded },
    );
    const base = reserved.state.head!;
    const content = template.length ? { revision: this.w.ids.next(), root: (await this.w.commitBatch(base.root, template)).root } : null;
    await this.w.es.execute(
      changeRequestStream(changeRequestId),
      changeRequestDecider,
      {
        type: 'CreateChangeRequest',
        spaceId,
        changeRequestId,
        organizationId: space.organizationId,
        number: reserved.state.lastNumber,
        status: input.status,
        subject: input.subject,
        createdBy: actorId,
        base,
        conversationsIssuesCluster: input.conversationsIssuesCluster,
        content,
      },
      { cache: this.w.folded },
    );
    return { changeRequestId };
  }
}
