import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BlobStore, EventSourcing, PlatformConfig, RequestContext } from '@app/platform';
import { checkUploadType, storageObject, storageObjectStream, UploadUrlUsed } from '../domain/storage-object';
import { UploadLink } from './upload-links';

export class RecordUploadCommand extends Command<{ uploadId: string }> {
  constructor(
    readonly link: UploadLink,
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {
    super();
  }
}

/**
 * Stores the bytes under the link's key, then records StorageObjectUploaded (bytes before the
 * event that names them). The decider refuses a second upload to one URL; two uploads racing
 * on one URL may both write bytes, and the blob store keeps one whole file (its own metadata
 * says which), while one event is recorded.
 */
@CommandHandler(RecordUploadCommand)
export class RecordUploadHandler implements ICommandHandler<RecordUploadCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly blobs: BlobStore,
    private readonly config: PlatformConfig,
  ) {}

  async execute({ link, bytes, contentType }: RecordUploadCommand) {
    RequestContext.setActor(link.requestedBy);
    const type = checkUploadType(link, contentType);
    await this.es.execute(storageObjectStream(link.uploadId), storageObject, async (state) => {
      if (state.uploaded) throw new UploadUrlUsed();
      await this.blobs.put(link.key, bytes, { contentType: type, organizationId: link.organizationId });
      return { type: 'RecordUpload' as const, grant: link, size: bytes.length, contentType: type, maxBytes: this.config.storageMaxUploadBytes };
    });
    return { uploadId: link.uploadId };
  }
}
