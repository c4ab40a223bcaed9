import type { Request } from 'express';

/**
 * Paths under the API prefix. Express matches routes case-insensitively and ignores a
 * trailing slash, so `/V1/orgs/` reaches the same controller as `/v1/orgs`.
 */
export const isApiPath = (path: string): boolean => /^\/v1(\/|$)/i.test(path);

/** The bearer token of a request, or null when the header is absent or not `Bearer <token>`. */
export function bearerToken(req: Pick<Request, 'headers'>): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m ? m[1] : null;
}
