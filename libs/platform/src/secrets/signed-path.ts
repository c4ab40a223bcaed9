import { createHmac, timingSafeEqual } from 'crypto';

/**
 * A signed URL path: `<path>.<expires>.<keyId>.<mac>`, where `expires` is in epoch seconds and
 * the MAC (HMAC-SHA256) covers the method and everything before it — path, expiry and key id —
 * so neither can be changed, and a link for GET is not a link for any other method. Everything
 * stays in the path (no query string), so the URL survives clients that drop or reorder queries.
 */
export interface SignedPathParts {
  /** The path that was signed, without the signature suffix. */
  path: string;
  expires: number;
  keyId: string;
  /** What the MAC covers (without the method). */
  unsigned: string;
  mac: Buffer;
}

const macOf = (secret: Buffer, method: string, unsigned: string) => createHmac('sha256', secret).update(`${method.toUpperCase()}\n${unsigned}`).digest();

export function signPath(secret: Buffer, keyId: string, method: string, path: string, expiresAtSeconds: number): string {
  const unsigned = `${path}.${expiresAtSeconds}.${keyId}`;
  return `${unsigned}.${macOf(secret, method, unsigned).toString('base64url')}`;
}

const SUFFIX = /^(.*)\.(\d{1,15})\.([0-9a-f]{16})\.([A-Za-z0-9_-]{43})$/s;

export function parseSignedPath(signed: string): SignedPathParts | null {
  const m = SUFFIX.exec(signed);
  if (!m) return null;
  return { path: m[1], expires: Number(m[2]), keyId: m[3], unsigned: `${m[1]}.${m[2]}.${m[3]}`, mac: Buffer.from(m[4], 'base64url') };
}

/** Constant-time comparison, so the time to answer does not tell how much of a guess was right. */
export function macMatches(secret: Buffer, method: string, parts: SignedPathParts): boolean {
  const expected = macOf(secret, method, parts.unsigned);
  return parts.mac.length === expected.length && timingSafeEqual(parts.mac, expected);
}
