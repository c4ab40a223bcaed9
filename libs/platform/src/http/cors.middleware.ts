import type { NextFunction, Request, RequestHandler, Response } from 'express';

const METHODS = 'GET, POST, PUT, PATCH, DELETE';
const REQUEST_HEADERS = 'Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, X-Request-Id, X-Min-Position';
const EXPOSED_HEADERS =
  'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id, ETag, Retry-After, Location, Idempotent-Replayed, X-As-Of, X-Position';

const normalize = (origin: string) => origin.trim().replace(/\/+$/, '').toLowerCase();

/**
 * CORS for the origins in CORS_ORIGINS ('*' for any); null (no middleware, no
 * Access-Control-* header anywhere) when the list is empty. It sits before the rate limit and
 * the bearer guard: a browser's preflight carries no token, and a 401 or 429 must be readable
 * by the page that caused it (so preflights are not counted by the rate limit). Other origins
 * get no CORS headers, and their preflight goes on like any request (401 without a token).
 */
export function cors(origins: string[]): RequestHandler | null {
  if (origins.length === 0) return null;
  const any = origins.includes('*');
  const allowed = new Set(origins.map(normalize));
  return (req: Request, res: Response, next: NextFunction) => {
    // The answer depends on the origin (echoed rather than '*'): caches keep one per origin.
    res.vary('Origin');
    const origin = req.headers.origin;
    if (!origin || !(any || allowed.has(normalize(origin)))) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', METHODS);
      res.setHeader('Access-Control-Allow-Headers', REQUEST_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    next();
  };
}
