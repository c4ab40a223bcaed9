import { Injectable } from '@nestjs/common';
import { DomainError, PlatformConfig, RAW_UPLOAD_PATH_PREFIX, SigningKeys, Urls } from '@app/platform';
import { UploadGrant } from '../domain/storage-object';
import { isUploadKind } from '../domain/upload-kinds';

/** What an upload URL carries (base64url JSON in its path, covered by the signature). */
export interface UploadLink extends UploadGrant {
  /** Who asked for the URL: the upload is recorded as theirs. */
  requestedBy: string;
}

export class UploadForbidden extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}

/** Signed for PUT; POST to the same URL is the same upload (forms and clients that cannot PUT). */
const SIGNED_METHOD = 'PUT';
const ROUTE = RAW_UPLOAD_PATH_PREFIX.slice(0, -1);

/**
 * Upload URLs work without the bearer header, like presigned storage URLs: the last path
 * segment is the grant followed by the expiry, the key id and a MAC (see SigningKeys), so
 * neither the key, the organization, the declared type and size nor the expiry can be changed.
 * They live STORAGE_UPLOAD_URL_TTL_SECONDS (15 minutes by default). A forged or expired URL is
 * 403: the URL is the credential.
 */
@Injectable()
export class UploadLinks {
  constructor(
    private readonly keys: SigningKeys,
    private readonly urls: Urls,
    private readonly config: PlatformConfig,
  ) {}

  url(link: UploadLink): string {
    const payload = {
      v: 1,
      u: link.uploadId,
      k: link.key,
      o: link.organizationId,
      n: link.kind,
      t: link.declaredType,
      s: link.declaredSize,
      by: link.requestedBy,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const signed = this.keys.signPath(SIGNED_METHOD, `${ROUTE}/${body}`, this.config.storageUploadUrlTtlSeconds);
    return this.urls.api(signed.slice('/v1'.length));
  }

  /** The grant of a request to an upload URL (`path` as requested: express's `req.path`). */
  verify(path: string): UploadLink {
    const checked = this.keys.verifyPath(SIGNED_METHOD, path);
    if (!checked.ok && checked.reason === 'expired') throw new UploadForbidden('This upload URL has expired; ask for a new one (generateStorageUploadURL)');
    const link = checked.ok && checked.path.startsWith(RAW_UPLOAD_PATH_PREFIX) ? parse(checked.path.slice(RAW_UPLOAD_PATH_PREFIX.length)) : null;
    if (!link) throw new UploadForbidden('This upload URL is not valid (its signature does not match); ask for a new one (generateStorageUploadURL)');
    return link;
  }
}

/** The MAC was checked, so the payload was written by `url`; only its outer shape is checked. */
function parse(body: string): UploadLink | null {
  if (!/^[A-Za-z0-9_-]+$/.test(body)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (p?.v !== 1 || !isUploadKind(p.n) || typeof p.k !== 'string' || typeof p.o !== 'string' || typeof p.s !== 'number') return null;
    return {
      uploadId: String(p.u),
      key: p.k,
      organizationId: p.o,
      kind: p.n,
      declaredType: String(p.t),
      declaredSize: p.s,
      requestedBy: String(p.by),
    };
  } catch {
    return null;
  }
}
