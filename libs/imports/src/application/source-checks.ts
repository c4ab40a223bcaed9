import { Injectable } from '@nestjs/common';
import { assertOutboundUrlAllowed, BadRequest, BlobStore, PlatformConfig } from '@app/platform';
import { ImportSource } from '../domain/import-run.events';

/**
 * What can be told about a source before the run: uploaded files must be this organization's,
 * and a website's URL must be one the network guard lets through now (the connection checks
 * again whatever the name resolves to then: a refusal at that point fails the run).
 */
@Injectable()
export class SourceChecks {
  constructor(
    private readonly blobs: BlobStore,
    private readonly config: PlatformConfig,
  ) {}

  async check(organizationId: string, source: ImportSource): Promise<void> {
    if (source.type === 'website') {
      // Credentials would be kept in the run's events and shown in its source: refused rather than stored.
      const url = new URL(source.url);
      if (url.username || url.password) throw new BadRequest('source.url: must not carry credentials (user:password@)');
      return assertOutboundUrlAllowed(this.config, 'source.url', source.url);
    }
    for (const [i, key] of source.files.entries()) {
      const blob = await this.blobs.get(key);
      if (!blob || blob.organizationId !== organizationId)
        throw new BadRequest(
          `source.files[${i}]: no uploaded file with this key in this organization (upload it with generateStorageUploadURL, kind import_file)`,
        );
    }
  }
}
