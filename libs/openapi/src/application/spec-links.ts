import { Injectable } from '@nestjs/common';
import { Clock, NotFound, PlatformConfig, SigningKeys } from '@app/platform';
import { SpecFormat } from '../domain/openapi-spec.events';

/** Routes of OpenApiFilesController, under /v1. */
export const RAW_ROUTE = '/v1/openapi/raw';
export const PUBLIC_ROUTE = '/v1/openapi/public';
/** Links made within one window share their expiry, so a GET answers the same body (and ETag) for a while. */
const WINDOW_SECONDS = 300;

export interface RawLink {
  /** BlobStore key of the bytes. */
  k: string;
  /** Their organization (the blob must still belong to it). */
  o: string;
  f: SpecFormat;
}

/**
 * Links to the bytes of a version (the `url` of OpenAPISpecVersion and OpenAPISpecContent):
 * signed and expiring like the content's file links, so renderers and browsers can fetch the
 * document without the bearer header; the signature covers the method and the whole path.
 */
@Injectable()
export class SpecLinks {
  constructor(
    private readonly keys: SigningKeys,
    private readonly config: PlatformConfig,
    private readonly clock: Clock,
  ) {}

  raw(link: RawLink): string {
    const body = Buffer.from(JSON.stringify(link)).toString('base64url');
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const expires = Math.ceil((now + this.config.signedUrlTtlSeconds) / WINDOW_SECONDS) * WINDOW_SECONDS;
    return `${this.config.publicUrl}${this.keys.signPath('GET', `${RAW_ROUTE}/${body}`, expires - now)}`;
  }

  /** The link a public spec is read at by anyone (its latest version). */
  published(organizationId: string, slug: string): string {
    return `${this.config.publicUrl}${PUBLIC_ROUTE}/${organizationId}/${slug}`;
  }

  /** The payload of a request to a raw link (`path` as requested); 404 for anything else. */
  verify(method: string, path: string): RawLink {
    const checked = this.keys.verifyPath(method, path);
    if (!checked.ok && checked.reason === 'expired') throw new NotFound('This OpenAPI document link has expired; ask for a new one');
    const prefix = `${RAW_ROUTE}/`;
    if (checked.ok && checked.path.startsWith(prefix)) {
      const link = parse(checked.path.slice(prefix.length));
      if (link) return link;
    }
    throw new NotFound('No OpenAPI document at this URL (the link is invalid)');
  }
}

/** The MAC was checked: the payload was written by `raw`; only its outer shape is checked. */
function parse(body: string): RawLink | null {
  if (!/^[A-Za-z0-9_-]+$/.test(body)) return null;
  try {
    const v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<RawLink>;
    return typeof v?.k === 'string' && typeof v.o === 'string' && (v.f === 'json' || v.f === 'yaml') ? (v as RawLink) : null;
  } catch {
    return null;
  }
}
