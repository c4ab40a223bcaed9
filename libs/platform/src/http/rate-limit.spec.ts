import { RateLimiter, rateLimitKey } from './rate-limit';

describe('RateLimiter', () => {
  it('allows `limit` hits per key and window, then refuses until the window ends', () => {
    let now = 1_700_000_000_000;
    const limiter = new RateLimiter(3, () => now);
    expect([1, 2, 3].map(() => limiter.hit('a').remaining)).toEqual([2, 1, 0]);
    const refused = limiter.hit('a');
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 1_700_000_060, retryAfterSeconds: 60 });
    expect(limiter.hit('b').allowed).toBe(true);
    now += 59_500;
    expect(limiter.hit('a')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    now += 500;
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 1_700_000_120 });
  });

  it('forgets the least recently seen keys beyond its bound', () => {
    const limiter = new RateLimiter(1, () => 0, 60_000, 2);
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('c').allowed).toBe(false);
  });

  it('keys by a hash of the bearer token, else by address', () => {
    const key = rateLimitKey({ headers: { authorization: 'Bearer gb_api_secret' }, ip: '10.0.0.1' } as never);
    expect(key).toMatch(/^token:[0-9a-f]{64}$/);
    expect(key).not.toContain('secret');
    expect(rateLimitKey({ headers: { authorization: 'Bearer gb_api_secret ' }, ip: '10.0.0.1' } as never)).toBe(key);
    expect(rateLimitKey({ headers: { authorization: 'Basic abc' }, ip: '10.0.0.1' } as never)).toBe('ip:10.0.0.1');
    expect(rateLimitKey({ headers: {}, ip: '10.0.0.2' } as never)).toBe('ip:10.0.0.2');
  });
});
