import { Body, Controller, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { Caller, PlatformConfig, Principal, ProjectionEngine, Public } from '@app/platform';
import { GenerateUploadUrlCommand } from '../application/generate-upload-url.command';
import { RecordUploadCommand } from '../application/record-upload.command';
import { GetStorageObjectQuery, IsUploadUsedQuery } from '../application/storage-objects.queries';
import { UploadLinks } from '../application/upload-links';
import { checkUploadSize, checkUploadType, UploadTypeRefused, UploadTooLarge, uploadLimit, UploadUrlUsed } from '../domain/storage-object';
import { GenerateUploadUrlBody } from './storage.bodies';
import { readUploadBody } from './upload-body';

/**
 * Reference tag storage: a signed URL to upload a file (generateStorageUploadURL), and that
 * URL itself, served here: PUT (or POST) the file's bytes with the declared Content-Type.
 */
@Controller()
export class StorageController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly links: UploadLinks,
    private readonly engine: ProjectionEngine,
    private readonly config: PlatformConfig,
  ) {}

  @Post('orgs/:organizationId/storage/upload')
  async generate(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Body() body: GenerateUploadUrlBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const view = await this.commands.execute(new GenerateUploadUrlCommand(caller, organizationId, body.kind, body.file));
    res.status(201).setHeader('Cache-Control', 'no-store');
    return view;
  }

  @Public()
  @Put('storage/uploads/:token')
  put(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.upload(req, res);
  }

  @Public()
  @Post('storage/uploads/:token')
  post(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.upload(req, res);
  }

  /** Every refusal comes before the body is read, except a body longer than it declared. */
  private async upload(req: Request, res: Response) {
    const link = this.links.verify(req.path);
    const contentType = checkUploadType(link, req.headers['content-type']);
    const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity') throw new UploadTypeRefused(`Content-Encoding: ${encoding} is not supported; send the file's bytes as they are`);
    const max = this.config.storageMaxUploadBytes;
    if (req.headers['content-length'] !== undefined) checkUploadSize(link, Number(req.headers['content-length']) || 0, max);
    if (await this.queries.execute(new IsUploadUsedQuery(link.uploadId))) throw new UploadUrlUsed();
    const bytes = await readUploadBody(req, uploadLimit(link, max), () =>
      link.declaredSize <= max
        ? new UploadTooLarge(link.declaredSize, 'the size declared when the upload URL was made')
        : new UploadTooLarge(max, 'the server limit, STORAGE_MAX_UPLOAD_BYTES'),
    );
    const { uploadId } = await this.commands.execute(new RecordUploadCommand(link, bytes, contentType));
    await this.engine.settle();
    res.status(201).setHeader('Cache-Control', 'no-store');
    return this.queries.execute(new GetStorageObjectQuery(uploadId));
  }
}
