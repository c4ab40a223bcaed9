import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { atLeast, BadRequest, blobKeyProblem, Forbidden, IdGenerator, NotFound, PlatformConfig, Principal, Role } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';
import { KIND_POLICY, mediaTypeOf, safeFileName, typeAllowed, UploadKind } from '../domain/upload-kinds';
import { UploadLinks } from './upload-links';

export interface StorageFileMetadata {
  name: string;
  type: string;
  size: number;
}

/** The reference StorageUploadURL. */
export interface StorageUploadUrlView {
  object: 'storage-signed-url';
  url: string;
  key: string;
}

export class GenerateUploadUrlCommand extends Command<StorageUploadUrlView> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly kind: UploadKind,
    readonly file: StorageFileMetadata,
  ) {
    super();
  }
}

/** Members with a role see the organization; guests and outsiders get 404 (existence does not leak). */
@Injectable()
export class StorageAccess {
  constructor(private readonly queries: QueryBus) {}

  async require(organizationId: string, userId: string, min: Role, what: string): Promise<Role> {
    const role = await this.queries.execute(new GetMemberRoleQuery(organizationId, userId));
    if (!role) throw new NotFound(`No organization with id ${organizationId}`);
    if (!atLeast(role, min)) throw new Forbidden(`${what} needs the organization ${min} role${min === 'admin' ? '' : ' or higher'} (yours: ${role})`);
    return role;
  }
}

/**
 * generateStorageUploadURL: checks the declared file against the kind's types and the server's
 * size limit (400 naming the field: nothing is uploaded yet), makes a fresh key under the
 * organization, and signs an upload URL for it. Nothing is recorded until bytes arrive.
 */
@CommandHandler(GenerateUploadUrlCommand)
export class GenerateUploadUrlHandler implements ICommandHandler<GenerateUploadUrlCommand> {
  constructor(
    private readonly access: StorageAccess,
    private readonly links: UploadLinks,
    private readonly ids: IdGenerator,
    private readonly config: PlatformConfig,
  ) {}

  async execute({ caller, organizationId, kind, file }: GenerateUploadUrlCommand): Promise<StorageUploadUrlView> {
    const policy = KIND_POLICY[kind];
    await this.access.require(organizationId, caller.userId, policy.role, policy.what);
    const type = mediaTypeOf(file.type);
    if (!typeAllowed(kind, type)) throw new BadRequest(`file.type: ${kind} files must be one of ${policy.types.join(', ')} (got ${file.type || 'nothing'})`);
    if (file.size > this.config.storageMaxUploadBytes) {
      throw new BadRequest(`file.size: must be at most ${this.config.storageMaxUploadBytes} bytes (STORAGE_MAX_UPLOAD_BYTES)`);
    }
    const uploadId = this.ids.next();
    const key = `orgs/${organizationId}/${kind}/${uploadId}/${safeFileName(file.name)}`;
    // Organization and upload ids are generated ids: a key that breaks the rule is a bug, not input.
    const problem = blobKeyProblem(key, 'key');
    if (problem) throw new Error(problem);
    const url = this.links.url({ uploadId, key, organizationId, kind, declaredType: type, declaredSize: file.size, requestedBy: caller.userId });
    return { object: 'storage-signed-url', url, key };
  }
}
