import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';
import { exportJWK, generateKeyPair, JWTPayload, SignJWT } from 'jose';
import { ManualClock, PlatformConfig } from '@app/platform';
import { VisitorTokens } from './visitor-tokens';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const SECRET = 'k'.repeat(43);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

const hs256 = (payload: JWTPayload, secret = SECRET, exp: number | null = seconds(NOW) + 3600) => {
  const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(seconds(NOW));
  if (exp !== null) jwt.setExpirationTime(exp);
  return jwt.sign(new TextEncoder().encode(secret));
};

/** A local identity provider: serves `handler` at /jwks on a random loopback port. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; server: Server; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`, server, hits: () => hits };
}
const close = (s: Server) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())));

describe('visitor tokens (jose)', () => {
  const clock = new ManualClock(NOW);
  // The identity providers below listen on loopback, which the outbound guard lets through only when listed.
  const config = PlatformConfig.fromEnv({}, { outboundAllowedHosts: ['127.0.0.1'] });
  const tokens = new VisitorTokens(clock, config);
  const keys = { secret: SECRET, jwksURL: null };
  beforeEach(() => clock.set(NOW));

  it('admits an HS256 token signed with the site key, for the site id as audience; claims without the registered timing ones', async () => {
    const token = await hs256({ aud: 'site1', sub: 'u1', plan: 'pro', roles: ['a'], unsigned: { forged: true } });
    expect(await tokens.verify(token, 'site1', keys)).toEqual({ ok: true, claims: { sub: 'u1', plan: 'pro', roles: ['a'] } });
  });

  it('refuses an expired token by the injected clock, and a token without exp', async () => {
    const token = await hs256({ aud: 'site1' });
    clock.set(new Date(NOW.getTime() + 3601_000));
    expect(await tokens.verify(token, 'site1', keys)).toEqual({ ok: false, reason: 'visitor token: expired' });
    clock.set(NOW);
    expect(await tokens.verify(await hs256({ aud: 'site1' }, SECRET, null), 'site1', keys)).toEqual({
      ok: false,
      reason: 'visitor token: the exp claim is required',
    });
  });

  it('refuses a wrong or missing audience', async () => {
    for (const aud of ['site2', undefined, 'https://example.com/published/o1/docs']) {
      const check = await tokens.verify(await hs256(aud ? { aud } : {}), 'site1', keys);
      expect(check).toEqual({ ok: false, reason: 'visitor token: aud must be the site id site1' });
    }
  });

  it('refuses a token signed with another key, or when the site has no key', async () => {
    const token = await hs256({ aud: 'site1' }, 'x'.repeat(43));
    expect(await tokens.verify(token, 'site1', keys)).toEqual({ ok: false, reason: "visitor token: the signature does not verify with the site's key" });
    expect((await tokens.verify(await hs256({ aud: 'site1' }), 'site1', { secret: null, jwksURL: null })).ok).toBe(false);
  });

  it('refuses junk, unsigned tokens (alg none), other HMAC algorithms and oversized tokens', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none' })}.${b64({ aud: 'site1', exp: seconds(NOW) + 60 })}.`;
    const hs512 = await new SignJWT({ aud: 'site1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(seconds(NOW) + 60)
      .sign(new TextEncoder().encode(SECRET.repeat(2)));
    for (const bad of ['', 'junk', 'a.b.c', none, hs512, 'x'.repeat(9000)]) {
      const check = await tokens.verify(bad, 'site1', keys);
      expect(check.ok).toBe(false);
    }
  });

  describe('with a JWKS URL', () => {
    it('verifies asymmetric tokens with the provider keys (fetched once), and refuses unknown keys', async () => {
      const { publicKey, privateKey } = await generateKeyPair('ES256');
      const other = await generateKeyPair('ES256');
      const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
      const idp = await serve((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })));
      try {
        const sign = (key: Parameters<SignJWT['sign']>[0], kid: string, aud = 'site1') =>
          new SignJWT({ aud, email: 'v@example.com' })
            .setProtectedHeader({ alg: 'ES256', kid })
            .setExpirationTime(seconds(NOW) + 60)
            .sign(key);
        const jwks = { secret: null, jwksURL: idp.url };
        expect(await tokens.verify(await sign(privateKey, 'k1'), 'site1', jwks)).toEqual({ ok: true, claims: { email: 'v@example.com' } });
        expect(await tokens.verify(await sign(privateKey, 'k1'), 'site1', jwks)).toMatchObject({ ok: true });
        expect(idp.hits()).toBe(1);
        expect(await tokens.verify(await sign(privateKey, 'k1', 'site2'), 'site1', jwks)).toEqual({
          ok: false,
          reason: 'visitor token: aud must be the site id site1',
        });
        expect(await tokens.verify(await sign(other.privateKey, 'k1'), 'site1', jwks)).toEqual({
          ok: false,
          reason: "visitor token: the signature does not verify with the site's key",
        });
        expect(await tokens.verify(await sign(other.privateKey, 'k9'), 'site1', jwks)).toEqual({
          ok: false,
          reason: "visitor token: no key of the site's JWKS matches the token",
        });
        // An asymmetric token is never checked against the site's HS256 key, nor without a JWKS URL.
        expect((await tokens.verify(await sign(privateKey, 'k1'), 'site1', { secret: SECRET, jwksURL: null })).ok).toBe(false);
      } finally {
        await close(idp.server);
      }
    });

    it('gives up on a provider that does not answer within the timeout, or sends too much', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const token = await new SignJWT({ aud: 'site1' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setExpirationTime(seconds(NOW) + 60)
        .sign(privateKey);
      const hanging = await serve(() => undefined);
      const huge = await serve((_req, res) => res.end(`{"keys":[${'{"kty":"oct"},'.repeat(100_000)}{}]}`));
      const refused = await serve((_req, res) => res.writeHead(500).end());
      try {
        const quick = new VisitorTokens(clock, config, { jwksTimeoutMs: 150, jwksMaxBytes: 10_000 });
        expect(await quick.verify(token, 'site1', { secret: null, jwksURL: hanging.url })).toEqual({
          ok: false,
          reason: "visitor token: the site's JWKS URL did not answer in time",
        });
        for (const url of [huge.url, refused.url]) {
          expect(await quick.verify(token, 'site1', { secret: null, jwksURL: url })).toEqual({
            ok: false,
            reason: "visitor token: the site's JWKS could not be read",
          });
        }
      } finally {
        await Promise.all([hanging, huge, refused].map((s) => close(s.server)));
      }
    });

    it('never fetches a JWKS from a private address unless OUTBOUND_ALLOWED_HOSTS lists it, nor follows a redirect', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      const token = await new SignJWT({ aud: 'site1' })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setExpirationTime(seconds(NOW) + 60)
        .sign(privateKey);
      const idp = await serve((_req, res) => res.setHeader('content-type', 'application/json').end('{"keys":[]}'));
      const moved = await serve((_req, res) => res.writeHead(302, { location: idp.url }).end());
      try {
        const guarded = new VisitorTokens(clock, PlatformConfig.fromEnv({}, { outboundAllowedHosts: [] }));
        for (const url of [idp.url, idp.url.replace('127.0.0.1', 'localhost')])
          expect(await guarded.verify(token, 'site1', { secret: null, jwksURL: url })).toEqual({
            ok: false,
            reason: "visitor token: the site's JWKS could not be read",
          });
        expect(idp.hits()).toBe(0);
        expect(await tokens.verify(token, 'site1', { secret: null, jwksURL: moved.url })).toEqual({
          ok: false,
          reason: "visitor token: the site's JWKS could not be read",
        });
        expect([moved.hits(), idp.hits()]).toEqual([1, 0]);
      } finally {
        await Promise.all([idp, moved].map((s) => close(s.server)));
      }
    });
  });
});
