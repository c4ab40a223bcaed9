import { Injectable } from '@nestjs/common';
import { Clock, PlatformConfig, SigningKeys } from '@app/platform';
import { shareKeyDigest } from '@app/sites';
import { jwtSecondsLeft } from './visitor-credentials';

const PREFIX = 'visitor-session/';

/** What a session token carries: the visitor's claims and, for a share-link visitor, the key's digest. */
interface SessionBody {
  c: Record<string, unknown>;
  k?: string;
}
const TOKEN = /^visitor-session\/[A-Za-z0-9_-]{1,200}\/[A-Za-z0-9_-]*\.\d{1,15}\.[0-9a-f]{16}\.[A-Za-z0-9_-]{43}$/;

/**
 * The reference resolver's `apiToken`: a short-lived token that lets whoever resolved a URL for
 * a visitor (a renderer, an integration) read that site as that visitor, by sending it as
 * `Authorization: Bearer <apiToken>` to the published site. It is signed with the platform's
 * signing keys (CONTENT_SIGNING_KEY or the key file) and carries the site and the visitor's
 * claims; it lives SIGNED_URL_TTL_SECONDS at most, and never beyond the visitor JWT's `exp`.
 * It opens nothing but that one published site, and only while the site is published; a
 * session of a share-link visitor carries the digest of the key that admitted it (never the key)
 * and opens the site only while that link is active.
 */
@Injectable()
export class VisitorSessions {
  constructor(
    private readonly keys: SigningKeys,
    private readonly config: PlatformConfig,
    private readonly clock: Clock,
  ) {}

  /** A session for the visitor admitted with `claims` (and `jwtToken`, whose `exp` bounds the session; `shareKey`, whose link must stay active). */
  issue(siteId: string, claims: Record<string, unknown>, jwtToken?: string, shareKey?: string): string {
    const session: SessionBody = { c: claims, ...(shareKey ? { k: shareKeyDigest(shareKey) } : {}) };
    const body = Buffer.from(JSON.stringify(session)).toString('base64url');
    const left = jwtToken ? jwtSecondsLeft(jwtToken, this.clock.now().getTime()) : null;
    const ttl = Math.max(1, Math.min(this.config.signedUrlTtlSeconds, left ?? Number.POSITIVE_INFINITY));
    return this.keys.signPath('GET', `${PREFIX}${encodeURIComponent(siteId)}/${body}`, ttl);
  }

  /** The claims (and share-key digest) of a valid, unexpired session token for `siteId`; null for anything else. */
  open(token: string, siteId: string): { claims: Record<string, unknown>; shareKeyDigest?: string } | null {
    if (!TOKEN.test(token)) return null;
    const checked = this.keys.verifyPath('GET', token);
    if (!checked.ok) return null;
    const prefix = `${PREFIX}${encodeURIComponent(siteId)}/`;
    if (!checked.path.startsWith(prefix)) return null;
    try {
      const session = JSON.parse(Buffer.from(checked.path.slice(prefix.length), 'base64url').toString('utf8')) as Partial<SessionBody> | null;
      const claims = session?.c;
      if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
      return { claims, ...(typeof session?.k === 'string' ? { shareKeyDigest: session.k } : {}) };
    } catch {
      return null;
    }
  }

  static looksLikeSession(token: string): boolean {
    return token.startsWith(PREFIX);
  }
}
