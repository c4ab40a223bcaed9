import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Principal } from '@app/platform';
import { CustomFontNotFound, CustomFontState, customFont, customFontStream, FaceChange, FaceInput } from '../domain/custom-font';
import { FontAccess } from './font-access';
import { FontInspector } from './font-inspector';

export interface FontScope {
  caller: Principal;
  organizationId: string;
}
export interface FaceRequest {
  weight: number;
  storageKey: string | null;
}

/** Reads and checks the file of every face that names one (a null key removes a face: no file). */
async function inspectFaces(inspector: FontInspector, organizationId: string, faces: FaceRequest[]): Promise<FaceChange[]> {
  return Promise.all(
    faces.map(async (f): Promise<FaceChange> => {
      if (f.storageKey === null) return { weight: f.weight, storageKey: null };
      return { weight: f.weight, storageKey: f.storageKey, inspection: await inspector.inspect(organizationId, f.storageKey) } satisfies FaceInput;
    }),
  );
}

export class CreateCustomFontCommand extends Command<{ fontId: string }> {
  constructor(
    readonly scope: FontScope,
    readonly fontFamily: string,
    readonly faces: Array<FaceRequest & { storageKey: string }>,
  ) {
    super();
  }
}

@CommandHandler(CreateCustomFontCommand)
export class CreateCustomFontHandler implements ICommandHandler<CreateCustomFontCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: FontAccess,
    private readonly inspector: FontInspector,
  ) {}
  async execute({ scope, fontFamily, faces }: CreateCustomFontCommand) {
    await this.access.edit(scope.organizationId, scope.caller.userId);
    const fontId = this.ids.next();
    const inspected = (await inspectFaces(this.inspector, scope.organizationId, faces)) as FaceInput[];
    await this.es.execute(customFontStream(fontId), customFont, {
      type: 'CreateCustomFont',
      fontId,
      organizationId: scope.organizationId,
      fontFamily,
      faces: inspected,
    });
    return { fontId };
  }
}

export class UpdateCustomFontCommand extends Command<void> {
  constructor(
    readonly scope: FontScope,
    readonly fontId: string,
    readonly fontFamily: string | undefined,
    readonly faces: FaceRequest[] | undefined,
  ) {
    super();
  }
}

@CommandHandler(UpdateCustomFontCommand)
export class UpdateCustomFontHandler implements ICommandHandler<UpdateCustomFontCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: FontAccess,
    private readonly inspector: FontInspector,
  ) {}
  async execute({ scope, fontId, fontFamily, faces }: UpdateCustomFontCommand) {
    await this.access.edit(scope.organizationId, scope.caller.userId);
    const { organizationId } = scope;
    await this.es.execute(
      customFontStream(fontId),
      customFont,
      async () => ({
        type: 'UpdateCustomFont' as const,
        fontId,
        organizationId,
        fontFamily,
        faces: faces && (await inspectFaces(this.inspector, organizationId, faces)),
      }),
      {
        // No file is read for a font that is not there.
        precondition: (s: CustomFontState) => {
          if (s.status !== 'active' || s.organizationId !== organizationId) throw new CustomFontNotFound(fontId);
        },
      },
    );
  }
}

export class DeleteCustomFontCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly scope: FontScope,
    readonly fontId: string,
  ) {
    super();
  }
}

/** 205 deleted, 204 "organization or font not found" (the reference's pair): a font of another organization did not exist. */
@CommandHandler(DeleteCustomFontCommand)
export class DeleteCustomFontHandler implements ICommandHandler<DeleteCustomFontCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: FontAccess,
  ) {}
  async execute({ scope, fontId }: DeleteCustomFontCommand) {
    if (!(await this.access.canDelete(scope.organizationId, scope.caller.userId))) return { deleted: false };
    const r = await this.es.execute(customFontStream(fontId), customFont, { type: 'DeleteCustomFont', fontId, organizationId: scope.organizationId });
    return { deleted: r.events.length > 0 };
  }
}
