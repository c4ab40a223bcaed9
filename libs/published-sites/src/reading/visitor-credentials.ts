import type { VisitorCredentials } from '../ports';

/**
 * How a browser presents itself to a published site, as the reference's renderer takes it:
 *   - `?shareKey=<key>` for share-link sites (the URL in a share link's `urls.published`);
 *   - `?jwt_token=<jwt>` (or `?visitorAuthToken=<jwt>`) for visitor-auth sites and signed claims;
 *   - `?visitor.<claim>=<value>` for unsigned claims of adaptive content.
 * After the first visit they live in cookies scoped to the site's path, so the links of the
 * site need not carry them and the secret leaves the address bar (the site redirects to the
 * clean URL). Query values win over cookies.
 */
export const COOKIES = {
  shareKey: 'gitbook-share-key',
  jwtToken: 'gitbook-visitor-token',
  unsigned: 'gitbook-visitor-public',
  visitorId: 'gitbook-visitor-id',
  sessionId: 'gitbook-session-id',
} as const;

export const CREDENTIAL_PARAMS = ['shareKey', 'jwt_token', 'visitorAuthToken'] as const;
const UNSIGNED_PREFIX = 'visitor.';
const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_UNSIGNED = 32;
const MAX_VALUE = 256;
const MAX_CREDENTIAL = 8192;

export type QueryValues = Record<string, unknown>;

/** The cookies of a `Cookie` header (a malformed pair is skipped). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // not percent-encoding: not one of ours
    }
  }
  return out;
}

/** A single string query value (the first of repeated ones), bounded; undefined otherwise. */
export function queryString(q: QueryValues, name: string, max = MAX_CREDENTIAL): string | undefined {
  const v = Array.isArray(q[name]) ? (q[name] as unknown[])[0] : q[name];
  return typeof v === 'string' && v !== '' && v.length <= max ? v : undefined;
}

/** `true`/`false` and plain numbers become booleans and numbers (conditions compare them); the rest stays text. */
function claimValue(raw: string): string | number | boolean {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return /^-?\d{1,15}(\.\d{1,15})?$/.test(raw) ? Number(raw) : raw;
}

/** Unsigned claims named by `visitor.<claim>` query parameters. */
export function unsignedFromQuery(q: QueryValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(q)) {
    if (!key.startsWith(UNSIGNED_PREFIX) || Object.keys(out).length >= MAX_UNSIGNED) continue;
    const name = key.slice(UNSIGNED_PREFIX.length);
    const value = queryString(q, key, MAX_VALUE);
    if (CLAIM_NAME.test(name) && !FORBIDDEN.has(name) && value !== undefined) out[name] = claimValue(value);
  }
  return out;
}

/** Unsigned claims kept in the cookie (a JSON object of scalars; anything else is ignored). */
export function unsignedFromCookie(value: string | undefined): Record<string, unknown> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(parsed).slice(0, MAX_UNSIGNED)) {
      if (CLAIM_NAME.test(k) && !FORBIDDEN.has(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) out[k] = v;
    }
    return out;
  } catch {
    return {};
  }
}

export interface PresentedCredentials {
  credentials: VisitorCredentials;
  /** Credentials that came in the query (to keep in cookies and drop from the URL). */
  fromQuery: { shareKey?: string; jwtToken?: string; unsigned?: Record<string, unknown> };
  /** Unsigned claims after merging, to keep in their cookie. */
  unsigned: Record<string, unknown>;
}

export function presentedCredentials(q: QueryValues, cookies: Record<string, string>): PresentedCredentials {
  const qShareKey = queryString(q, 'shareKey');
  const qJwt = queryString(q, 'jwt_token') ?? queryString(q, 'visitorAuthToken');
  const qUnsigned = unsignedFromQuery(q);
  const unsigned = { ...unsignedFromCookie(cookies[COOKIES.unsigned]), ...qUnsigned };
  const shareKey = qShareKey ?? (cookies[COOKIES.shareKey] || undefined);
  const jwtToken = qJwt ?? (cookies[COOKIES.jwtToken] || undefined);
  return {
    credentials: {
      ...(shareKey ? { shareKey } : {}),
      ...(jwtToken ? { jwtToken } : {}),
      ...(Object.keys(unsigned).length ? { unsignedClaims: unsigned } : {}),
    },
    fromQuery: {
      ...(qShareKey ? { shareKey: qShareKey } : {}),
      ...(qJwt ? { jwtToken: qJwt } : {}),
      ...(Object.keys(qUnsigned).length ? { unsigned: qUnsigned } : {}),
    },
    unsigned,
  };
}

/** Whether a query parameter carries a credential (dropped from the URL once it is in a cookie). */
export const isCredentialParam = (name: string): boolean => (CREDENTIAL_PARAMS as readonly string[]).includes(name) || name.startsWith(UNSIGNED_PREFIX);

export interface CookieOptions {
  path: string;
  secure: boolean;
  /** Seconds; omitted: a session cookie. 0 deletes the cookie. */
  maxAge?: number;
}

/** A Set-Cookie value: HttpOnly (no script reads a visitor's credentials) and SameSite=Lax. */
export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path || '/'}`, 'HttpOnly', 'SameSite=Lax'];
  if (o.secure) parts.push('Secure');
  if (o.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(o.maxAge))}`);
  return parts.join('; ');
}

/** Seconds until a JWT's `exp` (read without verifying: only to bound its cookie's life), null when it has none. */
export function jwtSecondsLeft(token: string, nowMs: number): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? Math.max(0, Math.floor(exp - nowMs / 1000)) : null;
  } catch {
    return null;
  }
}
