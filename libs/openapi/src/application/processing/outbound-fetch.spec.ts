import * as http from 'http';
import { AddressInfo } from 'net';
import * as zlib from 'zlib';
import { fetchDocument, FetchLimits } from './outbound-fetch';
import { isPrivateAddress } from './network-guard';

/** A local server with one route per behaviour a spec host can have. */
function specServer() {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/spec.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"openapi":"3.0.3"}');
    if (path === '/gzip') return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('{"zipped":true}'));
    if (path === '/bomb') return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(5_000_000)));
    if (path === '/huge') return void res.writeHead(200).end(Buffer.alloc(200_000, 'a'));
    if (path === '/huge-chunked') {
      res.writeHead(200);
      for (let i = 0; i < 50; i++) res.write(Buffer.alloc(10_000, 'b'));
      return void res.end();
    }
    if (path === '/missing') return void res.writeHead(404).end('nope');
    if (path === '/slow') return void held.push(res);
    if (path === '/slow-body') {
      res.writeHead(200);
      res.write('{"partial":');
      return void held.push(res);
    }
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) return void res.writeHead(302, { location: Number(hop[1]) === 0 ? '/spec.json' : `/hop/${Number(hop[1]) - 1}` }).end();
    if (path === '/loop') return void res.writeHead(301, { location: '/loop' }).end();
    if (path === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    res.writeHead(500).end();
  });
  return {
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      held.forEach((r) => r.destroy());
      await new Promise((r) => server.close(r));
    },
  };
}

describe('outbound fetch', () => {
  const server = specServer();
  let base: string;
  const limits: FetchLimits = { timeoutMs: 2000, maxBytes: 100_000, maxRedirects: 3, allowPrivateNetworks: true };
  beforeAll(async () => {
    base = await server.start();
  });
  afterAll(() => server.stop());

  it('reads a document, following up to maxRedirects redirects', async () => {
    const ok = await fetchDocument(`${base}/spec.json`, limits);
    expect(ok).toMatchObject({ ok: true, contentType: 'application/json', url: `${base}/spec.json` });
    expect(ok.ok && ok.bytes.toString()).toBe('{"openapi":"3.0.3"}');
    expect(await fetchDocument(`${base}/hop/2`, limits)).toMatchObject({ ok: true, url: `${base}/spec.json` });
  });

  it('refuses more redirects than allowed, loops and redirects to other schemes', async () => {
    expect(await fetchDocument(`${base}/hop/3`, limits)).toEqual({ ok: false, code: 'FETCH_ERROR', message: `${base}/hop/0 redirected more than 3 times` });
    expect(await fetchDocument(`${base}/loop`, limits)).toMatchObject({
      ok: false,
      code: 'FETCH_ERROR',
      message: expect.stringContaining('redirected more than 3'),
    });
    expect(await fetchDocument(`${base}/to-file`, limits)).toMatchObject({ ok: false, code: 'FETCH_ERROR', message: expect.stringContaining('file: URL') });
  });

  it('decompresses, and bounds the size before and after decompression', async () => {
    const zipped = await fetchDocument(`${base}/gzip`, limits);
    expect(zipped.ok && zipped.bytes.toString()).toBe('{"zipped":true}');
    for (const path of ['/huge', '/huge-chunked', '/bomb'])
      expect(await fetchDocument(`${base}${path}`, limits)).toEqual({
        ok: false,
        code: 'FETCH_ERROR',
        message: `${base}${path} is larger than 100000 bytes (FETCH_MAX_BYTES)`,
      });
  });

  it('times out on a server that does not answer, or stops in the middle of the body', async () => {
    const quick = { ...limits, timeoutMs: 200 };
    for (const path of ['/slow', '/slow-body'])
      expect(await fetchDocument(`${base}${path}`, quick)).toEqual({
        ok: false,
        code: 'FETCH_TIMEOUT',
        message: `${base}${path} did not answer in full within 200 ms`,
      });
  });

  it('reports error statuses and unreachable hosts without the query string', async () => {
    expect(await fetchDocument(`${base}/missing?token=secret`, limits)).toEqual({
      ok: false,
      code: 'FETCH_ERROR',
      message: `GET ${base}/missing answered 404 Not Found`,
    });
    const refused = await fetchDocument('http://127.0.0.1:1/spec.json', limits);
    expect(refused).toEqual({ ok: false, code: 'FETCH_ERROR', message: 'http://127.0.0.1:1/spec.json: connection refused' });
  });

  it('keeps off private networks unless allowed: literals, names that resolve there, and redirects there', async () => {
    const guarded = { ...limits, allowPrivateNetworks: false };
    for (const url of [`${base}/spec.json`, 'http://localhost:1/spec.json', 'http://[::1]:1/x', 'http://169.254.169.254/latest/meta-data'])
      expect(await fetchDocument(url, guarded)).toMatchObject({
        ok: false,
        code: 'FETCH_ERROR',
        message: expect.stringContaining('FETCH_ALLOW_PRIVATE_NETWORKS'),
      });
  });

  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '[::1]',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', 'example.com', '172.32.0.1']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });
});
