import { Writable } from 'stream';
import { acceptRequestId, createLogger, PinoNestLogger } from './request-log';

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
});
