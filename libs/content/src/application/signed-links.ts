import { Injectable } from '@nestjs/common';
import { NotFound, registerUpcaster, SigningKeys } from '@app/platform';

/**
 * Until issue 8 the signing key was an event (`ContentSigningKeyCreated` in stream
 * `content.signing-key`, data `{key}`) and `cli events` printed it. History is not rewritten:
 * the key is redacted on read wherever events are shown, and never used again (keys now live in
 * the platform's secret store, and a data folder with such an event gets a fresh key at start).
 * Registered here, at module load, because the API and the CLI both load this file.
 */
export const LEGACY_SIGNING_KEY_EVENT = 'ContentSigningKeyCreated';
registerUpcaster(LEGACY_SIGNING_KEY_EVENT, 1, (data) => ({ ...(data as object), key: '[redacted: retired signing key]' }));

/** Where each kind of signed link is served (routes of SignedContentController, under /v1). */
const ROUTES = { file: '/v1/content/files', pdf: '/v1/content/pdf' } as const;
export type SignedLinkKind = keyof typeof ROUTES;

/**
 * URLs that work without the bearer header (file downloads, PDF links), like presigned storage
 * URLs: the last path segment is the payload (base64url JSON) followed by the expiry, the key id
 * and a MAC over the method, the path and the expiry (see SigningKeys). A link lives
 * SIGNED_URL_TTL_SECONDS (an hour by default) and dies early if its key is rotated out.
 */
@Injectable()
export class SignedLinks {
  constructor(private readonly keys: SigningKeys) {}

  /** The last path segment of the link for `payload`, to put after its route (`/content/files/…`). */
  async sign(payload: { k: SignedLinkKind } & Record<string, unknown>): Promise<string> {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const signed = this.keys.signPath('GET', `${ROUTES[payload.k]}/${body}`);
    return signed.slice(ROUTES[payload.k].length + 1);
  }

  /**
   * The payload of a request to a signed link (`path` as requested, e.g. express's `req.path`).
   * Throws 404 for anything else, also for links of another kind: the link is the credential,
   * so a caller learns nothing more than "not here", except that a genuine link expired.
   */
  verify<T extends { k: SignedLinkKind }>(method: string, path: string, kind: T['k'], what: string): T {
    const checked = this.keys.verifyPath(method, path);
    if (!checked.ok && checked.reason === 'expired') throw new NotFound(`This ${what} link has expired; ask for a new one`);
    const prefix = `${ROUTES[kind]}/`;
    if (checked.ok && checked.path.startsWith(prefix)) {
      const payload = parse(checked.path.slice(prefix.length));
      if (payload?.k === kind) return payload as T;
    }
    throw new NotFound(`No ${what} at this URL (the link is invalid)`);
  }
}

/**
 * The payload object of a link body, or null. The MAC has already been checked, so the fields
 * were written by `sign` from a typed payload; only the outer shape (a JSON object) and, in
 * `verify`, its kind are checked here.
 */
function parse(body: string): { k?: unknown } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(body)) return null;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  return isJsonObject(v) ? v : null;
}

const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
