import { connectBackoffMs, connectWithRetry, createEventStore, redactCredentials } from './adapters';
import { PlatformConfig } from './config/platform-config';
import { MongoReadStore } from './read-store/mongo-read-store';

describe('store connections at start', () => {
  const uri = 'mongodb://app:s3cr%40t@mongo:27017/?replicaSet=rs0';

  it('retries with exponential backoff capped at 5 s, one log line per failed attempt, then connects', async () => {
    const waits: number[] = [];
    const lines: string[] = [];
    let calls = 0;
    const store = await connectWithRetry(
      'MongoDB',
      async () => {
        if (++calls < 8) throw new Error(`connect ECONNREFUSED (${uri})`);
        return 'store';
      },
      {
        attempts: 30,
        uri,
        sleep: async (ms) => {
          waits.push(ms);
        },
        log: (l) => lines.push(l),
      },
    );
    expect(store).toBe('store');
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe('MongoDB not reachable (attempt 1/30): connect ECONNREFUSED (mongodb://***@mongo:27017/?replicaSet=rs0); retrying in 250 ms');
  });

  it('gives up after the configured attempts with an error that names no credential', async () => {
    const lines: string[] = [];
    const failing = connectWithRetry(
      'EventStoreDB',
      async () => {
        throw new Error('bad password s3cr@t for esdb://admin:s3cr@t@es:2113');
      },
      { attempts: 3, uri: 'esdb://admin:s3cr@t@es:2113?tls=false', sleep: async () => undefined, log: (l) => lines.push(l) },
    );
    await expect(failing).rejects.toThrow('EventStoreDB: could not connect after 3 attempts: bad password *** for esdb://***@es:2113');
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l).not.toContain('s3cr');
  });

  it('redacts user info of any URL and the password of the configured one', () => {
    expect(redactCredentials('x mongodb+srv://u:p@h/db y')).toBe('x mongodb+srv://***@h/db y');
    expect(redactCredentials('auth failed for pa:ss', 'mongodb://user:pa%3Ass@h')).toBe('auth failed for ***');
    expect(connectBackoffMs(1)).toBe(250);
    expect(connectBackoffMs(20)).toBe(5000);
  });

  it("the MongoDB adapter bounds each attempt instead of waiting out the driver's 30 s server selection", async () => {
    const started = Date.now();
    await expect(MongoReadStore.connect('mongodb://127.0.0.1:9/?directConnection=true', 'db', 300)).rejects.toThrow('no writable primary within 300 ms');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reads the number of attempts from the configuration', async () => {
    const config = PlatformConfig.fromEnv({ EVENTSTORE_CONNECTION_STRING: 'esdb://127.0.0.1:9?tls=false', STORE_CONNECT_ATTEMPTS: '1' });
    await expect(createEventStore(config)).rejects.toThrow(/^EventStoreDB: could not connect after 1 attempt: /);
  });
});
