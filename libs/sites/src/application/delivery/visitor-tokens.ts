import { Inject, Injectable, Optional } from '@nestjs/common';
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, errors, FetchImplementation, jwtVerify, JWTVerifyResult } from 'jose';
import { LRUCache } from 'lru-cache';
import { Clock, OutboundHttp, PlatformConfig } from '@app/platform';

/** Where a site's visitor tokens are checked against: its own key (HS256) and/or a JWKS URL. */
export interface VisitorTokenKeys {
  /** The site's generated key in clear (null when none was generated, or it no longer opens). */
  secret: string | null;
  jwksURL: string | null;
}

export type TokenCheck = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: string };

export interface VisitorTokenOptions {
  /** Bound of one JWKS fetch; a slow identity provider refuses the visitor instead of holding the request. */
  jwksTimeoutMs: number;
  /** Largest JWKS document read. */
  jwksMaxBytes: number;
}
export const VISITOR_TOKEN_OPTIONS = Symbol('VISITOR_TOKEN_OPTIONS');
const DEFAULTS: VisitorTokenOptions = { jwksTimeoutMs: 5000, jwksMaxBytes: 256 * 1024 };

const MAX_TOKEN_LENGTH = 8192;
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/**
 * Registered claims left out of the visitor's claims: they say how the token is valid, not who
 * the visitor is, and they change with every token (a cache keyed by claims would never hit).
 * `unsigned` is only ever the unsigned claims the visitor passes beside the token.
 */
const NOT_CLAIMS = new Set(['aud', 'exp', 'nbf', 'iat', 'jti', 'unsigned']);

/**
 * jose's JWKS fetch, made by the platform's outbound client: never a private address unless
 * OUTBOUND_ALLOWED_HOSTS lists it, within jwksTimeoutMs and jwksMaxBytes (jose itself reads
 * whatever the server sends), and no redirect followed (jose asks for none: redirect 'manual').
 */
const guardedFetch =
  (outbound: OutboundHttp, options: VisitorTokenOptions): FetchImplementation =>
  async (url, init) => {
    const got = await outbound.get(url, {
      purpose: 'JWKS',
      accept: init.headers.get('accept') ?? 'application/json',
      maxBytes: options.jwksMaxBytes,
      timeoutMs: options.jwksTimeoutMs,
      maxRedirects: 0,
      signal: init.signal,
    });
    if (got.ok) return new Response(got.body, { status: got.status, headers: got.contentType ? { 'content-type': got.contentType } : {} });
    if (got.kind === 'timeout') throw new errors.JWKSTimeout();
    throw new errors.JWKSInvalid(got.message);
  };

/** Why a token was refused, for the visitor (never the token itself). */
function reasonOf(e: unknown, audience: string): string {
  if (e instanceof errors.JWTExpired) return 'visitor token: expired';
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === 'aud') return `visitor token: aud must be the site id ${audience}`;
    if (e.reason === 'missing') return `visitor token: the ${e.claim} claim is required`;
    return `visitor token: the ${e.claim} claim is not valid (${e.reason})`;
  }
  if (e instanceof errors.JWSSignatureVerificationFailed) return "visitor token: the signature does not verify with the site's key";
  if (e instanceof errors.JOSEAlgNotAllowed) return 'visitor token: the signing algorithm is not allowed';
  if (e instanceof errors.JWKSTimeout) return "visitor token: the site's JWKS URL did not answer in time";
  if (e instanceof errors.JWKSNoMatchingKey || e instanceof errors.JWKSMultipleMatchingKeys)
    return "visitor token: no key of the site's JWKS matches the token";
  if (e instanceof errors.JWSInvalid || e instanceof errors.JWTInvalid) return 'visitor token: not a valid signed JWT';
  return "visitor token: the site's JWKS could not be read";
}

/**
 * Visitor tokens (JWTs) of visitor-auth and adaptive sites, verified with jose: signature (HS256
 * with the site's key, or an asymmetric algorithm with a key of the site's JWKS), `exp`
 * (required, against the injected clock) and `aud`, which must be the site's id — stable across
 * basename and hostname changes, and a token one identity provider issued for another site does
 * not open this one.
 */
@Injectable()
export class VisitorTokens {
  private readonly options: VisitorTokenOptions;
  private readonly outbound: OutboundHttp;
  /** One remote key set per JWKS URL, so its keys are cached between visitors (jose refetches on unknown kids). */
  private readonly keySets = new LRUCache<string, ReturnType<typeof createRemoteJWKSet>>({ max: 500 });

  constructor(
    private readonly clock: Clock,
    config: PlatformConfig,
    @Optional() @Inject(VISITOR_TOKEN_OPTIONS) options?: Partial<VisitorTokenOptions>,
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.outbound = new OutboundHttp(config);
  }

  async verify(token: string, audience: string, keys: VisitorTokenKeys): Promise<TokenCheck> {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
      return { ok: false, reason: `visitor token: must be a JWT of at most ${MAX_TOKEN_LENGTH} characters` };
    }
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      return { ok: false, reason: 'visitor token: not a valid signed JWT' };
    }
    const checks = { audience, requiredClaims: ['exp'], currentDate: this.clock.now() };
    let result: JWTVerifyResult;
    try {
      if (alg === 'HS256') {
        if (keys.secret === null) return { ok: false, reason: 'visitor token: the site has no signing key (regenerate it) for HS256 tokens' };
        result = await jwtVerify(token, new TextEncoder().encode(keys.secret), { ...checks, algorithms: ['HS256'] });
      } else if (alg && ASYMMETRIC.includes(alg)) {
        if (keys.jwksURL === null) return { ok: false, reason: `visitor token: ${alg} tokens need a JWKS URL in the site's authentication settings` };
        result = await jwtVerify(token, this.keySet(keys.jwksURL), { ...checks, algorithms: ASYMMETRIC });
      } else {
        return { ok: false, reason: 'visitor token: the signing algorithm is not allowed (HS256 with the site key, or an asymmetric one with a JWKS)' };
      }
    } catch (e) {
      return { ok: false, reason: reasonOf(e, audience) };
    }
    const claims = Object.fromEntries(Object.entries(result.payload).filter(([k]) => !NOT_CLAIMS.has(k)));
    return { ok: true, claims };
  }

  private keySet(url: string): ReturnType<typeof createRemoteJWKSet> {
    let set = this.keySets.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), {
        timeoutDuration: this.options.jwksTimeoutMs,
        [customFetch]: guardedFetch(this.outbound, this.options),
      });
      this.keySets.set(url, set);
    }
    return set;
  }
}
