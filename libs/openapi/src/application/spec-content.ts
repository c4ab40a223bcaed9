import { createHash } from 'crypto';
import { Injectable } from '@nestjs/common';
import { BadRequest, BlobStore, PlatformConfig } from '@app/platform';
import { SpecFormat } from '../domain/openapi-spec.events';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Bytes of specifications in the BlobStore, addressed by content within their organization
 * (`openapi/<organizationId>/<sha256>`): the same document stored twice is one blob, and a
 * version's bytes never change under it.
 */
export const contentKey = (organizationId: string, hash: string) => `openapi/${organizationId}/${hash}`;

export const mediaTypeOf = (format: SpecFormat) => (format === 'json' ? 'application/json' : 'application/yaml');

@Injectable()
export class SpecContent {
  constructor(
    private readonly blobs: BlobStore,
    private readonly config: PlatformConfig,
  ) {}

  get maxBytes(): number {
    return this.config.fetchMaxBytes;
  }

  /** A `{text}` source: stored as a blob so that events carry its key, not the document. */
  async storeText(organizationId: string, text: string): Promise<string> {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > this.maxBytes) throw new BadRequest(`source.text: at most ${this.maxBytes} bytes (FETCH_MAX_BYTES)`);
    const key = contentKey(organizationId, sha256(bytes));
    await this.blobs.put(key, bytes, { contentType: 'text/plain; charset=utf-8', organizationId });
    return key;
  }

  /** A `{storageKey}` source must name a file uploaded to this organization (else 400: nothing to process). */
  async checkUpload(organizationId: string, key: string): Promise<void> {
    const blob = await this.blobs.get(key);
    if (!blob || blob.organizationId !== organizationId)
      throw new BadRequest('source.storageKey: no uploaded file with this key in this organization (upload it with generateStorageUploadURL first)');
    if (blob.size > this.maxBytes) throw new BadRequest(`source.storageKey: the file is larger than ${this.maxBytes} bytes (FETCH_MAX_BYTES)`);
  }

  /** The bytes under `key` if they belong to the organization. */
  async read(organizationId: string, key: string): Promise<Buffer | null> {
    const blob = await this.blobs.get(key);
    return blob && blob.organizationId === organizationId ? blob.bytes : null;
  }

  async storeVersion(organizationId: string, hash: string, bytes: Buffer, format: SpecFormat): Promise<string> {
    const key = contentKey(organizationId, hash);
    await this.blobs.put(key, bytes, { contentType: mediaTypeOf(format), organizationId });
    return key;
  }
}
