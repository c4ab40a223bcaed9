import { createHash } from 'crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { bearerToken, isApiPath } from './api-paths';
import { TooManyRequests } from './http-errors';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the caller's window ends, in epoch seconds (what X-RateLimit-Reset carries). */
  resetSeconds: number;
  /** Seconds until that moment, at least 1 (what Retry-After carries). */
  retryAfterSeconds: number;
}

/**
 * A fixed one-minute window per key, in memory: each API process counts for itself (behind a
 * load balancer the effective limit is per instance). The least recently seen keys are
 * forgotten first, so memory stays bounded whatever the number of callers.
 */
export class RateLimiter {
  private readonly windows: LRUCache<string, { start: number; count: number }>;

  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
    readonly windowMs = 60_000,
    maxKeys = 100_000,
  ) {
    this.windows = new LRUCache({ max: maxKeys });
  }

  hit(key: string): RateLimitDecision {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now >= w.start + this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    const end = w.start + this.windowMs;
    return {
      allowed: w.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - w.count),
      resetSeconds: Math.ceil(end / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)),
    };
  }
}

/** Who is counted: the bearer token (by its hash: the secret is not kept), else the address. */
export function rateLimitKey(req: Request): string {
  const token = bearerToken(req);
  return token ? `token:${createHash('sha256').update(token).digest('hex')}` : `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
}

/**
 * Counts every /v1 request before anything else reads it, and sets X-RateLimit-* first, so
 * every answer carries them (401, 404 and body errors included); over the limit, 429 with
 * Retry-After and the error body; `onRefused` counts the refusals (metrics).
 */
export function rateLimit(limiter: RateLimiter, onRefused?: () => void): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isApiPath(req.path)) return next();
    const d = limiter.hit(rateLimitKey(req));
    res.setHeader('X-RateLimit-Limit', String(d.limit));
    res.setHeader('X-RateLimit-Remaining', String(d.remaining));
    res.setHeader('X-RateLimit-Reset', String(d.resetSeconds));
    if (d.allowed) return next();
    onRefused?.();
    next(new TooManyRequests(`API rate limit exceeded (${d.limit} requests per minute); retry in ${d.retryAfterSeconds} seconds`, d.retryAfterSeconds));
  };
}
