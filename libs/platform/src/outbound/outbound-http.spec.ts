import * as http from 'http';
import type { AddressInfo } from 'net';
import * as zlib from 'zlib';
import { PlatformConfig } from '../config/platform-config';
import type { Resolve } from './network-guard';
import { OutboundHttp, type OutboundRequest } from './outbound-http';
import { outboundUrlProblem } from './outbound-url.check';

type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A local server with one route per behaviour a remote host can have; `hits` counts requests per path. */
function remoteHost(routes: Record<string, Route>) {
  const hits = new Map<string, number>();
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path.startsWith('/slow')) held.push(res);
    (routes[path] ?? ((_q, r) => r.writeHead(404).end('nope')))(req, res);
  });
  return {
    hits,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return (server.address() as AddressInfo).port;
    },
    async stop() {
      held.forEach((r) => r.destroy());
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('OutboundHttp: GET of a URL someone else chose, bounded and guarded', () => {
  let sentBytes = 0;
  let authorization: string | undefined;
  const host = remoteHost({
    '/spec.json': (req, res) => {
      authorization = req.headers.authorization;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"openapi":"3.0.3"}');
    },
    // /hop/N redirects N more times before the document.
    ...Object.fromEntries(
      [0, 1, 2, 3].map((n): [string, Route] => [`/hop/${n}`, (_req, res) => res.writeHead(302, { location: n === 0 ? '/spec.json' : `/hop/${n - 1}` }).end()]),
    ),
    '/gzip': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('{"zipped":true}')),
    '/compress': (_req, res) => res.writeHead(200, { 'content-encoding': 'compress' }).end('x'),
    '/bomb': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(5_000_000))),
    '/huge': (_req, res) => res.writeHead(200).end(Buffer.alloc(200_000, 'a')),
    '/huge-chunked': (_req, res) => {
      res.writeHead(200);
      for (let i = 0; i < 50; i++) res.write(Buffer.alloc(10_000, 'b'));
      res.end();
    },
    '/endless': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      // Writes until the client goes away (or 5 MB): a reader that stops early closes the socket.
      const write = () => {
        while (sentBytes < 5_000_000 && !res.destroyed) {
          sentBytes += 16_384;
          if (!res.write('x'.repeat(16_384))) return void res.once('drain', write);
        }
        res.end();
      };
      write();
    },
    '/head': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<head><title>H</title></he');
      // The marker straddles two chunks; the rest of the page never comes.
      setTimeout(() => res.write('ad><body>'), 20);
    },
    '/echo': (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        res
          .writeHead(200, { 'content-type': 'application/json', 'x-seen': 'yes' })
          .end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString(), authorization: req.headers.authorization ?? null })),
      );
    },
    '/see-other': (_req, res) => res.writeHead(303, { location: '/echo' }).end(),
    '/temporary': (_req, res) => res.writeHead(307, { location: '/echo' }).end(),
    '/elsewhere': (req, res) => res.writeHead(308, { location: `http://localhost:${req.socket.localPort}/echo` }).end(),
    '/slow': () => undefined,
    '/slow-body': (_req, res) => res.writeHead(200).write('{"partial":'),
    '/slow-gzip': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).write(zlib.gzipSync('{"partial":').subarray(0, 12)),
    '/loop': (_req, res) => res.writeHead(301, { location: '/loop' }).end(),
    '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    '/to-malformed': (_req, res) => res.writeHead(302, { location: 'http://[oops/' }).end(),
    '/to-private': (req, res) => res.writeHead(302, { location: `http://127.0.0.2:${req.socket.localPort}/spec.json` }).end(),
    '/to-v6-loopback': (req, res) => res.writeHead(307, { location: `http://[::1]:${req.socket.localPort}/spec.json` }).end(),
  });
  let base: string;
  const config = (over: Partial<PlatformConfig> = {}) =>
    Object.assign(new PlatformConfig(), { fetchTimeoutMs: 2000, fetchMaxBytes: 100_000, fetchMaxRedirects: 3, outboundAllowedHosts: ['127.0.0.1'], ...over });
  const get = (path: string, request: Partial<OutboundRequest> = {}, over: Partial<PlatformConfig> = {}) =>
    new OutboundHttp(config(over)).get(path.startsWith('/') ? `${base}${path}` : path, { purpose: 'test', ...request });

  beforeAll(async () => {
    base = `http://127.0.0.1:${await host.start()}`;
  });
  afterAll(() => host.stop());

  it('reads a document, follows redirects within the bound, and never sends the credentials of the URL', async () => {
    const ok = await get(`${base.replace('http://', 'http://user:secret@')}/hop/2?x=1`);
    expect(ok).toMatchObject({ ok: true, status: 200, contentType: 'application/json', url: `${base}/spec.json`, complete: true });
    expect(ok.ok && ok.body.toString()).toBe('{"openapi":"3.0.3"}');
    expect(authorization).toBeUndefined();
  });

  it('refuses a redirect chain over the limit (the config, or a tighter per-call one) and redirects to other schemes', async () => {
    expect(await get('/hop/3')).toEqual({ ok: false, kind: 'redirects', message: `${base}/hop/0 redirected more than 3 times` });
    expect(await get('/hop/1', { maxRedirects: 99 }, { fetchMaxRedirects: 1 })).toMatchObject({ ok: false, kind: 'redirects' });
    expect(await get('/hop/0', { maxRedirects: 0 })).toEqual({ ok: false, kind: 'redirects', message: `${base}/hop/0 redirected more than 0 times` });
    host.hits.delete('/loop');
    expect(await get('/loop', {}, { fetchMaxRedirects: 2 })).toMatchObject({ ok: false, kind: 'redirects' });
    expect(host.hits.get('/loop')).toBe(3);
    expect(await get('/to-file')).toEqual({ ok: false, kind: 'scheme', message: `${base}/to-file redirected to a file: URL; only http(s) is fetched` });
    expect(await get('/to-malformed')).toEqual({
      ok: false,
      kind: 'scheme',
      message: `${base}/to-malformed redirected to a malformed URL; only http(s) is fetched`,
    });
    expect(await get('ftp://127.0.0.1/x')).toEqual({ ok: false, kind: 'scheme', message: 'only http(s) URLs are fetched, not ftp:' });
  });

  it('checks every redirect hop again: a redirect to a private address is refused before connecting', async () => {
    // Only the test server's own address is let through, so the first hop connects and the redirect's does not.
    const outbound = new OutboundHttp(config({ outboundAllowedHosts: ['127.0.0.1'] }));
    host.hits.delete('/spec.json');
    const port = new URL(base).port;
    for (const [path, target] of [
      ['/to-private', '127.0.0.2'],
      ['/to-v6-loopback', '[::1]'],
    ])
      expect(await outbound.get(`${base}${path}`, { purpose: 'test' })).toEqual({
        ok: false,
        kind: 'private-network',
        message: `http://${target}:${port}/spec.json: ${target} is a loopback, private, link-local or cloud metadata address, which this server does not connect to (unless OUTBOUND_ALLOWED_HOSTS lists it)`,
      });
    expect(host.hits.get('/spec.json')).toBeUndefined();
    expect(await outbound.get(`${base}/spec.json`, { purpose: 'test' })).toMatchObject({ ok: true });
  });

  it('keeps off private networks unless the host is listed: literals, names that resolve there, metadata endpoints', async () => {
    host.hits.delete('/spec.json');
    const port = new URL(base).port;
    for (const url of [
      `${base}/spec.json`,
      `http://localhost:${port}/spec.json`,
      `http://[::1]:${port}/spec.json`,
      'http://169.254.169.254/latest/meta-data',
      'http://metadata.google.internal/computeMetadata/v1/',
    ])
      expect(await get(url, {}, { outboundAllowedHosts: ['example.com'] })).toMatchObject({
        ok: false,
        kind: 'private-network',
        message: expect.stringContaining('OUTBOUND_ALLOWED_HOSTS'),
      });
    expect(host.hits.get('/spec.json')).toBeUndefined();
  });

  it('resists DNS rebinding: a name that passed the submission check is checked again on the address dialled', async () => {
    let answers = 0;
    // The first answer (the submission check) is public, every later one the loopback server.
    const rebinding: Resolve = (_name, _options, callback) =>
      setImmediate(() => callback(null, [{ address: answers++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }]));
    const cfg = config({ outboundAllowedHosts: [] });
    const url = `http://rebind.test:${new URL(base).port}/spec.json`;
    expect(await outboundUrlProblem(cfg, 'url', url, rebinding)).toBeNull();
    host.hits.delete('/spec.json');
    expect(await new OutboundHttp(cfg, rebinding).get(url, { purpose: 'test' })).toMatchObject({
      ok: false,
      kind: 'private-network',
      message: expect.stringContaining('rebind.test is a loopback'),
    });
    expect(host.hits.get('/spec.json')).toBeUndefined();
  });

  it('sends other methods with headers and a body; redirects: 303 becomes GET, 307/308 repeat, credentials stay with their origin', async () => {
    const send = (path: string) =>
      new OutboundHttp(config({ outboundAllowedHosts: ['127.0.0.1', 'localhost'] })).send(`${base}${path}`, {
        purpose: 'test',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Basic c2VjcmV0' },
        body: '{"a":1}',
      });
    const answer = async (path: string) => {
      const got = await send(path);
      return got.ok ? [JSON.parse(got.body.toString()), got.headers['x-seen']] : got;
    };
    expect(await answer('/echo')).toEqual([{ method: 'POST', body: '{"a":1}', authorization: 'Basic c2VjcmV0' }, 'yes']);
    expect(await answer('/see-other')).toEqual([{ method: 'GET', body: '', authorization: 'Basic c2VjcmV0' }, 'yes']);
    expect(await answer('/temporary')).toEqual([{ method: 'POST', body: '{"a":1}', authorization: 'Basic c2VjcmV0' }, 'yes']);
    expect(await answer('/elsewhere')).toEqual([{ method: 'POST', body: '{"a":1}', authorization: null }, 'yes']);
    expect(await send('/missing')).toMatchObject({ ok: false, kind: 'status', status: 404, message: `POST ${base}/missing answered 404 Not Found` });
  });

  it('times out within one deadline (the config or a tighter per-call one), also in the middle of a compressed body', async () => {
    for (const path of ['/slow', '/slow-body', '/slow-gzip']) {
      const message = `${base}${path} did not answer in full within 200 ms`;
      expect(await get(path, {}, { fetchTimeoutMs: 200 })).toEqual({ ok: false, kind: 'timeout', message });
      expect(await get(path, { timeoutMs: 200 })).toEqual({ ok: false, kind: 'timeout', message });
    }
    expect(await get('/slow', { signal: AbortSignal.timeout(100) })).toEqual({
      ok: false,
      kind: 'timeout',
      message: `${base}/slow did not answer in full before the caller's deadline`,
    });
    const cancel = new AbortController();
    const pending = get('/slow', { signal: cancel.signal });
    cancel.abort();
    expect(await pending).toEqual({ ok: false, kind: 'aborted', message: `${base}/slow: the fetch was cancelled` });
  });

  it('decompresses, and refuses a body past the limit, before and after decompression', async () => {
    const zipped = await get('/gzip');
    expect(zipped.ok && zipped.body.toString()).toBe('{"zipped":true}');
    for (const path of ['/huge', '/huge-chunked', '/bomb'])
      expect(await get(path)).toEqual({ ok: false, kind: 'too-large', message: `${base}${path} is larger than 100000 bytes (FETCH_MAX_BYTES)` });
    expect(await get('/spec.json', { maxBytes: 10 })).toEqual({ ok: false, kind: 'too-large', message: `${base}/spec.json is larger than 10 bytes` });
    expect(await get('/compress')).toEqual({
      ok: false,
      kind: 'encoding',
      message: `${base}/compress answered with an unsupported Content-Encoding "compress"`,
    });
  });

  it('or, when truncating, keeps the first bytes within the limit without reading the rest', async () => {
    sentBytes = 0;
    const page = await get('/endless', { overflow: 'truncate', maxBytes: 10_000_000 });
    expect(page.ok && [page.body.length, page.complete]).toEqual([100_000, false]);
    await new Promise((r) => setTimeout(r, 50));
    expect(sentBytes).toBeLessThan(5_000_000);
  });

  it('stops reading early once the marker has arrived, even split across chunks', async () => {
    const page = await get('/head', { overflow: 'truncate', stopAfter: '</head' });
    expect(page.ok && [page.body.toString(), page.complete]).toEqual(['<head><title>H</title></head><body>', false]);
  });

  it('reports error statuses and unreachable hosts without the query string', async () => {
    expect(await get('/missing?token=secret')).toEqual({ ok: false, kind: 'status', status: 404, message: `GET ${base}/missing answered 404 Not Found` });
    expect(await get('http://127.0.0.1:1/spec.json')).toEqual({ ok: false, kind: 'network', message: 'http://127.0.0.1:1/spec.json: connection refused' });
    expect(await get('not a url')).toMatchObject({ ok: false, kind: 'scheme' });
  });
});
