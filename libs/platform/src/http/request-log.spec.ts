import * as http from 'http';
import { AddressInfo } from 'net';
import { Writable } from 'stream';
import { acceptRequestId, createLogger, PinoNestLogger, requestLog } from './request-log';

/** One parsed JSON log line; `headers` is the field the redaction test reads. */
type LogLine = Record<string, unknown> & { headers?: Record<string, unknown> };

const capture = () => {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as LogLine),
      );
      done();
    },
  });
  return { lines, stream };
};

describe('request log', () => {
  it('accepts printable request ids of at most 128 characters', () => {
    expect(acceptRequestId('abc-123_./:@')).toBe('abc-123_./:@');
    expect(acceptRequestId('with inner space')).toBe('with inner space');
    expect(acceptRequestId('x'.repeat(128))).toHaveLength(128);
    for (const bad of ['', ' leading', 'trailing ', 'x'.repeat(129), 'nul\u0000', 'tab\t', 'é', undefined, ['a', 'b']]) {
      expect(acceptRequestId(bad)).toBeNull();
    }
  });

  it('rejects an unknown LOG_LEVEL at start', () => {
    expect(() => createLogger('verbose')).toThrow(/LOG_LEVEL: must be one of/);
  });

  it('redacts credentials wherever they are logged by mistake', () => {
    const { lines, stream } = capture();
    const logger = createLogger('info', stream);
    logger.info({ headers: { authorization: 'Bearer gb_api_secret' }, token: 'gb_api_secret', nested: { authorization: 'x' } }, 'oops');
    expect(JSON.stringify(lines)).not.toContain('gb_api_secret');
    expect(lines[0].headers?.authorization).toBe('[redacted]');
  });

  it('writes Nest logs as JSON lines with their context and level', () => {
    const { lines, stream } = capture();
    const nest = new PinoNestLogger(createLogger('info', stream));
    nest.log('Mapped route', 'RoutesResolver');
    nest.error('boom', 'Error: boom\n    at x', 'HTTP');
    nest.debug('hidden below info', 'X');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'Mapped route', context: 'RoutesResolver' }),
      expect.objectContaining({ level: 50, msg: 'boom', context: 'HTTP', stack: 'Error: boom\n    at x' }),
    ]);
  });

  describe.each(['info', 'warn'])('the request log at %s', (level) => {
    /** A server whose handler answers the status in the path (/v1/<status>), after the request log. */
    const serve = async (logger: ReturnType<typeof createLogger>) => {
      const ids: unknown[] = [];
      const mw = requestLog(logger);
      const server = http.createServer((req, res) =>
        mw(req as never, res as never, () => {
          ids.push((req as { id?: unknown }).id);
          res.statusCode = Number(req.url!.split('/')[2]);
          res.end('{}');
        }),
      );
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as AddressInfo).port;
      const get = (p: string, headers: Record<string, string> = {}) =>
        new Promise<http.IncomingMessage>((resolve, reject) => {
          http.get({ host: '127.0.0.1', port, path: p, headers }, (res) => res.resume().on('end', () => resolve(res))).on('error', reject);
        });
      return { ids, get, close: () => new Promise<void>((r) => server.close(() => r())) };
    };

    it('echoes the request id (or makes one), keeps it on the request, and logs a failure with its fields', async () => {
      const { lines, stream } = capture();
      const s = await serve(createLogger(level, stream));
      try {
        const ok = await s.get('/v1/200', { 'x-request-id': 'given-id' });
        expect(ok.headers['x-request-id']).toBe('given-id');
        const failed = await s.get('/v1/500');
        const made = failed.headers['x-request-id'];
        expect(made).toMatch(/^[0-9a-f-]{36}$/);
        expect(s.ids).toEqual(['given-id', made]);
        await new Promise((r) => setImmediate(r));
        const failures = lines.filter((l) => l.level === 50);
        // (path and route come from express; this bare server has neither)
        expect(failures).toEqual([expect.objectContaining({ requestId: made, method: 'GET', route: null, path: '', status: 500, msg: 'request failed' })]);
        expect(typeof failures[0].durationMs).toBe('number');
        // A success has its line at info only.
        const successes = lines.filter((l) => l.msg === 'request completed');
        expect(successes).toEqual(level === 'info' ? [expect.objectContaining({ requestId: 'given-id', status: 200, level: 30 })] : []);
      } finally {
        await s.close();
      }
    });
  });
});
