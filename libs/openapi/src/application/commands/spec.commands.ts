import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertOutboundUrlAllowed, EventSourcing, IdGenerator, PlatformConfig, Principal } from '@app/platform';
import { openApiSpec } from '../../domain/openapi-spec';
import { SpecSource, SpecVisibility, specStream } from '../../domain/openapi-spec.events';
import { checkSlug, OpenApiSpecNotFound, slugProblem } from '../../domain/spec-rules';
import { SpecAccess } from '../spec-access';
import { SpecContent } from '../spec-content';

/** A source as the body gives it (validated by the DTO): the reference's `{url}` and `{text}`, and an upload's `{storageKey}`. */
export type SourceInput = { url: string } | { text: string } | { storageKey: string };

/** Where a spec is: the path's organization and slug. */
export interface SpecAddress {
  caller: Principal;
  organizationId: string;
  slug: string;
}

/** POST: a new spec (400 when the slug is taken), processed in the background. */
export class CreateSpecCommand extends Command<{ specId: string }> {
  constructor(
    readonly at: SpecAddress,
    readonly source: SourceInput,
  ) {
    super();
  }
}

/** PUT: creates the spec or replaces its source; either way it is processed again. */
export class PutSpecCommand extends Command<{ created: boolean }> {
  constructor(
    readonly at: SpecAddress,
    readonly source: SourceInput,
  ) {
    super();
  }
}

export class ChangeSpecVisibilityCommand extends Command<void> {
  constructor(
    readonly at: SpecAddress,
    readonly visibility: SpecVisibility,
  ) {
    super();
  }
}

export class DeleteSpecCommand extends Command<{ deleted: boolean }> {
  constructor(readonly at: SpecAddress) {
    super();
  }
}

abstract class SpecWriter {
  constructor(
    protected readonly es: EventSourcing,
    protected readonly ids: IdGenerator,
    protected readonly access: SpecAccess,
    protected readonly content: SpecContent,
    protected readonly config: PlatformConfig,
  ) {}

  /** The source as events hold it: the text goes to the BlobStore, an upload must exist. */
  protected async source(organizationId: string, input: SourceInput): Promise<SpecSource> {
    if ('url' in input) {
      // Refused now with a 400 rather than recorded later as a failed processing (the fetch checks again).
      await assertOutboundUrlAllowed(this.config, 'source.url', input.url);
      return { kind: 'url', url: input.url };
    }
    if ('text' in input) return { kind: 'text', key: await this.content.storeText(organizationId, input.text) };
    await this.content.checkUpload(organizationId, input.storageKey);
    return { kind: 'storage', key: input.storageKey };
  }

  protected async write(c: CreateSpecCommand | PutSpecCommand, type: 'CreateSpec' | 'PutSpec') {
    const { caller, organizationId, slug } = c.at;
    await this.access.requireEdit(caller, organizationId);
    checkSlug(slug, type === 'CreateSpec' ? 'slug' : 'specSlug');
    const source = await this.source(organizationId, c.source);
    const specId = this.ids.next();
    const processingId = this.ids.next();
    const { events, state } = await this.es.execute(specStream(organizationId, slug), openApiSpec, {
      type,
      organizationId,
      slug,
      specId,
      processingId,
      source,
      actor: caller.userId,
    });
    return { created: events.some((e) => e.type === 'OpenAPISpecCreated'), specId: state.spec!.specId };
  }
}

@CommandHandler(CreateSpecCommand)
export class CreateSpecHandler extends SpecWriter implements ICommandHandler<CreateSpecCommand> {
  constructor(es: EventSourcing, ids: IdGenerator, access: SpecAccess, content: SpecContent, config: PlatformConfig) {
    super(es, ids, access, content, config);
  }
  async execute(c: CreateSpecCommand) {
    const { specId } = await this.write(c, 'CreateSpec');
    return { specId };
  }
}

@CommandHandler(PutSpecCommand)
export class PutSpecHandler extends SpecWriter implements ICommandHandler<PutSpecCommand> {
  constructor(es: EventSourcing, ids: IdGenerator, access: SpecAccess, content: SpecContent, config: PlatformConfig) {
    super(es, ids, access, content, config);
  }
  async execute(c: PutSpecCommand) {
    const { created } = await this.write(c, 'PutSpec');
    return { created };
  }
}

@CommandHandler(ChangeSpecVisibilityCommand)
export class ChangeSpecVisibilityHandler implements ICommandHandler<ChangeSpecVisibilityCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpecAccess,
  ) {}
  async execute({ at, visibility }: ChangeSpecVisibilityCommand): Promise<void> {
    await this.access.requireEdit(at.caller, at.organizationId);
    // A slug that could not exist names no stream worth reading.
    if (slugProblem(at.slug, 'specSlug')) throw new OpenApiSpecNotFound(at.slug);
    await this.es.execute(specStream(at.organizationId, at.slug), openApiSpec, {
      type: 'ChangeVisibility',
      organizationId: at.organizationId,
      slug: at.slug,
      visibility,
    });
  }
}

@CommandHandler(DeleteSpecCommand)
export class DeleteSpecHandler implements ICommandHandler<DeleteSpecCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpecAccess,
  ) {}
  async execute({ at }: DeleteSpecCommand) {
    await this.access.requireEdit(at.caller, at.organizationId);
    if (slugProblem(at.slug, 'specSlug')) return { deleted: false };
    const { events } = await this.es.execute(specStream(at.organizationId, at.slug), openApiSpec, {
      type: 'DeleteSpec',
      organizationId: at.organizationId,
      slug: at.slug,
    });
    return { deleted: events.length > 0 };
  }
}
